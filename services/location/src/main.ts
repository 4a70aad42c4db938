import { referenceData } from '@pds/contracts';
import { bootService, LogFollower, serveCommands } from '@pds/service-runtime';
import { projectionName } from './import/import-dataset';
import { datasetVersionsProjection } from './read-models/dataset-versions';

// The location service owns the reference datasets: it keeps their read models (which version of each serves, and the
// views the gateway reads) as imports record new versions.
const main = async () => {
  const rt = await bootService('location');
  const versions = new LogFollower({
    store: rt.store,
    name: projectionName,
    categories: [referenceData.datasetStreamCategory],
    logger: rt.logger,
    handle: datasetVersionsProjection,
  });
  await versions.start();
  rt.onShutdown(() => versions.stop());
  const commands = await serveCommands({ bus: rt.bus, topics: rt.topics, service: 'location', logger: rt.logger, handlers: [] });
  rt.onShutdown(() => commands.stop());
  rt.logger.info('location ready');
};

main().catch((err: unknown) => {
  console.error('location failed to start', err);
  process.exit(1);
});

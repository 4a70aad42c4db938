import { bootService, serveCommands } from '@pds/service-runtime';

// Connected and answering health pings; its endpoints arrive with the issues that build them.
const main = async () => {
  const rt = await bootService('land-registry-orders');
  const commands = await serveCommands({ bus: rt.bus, topics: rt.topics, service: 'land-registry-orders', logger: rt.logger, handlers: [] });
  rt.onShutdown(() => commands.stop());
  rt.logger.info('land-registry-orders ready');
};

main().catch((err: unknown) => {
  console.error('land-registry-orders failed to start', err);
  process.exit(1);
});

import { bootService, serveCommands } from '@pds/service-runtime';

// Connected and answering health pings; its endpoints arrive with the issues that build them.
const main = async () => {
  const rt = await bootService('location');
  const commands = await serveCommands({ bus: rt.bus, topics: rt.topics, service: 'location', logger: rt.logger, handlers: [] });
  rt.onShutdown(() => commands.stop());
  rt.logger.info('location ready');
};

main().catch((err: unknown) => {
  console.error('location failed to start', err);
  process.exit(1);
});

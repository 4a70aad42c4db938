import { analysis } from '@pds/contracts';
import { bootService, handler, serveCommands } from '@pds/service-runtime';
import { calculatePurchaseTax } from './purchase-tax/calculate';
import { calculateRenovationUplift } from './renovation-uplift/calculate';

const main = async () => {
  const rt = await bootService('analysis');
  const handlers = [
    // Pure and quick: an answer nobody waits for is not worth computing.
    handler(analysis.CalculateRenovationUplift, async (data) => ({ ok: true, data: calculateRenovationUplift(data) }), {
      dropWhenLate: true,
    }),
    handler(analysis.CalculatePurchaseTax, async (data) => ({ ok: true, data: calculatePurchaseTax(data) }), { dropWhenLate: true }),
  ];
  const commands = await serveCommands({ bus: rt.bus, topics: rt.topics, service: 'analysis', logger: rt.logger, handlers });
  rt.onShutdown(() => commands.stop());
  rt.logger.info('analysis ready');
};

main().catch((err: unknown) => {
  console.error('analysis failed to start', err);
  process.exit(1);
});

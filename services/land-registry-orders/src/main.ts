import { landRegistry, orderEvents } from '@pds/contracts';
import { buildSyntheticTestRegisterResult } from '@pds/land-register';
import { LedgerClient } from '@pds/ledger-client';
import {
  AggregateStore,
  bootService,
  createPool,
  envMs,
  handler,
  LogFollower,
  type RecordedEvent,
  RequestReplyClient,
  serveCommands,
  startKafkaRelay,
} from '@pds/service-runtime';
import { OrderCharges } from './orders/charges';
import { DocumentStore } from './orders/document-store';
import { OrderDriver } from './orders/driver';
import { evolve } from './orders/evolve';
import { initialState, type Order, type OrderEvent } from './orders/order';
import { placeOrderHandler } from './orders/place-order';
import { resolveQuarantineHandler } from './orders/resolve-quarantine';
import { titleOrdersProjection } from './read-models/title-orders';
import { registryFromEnv } from './registry-settings';
import { titleHandlers } from './titles/handlers';
import { proprietorsHandler } from './titles/proprietors';

const parse = (r: RecordedEvent): OrderEvent => orderEvents.OrderEvent.parse({ type: r.type, data: r.data });

const main = async () => {
  const rt = await bootService('land-registry-orders');
  const { registry, where } = registryFromEnv(rt.clock);

  const orders = new AggregateStore<Order, OrderEvent>(rt.store, evolve, initialState, parse);
  const categories = [orderEvents.orderStreamCategory];
  const relay = await startKafkaRelay({ store: rt.store, bus: rt.bus, topics: rt.topics, categories, logger: rt.logger });
  rt.onShutdown(() => relay.stop());
  const projection = new LogFollower({
    store: rt.store,
    name: 'read-model:title-orders',
    categories,
    logger: rt.logger,
    handle: titleOrdersProjection(rt.store),
  });
  await projection.start();
  rt.onShutdown(() => projection.stop());

  const rpc = new RequestReplyClient(rt.bus, rt.topics, rt.config.instanceId, rt.logger);
  await rpc.start();
  rt.onShutdown(() => rpc.stop());
  const db = createPool({ connectionString: rt.config.databaseUrl, max: 4, name: 'land-registry-orders' }, rt.logger);
  rt.onShutdown(() => db.end());

  const driver = new OrderDriver({
    orders,
    charges: new OrderCharges(new LedgerClient(rpc, rt.topics, envMs('LEDGER_TIMEOUT_MS', 5_000))),
    registry,
    documents: new DocumentStore(db),
    db,
    clock: rt.clock,
    logger: rt.logger,
    pollMs: envMs('REGISTRY_POLL_MS', 1_000),
  });
  const sweep = driver.start(envMs('ORDER_SWEEP_MS', 1_000));
  rt.onShutdown(() => sweep.stop());

  const handlers = [
    ...titleHandlers(registry, db),
    proprietorsHandler(registry),
    placeOrderHandler({ orders, driver, registry, clock: rt.clock }),
    resolveQuarantineHandler({ orders, driver, registry, clock: rt.clock }),
    handler(landRegistry.RunTestRegisterExtraction, async () => ({ ok: true, data: await buildSyntheticTestRegisterResult() }), {
      dropWhenLate: true,
    }),
  ];
  const commands = await serveCommands({
    bus: rt.bus,
    topics: rt.topics,
    service: 'land-registry-orders',
    logger: rt.logger,
    handlers,
    ready: rt.databaseAnswers,
  });
  rt.onShutdown(() => commands.stop());
  rt.logger.info({ registry: where }, 'land-registry-orders ready');
};

main().catch((err: unknown) => {
  console.error('land-registry-orders failed to start', err);
  process.exit(1);
});

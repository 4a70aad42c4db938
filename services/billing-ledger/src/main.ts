import { ledgerEvents } from '@pds/contracts';
import { AggregateStore, bootService, LogFollower, serveCommands, startKafkaRelay, type RecordedEvent } from '@pds/service-runtime';
import { evolve, initialState, type Account, type AccountEvent } from './accounts/account';
import { ledgerHandlers } from './accounts/handlers';
import { projectAccountBalances } from './read-models/account-balances';

const parse = (r: RecordedEvent): AccountEvent => ledgerEvents.LedgerEvent.parse({ type: r.type, data: r.data });

const main = async () => {
  const rt = await bootService('billing-ledger');
  const accounts = new AggregateStore<Account, AccountEvent>(rt.store, evolve, initialState, parse);
  const categories = [ledgerEvents.accountStreamCategory];

  const relay = await startKafkaRelay({ store: rt.store, bus: rt.bus, topics: rt.topics, categories, logger: rt.logger });
  rt.onShutdown(() => relay.stop());
  const balances = new LogFollower({ store: rt.store, name: 'read-model:account-balances', categories, logger: rt.logger, handle: projectAccountBalances });
  await balances.start();
  rt.onShutdown(() => balances.stop());

  const commands = await serveCommands({ bus: rt.bus, topics: rt.topics, service: 'billing-ledger', logger: rt.logger, handlers: ledgerHandlers(accounts) });
  rt.onShutdown(() => commands.stop());
  rt.logger.info('billing-ledger ready');
};

main().catch((err: unknown) => {
  console.error('billing-ledger failed to start', err);
  process.exit(1);
});

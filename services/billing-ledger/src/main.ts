import { ledgerEvents } from '@pds/contracts';
import { bootService, createPool, envMs, LogFollower, PostgresSnapshotStore, serveCommands, startKafkaRelay } from '@pds/service-runtime';
import { accountStore } from './accounts/account-store';
import { ledgerBatchHandler } from './accounts/batch-handler';
import { ledgerHandlers } from './accounts/handlers';
import { countRecorded } from './accounts/recorded-metrics';
import { projectAccountBalances } from './read-models/account-balances';
import { projectAccountUsage } from './read-models/account-usage';
import { startReservationOperationsPruning } from './read-models/reservation-operations-pruning';
import { startRefreshScheduler } from './cycles/refresh-scheduler';
import { startExpirySweeper } from './reservations/expiry-sweeper';

const main = async () => {
  const rt = await bootService('billing-ledger');
  const accounts = accountStore(rt.store, {
    onRecorded: countRecorded,
    snapshots: new PostgresSnapshotStore(rt.store.pool),
    onSnapshotError: (error, streamId) =>
      rt.logger.warn({ err: error, streamId }, 'account snapshot not read or written; folding from events'),
  });
  rt.onShutdown(() => accounts.snapshotsSettled());
  const categories = [ledgerEvents.accountStreamCategory];

  const relay = await startKafkaRelay({ store: rt.store, bus: rt.bus, topics: rt.topics, categories, logger: rt.logger });
  rt.onShutdown(() => relay.stop());
  const balances = new LogFollower({
    store: rt.store,
    name: 'read-model:account-balances',
    categories,
    logger: rt.logger,
    handle: projectAccountBalances,
  });
  await balances.start();
  rt.onShutdown(() => balances.stop());
  // Usage by day and operation follows on its own, so the balances (and a revoked key's refusal) never wait for it.
  // It is read within about a second, so a pass takes what arrived over half a second: under load one transaction
  // for hundreds of calls' events instead of one every few.
  const usage = new LogFollower({
    store: rt.store,
    name: 'read-model:account-usage',
    categories,
    logger: rt.logger,
    handle: projectAccountUsage,
    minPassIntervalMs: 500,
  });
  await usage.start();
  rt.onShutdown(() => usage.stop());

  // Longer than the gateway can take to settle a call (its timeouts and retries), short enough to free credits soon.
  const reservationTtlMs = envMs('RESERVATION_TTL_MS', 120_000);
  const db = createPool({ connectionString: rt.config.databaseUrl, max: 4, name: 'billing-ledger' }, rt.logger);
  rt.onShutdown(() => db.end());
  const sweepMs = envMs('RESERVATION_SWEEP_MS', 1_000);
  const sweeper = startExpirySweeper({ db, accounts, intervalMs: sweepMs, logger: rt.logger, clock: rt.clock });
  rt.onShutdown(() => sweeper.stop());
  const refresher = startRefreshScheduler({
    db,
    accounts,
    intervalMs: envMs('REFRESH_SCAN_MS', 5_000),
    logger: rt.logger,
    clock: rt.clock,
  });
  rt.onShutdown(() => refresher.stop());
  const pruning = startReservationOperationsPruning(db, envMs('USAGE_PRUNE_MS', 3_600_000), rt.logger);
  rt.onShutdown(() => pruning.stop());

  const handlers = ledgerHandlers(accounts, rt.clock, reservationTtlMs);
  // Runs of reservations, captures and releases are recorded one transaction per run; LEDGER_BATCHING=off records
  // each command in its own (for comparison in the benchmark).
  const batch = process.env.LEDGER_BATCHING === 'off' ? undefined : ledgerBatchHandler(accounts, rt.clock, reservationTtlMs);
  const commands = await serveCommands({
    bus: rt.bus,
    topics: rt.topics,
    service: 'billing-ledger',
    logger: rt.logger,
    handlers,
    ready: rt.databaseAnswers,
    batch,
  });
  rt.onShutdown(() => commands.stop());
  rt.logger.info('billing-ledger ready');
};

main().catch((err: unknown) => {
  console.error('billing-ledger failed to start', err);
  process.exit(1);
});

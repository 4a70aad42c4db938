import { customerEvents } from '@pds/contracts';
import { AggregateStore, bootService, createPool, envMs, LogFollower, RequestReplyClient, runPeriodically } from '@pds/service-runtime';
import express from 'express';
import { adminRoutes } from './admin/admin-routes';
import { initialState as noCustomer } from './account/identity/customer';
import { evolve as evolveCustomer } from './account/identity/evolve';
import { Passwords } from './account/identity/passwords';
import { createMailer, mailSettingsFromEnv } from './account/mail/mailer';
import { CallCounts } from './account/usage/call-counts';
import { accountPaymentsFromEnv } from './account/payments/account-payments';
import { sweepExpired } from './account/identity/sweep';
import { sweepExpiredClaims } from './idempotency/claims';
import { accountSettingsFromEnv } from './account/settings';
import { projectCustomers } from './read-models/customers';
import { createGatewayServer } from './app';
import { LedgerClient } from '@pds/ledger-client';
import { answerClientErrors } from './http/client-errors';
import type { GatewayDeps } from './deps';
import { ApiKeys } from './auth/api-keys';
import { RateLimiter } from './rate-limits/rate-limiter';
import { startWebhookIntake } from './webhooks/intake';
import { startWebhookSender } from './webhooks/sender';
import { webhookSettingsFromEnv } from './webhooks/settings';
import { systemResolver } from './webhooks/target-guard';

const balanceWaitMs = 2_000;

const main = async () => {
  const rt = await bootService('gateway');
  const db = createPool({ connectionString: rt.config.databaseUrl, max: 20, name: 'gateway' }, rt.logger);
  rt.onShutdown(() => db.end());
  const rpc = new RequestReplyClient(rt.bus, rt.topics, rt.config.instanceId, rt.logger);
  await rpc.start();
  rt.onShutdown(() => rpc.stop());
  const ledger = new LedgerClient(rpc, rt.topics, envMs('LEDGER_TIMEOUT_MS', 5_000));
  const ledgerWithShortWait = new LedgerClient(rpc, rt.topics, balanceWaitMs);

  const rateLimiter = new RateLimiter(db, () => rt.clock.now());
  const webhooks = { settings: webhookSettingsFromEnv(rt.logger), resolve: systemResolver };
  const mailSettings = mailSettingsFromEnv();
  const mailer = mailSettings && createMailer(mailSettings, rt.logger);
  if (mailer) rt.onShutdown(async () => mailer.close());
  const callCounts = new CallCounts(db, rt.logger);
  const countWriter = runPeriodically('call-counts', envMs('CALL_COUNT_FLUSH_MS', 1_000), () => callCounts.flush(), rt.logger);
  // Shutdown runs last-registered first: these run once the server has closed, before the pool ends.
  rt.onShutdown(() => callCounts.flush());
  rt.onShutdown(() => countWriter.stop());
  // The dashboard's customers: a stream each, decided here, projected to `customers` (nobody else reads them).
  const customers = new AggregateStore(rt.store, evolveCustomer, noCustomer, (r) =>
    customerEvents.CustomerEvent.parse({ type: r.type, data: r.data }),
  );
  const customerView = new LogFollower({
    store: rt.store,
    name: 'read-model:customers',
    categories: [customerEvents.customerStreamCategory],
    logger: rt.logger,
    handle: projectCustomers,
  });
  await customerView.start();
  rt.onShutdown(() => customerView.stop());
  const account = {
    db,
    ledger,
    clock: rt.clock,
    customers,
    passwords: new Passwords(Number(process.env.PASSWORD_HASHES_IN_FLIGHT ?? 2)),
    settings: accountSettingsFromEnv(rt.logger),
    ...(mailer ? { mailer } : {}),
  };
  // Expired sessions, links and failed sign-ins are deleted every few minutes (none is honoured once past its time).
  const sweeper = runPeriodically(
    'account-sweep',
    envMs('ACCOUNT_SWEEP_MS', 300_000),
    async () => {
      const swept = await sweepExpired(db, account.settings.session, rt.clock.now());
      if (Object.values(swept).some((n) => n > 0)) rt.logger.info({ swept }, 'expired account records deleted');
    },
    rt.logger,
  );
  rt.onShutdown(() => sweeper.stop());
  // Idempotency keys past their 24 hours (none is honoured once expired; this keeps the table small).
  const keySweeper = runPeriodically(
    'idempotency-sweep',
    envMs('IDEMPOTENCY_SWEEP_MS', 600_000),
    async () => {
      const swept = await sweepExpiredClaims(db, rt.clock.now());
      if (swept > 0) rt.logger.info({ swept }, 'expired idempotency keys deleted');
    },
    rt.logger,
  );
  rt.onShutdown(() => keySweeper.stop());
  const payments = accountPaymentsFromEnv(rt.logger.child({ component: 'payments' }));
  if (!payments) rt.logger.warn('STRIPE_SECRET_KEY is not set: the dashboard cannot take payments');
  const deps: GatewayDeps = {
    db,
    bus: rt.bus,
    rpc,
    ledger,
    topics: rt.topics,
    apiKeys: new ApiKeys(db, rateLimiter),
    clock: rt.clock,
    workTimeoutMs: envMs('WORK_TIMEOUT_MS', 5_000),
    balanceFor: async (ctx, accountId) => {
      const outcome = await ledgerWithShortWait.balance(ctx, accountId).catch(() => undefined);
      return outcome?.ok ? { availableCredits: outcome.data.availableCredits, creditsRefreshAt: outcome.data.creditsRefreshAt } : undefined;
    },
    webhooks,
    callCounts,
    ...(mailer ? { mailer } : {}),
    account: payments ? { ...account, payments } : account,
  };

  const port = Number(process.env.PORT ?? 8080);
  const server = createGatewayServer(deps, rt.logger).listen(port, process.env.HOST ?? '127.0.0.1');
  // Idle keep-alive connections outlive the clients' pools, so that a client never sends a request on a connection
  // the server is closing (Node's 5 s default loses such requests before they are read).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  rt.onShutdown(() => new Promise((resolve) => server.close(resolve)));

  const adminToken = process.env.ADMIN_TOKEN;
  if (adminToken) {
    const admin = express()
      .use(adminRoutes(deps, adminToken))
      .listen(Number(process.env.ADMIN_PORT ?? 8081), process.env.ADMIN_HOST ?? '127.0.0.1');
    // As for the public server: idle connections outlive the clients' pools, so no request lands on a closing one.
    admin.keepAliveTimeout = server.keepAliveTimeout;
    admin.headersTimeout = server.headersTimeout;
    await new Promise<void>((resolve, reject) => admin.once('listening', resolve).once('error', reject));
    rt.onShutdown(() => new Promise((resolve) => admin.close(resolve)));
  }
  // Webhooks: every gateway process takes its share of the intake's partitions and sends what it leases.
  const intake = await startWebhookIntake({ db, clock: rt.clock, bus: rt.bus, topics: rt.topics, logger: rt.logger });
  rt.onShutdown(() => intake.stop());
  const sender = startWebhookSender({ db, clock: rt.clock, settings: webhooks.settings, resolve: webhooks.resolve, logger: rt.logger });
  rt.onShutdown(() => sender.stop());
  rt.logger.info({ port }, 'gateway ready');
};

main().catch((err: unknown) => {
  console.error('gateway failed to start', err);
  process.exit(1);
});

// `npm start`: Kafka, PostgreSQL and the five services on this machine, each restarted when it dies; prints the gateway
// URL and a demo API key.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminClient } from '../admin-client';
import { loadDemoData } from '../demo-data';
import { launchKafka, type LaunchedKafka } from '../kafka';
import { createDatabase } from '../migrate';
import { startDurablePostgres, type RunningPostgres } from '../postgres';
import { defaultRegistryCredentials } from '../registry-simulator/credentials';
import { newStripeWebhookSecret, newWebhookSecretKeys, repoRoot, ServiceStack } from '../stack';
import { Supervisor } from '../supervision/supervisor';
import { serviceNames } from '@pds/contracts';
import { onSupportedNode } from '../runtime';

const runDir = join(repoRoot, '.run');
const logDir = join(runDir, 'logs');
const say = (line: string) => process.stdout.write(`${line}\n`);

const portFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a port number`);
  return value;
};

const demoAccount = async (admin: AdminClient): Promise<{ accountId: string; apiKey: string }> => {
  const file = join(runDir, 'demo-account.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { accountId: string; apiKey: string };
    if (
      await admin.showAccount(saved.accountId).then(
        () => true,
        () => false,
      )
    )
      return saved;
  }
  // A monthly Basic plan (its allowance refreshes each month), with Purchase Balance and ordering enabled to try official copies.
  const created = await admin.createAccount('basic', undefined, { purchaseBalancePence: 5_000, orderingEnabled: true });
  const demo = { accountId: created.accountId, apiKey: created.apiKey };
  writeFileSync(file, JSON.stringify(demo, null, 2), { mode: 0o600 });
  return demo;
};

/** The demo's webhook sealing keys, made once and kept (mode 600), so that secrets registered before a restart still open. */
const webhookSecretKeys = () => {
  const file = join(runDir, 'webhook-secret-keys');
  if (process.env.WEBHOOK_SECRET_KEYS) return process.env.WEBHOOK_SECRET_KEYS;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const keys = newWebhookSecretKeys();
  writeFileSync(file, keys, { mode: 0o600 });
  return keys;
};

/** The Stripe test environment's webhook signing secret, made once and kept (mode 600), as a Stripe endpoint's is. */
const stripeWebhookSecret = () => {
  const file = join(runDir, 'stripe-webhook-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = newStripeWebhookSecret();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

/**
 * The demo data, loaded once everything answers rather than before: health never waits for it, and while it is on its
 * way /healthz says `referenceData: loading` and an answer that needs it is a 503 saying so (not a 404).
 */
const loadDemoDataMeanwhile = (databaseUrl: string, signal: AbortSignal) => {
  const startedMs = Date.now();
  say('Loading the demo data meanwhile (GET /healthz shows how far; answers that need it say so until it is in)...');
  loadDemoData(databaseUrl, say, signal).then(
    () => say(`Demo data loaded (${((Date.now() - startedMs) / 1000).toFixed(1)} s).`),
    (error: unknown) => signal.aborted || say(`Demo data could not all be loaded: ${(error as Error).message}; see the lines above`),
  );
};

const main = async () => {
  onSupportedNode();
  mkdirSync(runDir, { recursive: true });
  const port = portFrom('PORT', 8080);
  const adminPort = portFrom('ADMIN_PORT', 8081);
  // Restarts what it started when it dies (not a broker or database given by KAFKA_BROKERS or DATABASE_URL).
  const supervisor = new Supervisor({ report: (line) => say(`supervisor: ${line}`), stateFile: join(runDir, 'processes.json') });
  // The broker and database started here, replaced by each restart, so that stopping stops the latest.
  let kafka: LaunchedKafka | undefined;
  let postgres: RunningPostgres | undefined;
  let stack: ServiceStack | undefined;

  // Stops an import of the demo data under way (it rolls back, and runs again on the next start).
  const demoLoading = new AbortController();

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('\nstopping services, Kafka and PostgreSQL...');
    demoLoading.abort();
    // First, so that nothing stopped from here on is taken for a death (this waits for a restart under way to finish).
    await supervisor.shutdown();
    await stack?.stop().catch(() => undefined);
    await kafka?.stop().catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
    say('stopped.');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    let kafkaBrokers = process.env.KAFKA_BROKERS;
    if (!kafkaBrokers) {
      say('starting Apache Kafka (KRaft, loopback)...');
      const [dir, kafkaPort, logFile] = [join(runDir, 'kafka'), portFrom('KAFKA_PORT', 9092), join(logDir, 'kafka.log')];
      const start = async () => (kafka = await launchKafka(dir, kafkaPort, logFile));
      kafkaBrokers = (await supervisor.start({ name: 'kafka', logFile, start })).brokers;
    }
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      say('starting PostgreSQL with PostGIS (Debian packages; installed when missing)...');
      // Debian's PostgreSQL with PostGIS; in `.run/postgresql` (earlier versions ran another major version of
      // PostgreSQL in `.run/postgres`, whose files this one cannot read).
      const [dir, pgPort, logFile] = [join(runDir, 'postgresql'), portFrom('PG_PORT', 5433), join(logDir, 'postgresql.log')];
      const start = async () => (postgres = await startDurablePostgres(dir, pgPort, say, logFile));
      databaseUrl = await createDatabase((await supervisor.start({ name: 'postgresql', logFile, start })).adminUrl, 'pds');
    }
    const adminToken = randomBytes(24).toString('base64url');
    say(
      'starting the registry, EPC register, open-data and Stripe test environments, gateway, billing-ledger, land-registry-orders, analysis and location...',
    );
    stack = await ServiceStack.start({
      webhookSecretKeys: webhookSecretKeys(),
      stripeWebhookSecret: stripeWebhookSecret(),
      databaseUrl,
      kafkaBrokers,
      namespace: process.env.TOPIC_NAMESPACE ?? 'pds',
      port,
      adminPort,
      adminToken,
      logDir,
      supervisor,
      mailEnv: { MAIL_SINK_DIR: join(runDir, 'mail') },
    });
    const running = stack;
    const stackFile = join(runDir, 'stack.json');
    writeFileSync(
      stackFile,
      JSON.stringify(
        {
          gatewayUrl: stack.gatewayUrl,
          adminUrl: stack.adminUrl,
          registryUrl: stack.registryUrl,
          registryUsername: defaultRegistryCredentials.username,
          registryPassword: defaultRegistryCredentials.password,
          epcUrl: stack.epcUrl,
          openDataUrl: stack.openDataUrl,
          mailUrl: stack.mailUrl,
          stripeUrl: stack.stripeUrl,
          metricsUrls: Object.fromEntries(serviceNames.map((s) => [s, running.metricsUrl(s)])),
          adminToken,
          databaseUrl,
        },
        null,
        2,
      ),
      { mode: 0o600 },
    );
    chmodSync(stackFile, 0o600);
    const demo = await demoAccount(new AdminClient(stack.adminUrl, adminToken));
    say('');
    say(`Gateway:      ${stack.gatewayUrl}/api/v1`);
    say(`Demo API key: ${demo.apiKey}   (account ${demo.accountId}, Basic plan)`);
    say(
      `Try:          curl -H 'X-API-Key: ${demo.apiKey}' '${stack.gatewayUrl}/api/v1/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20&renovationUplift=10'`,
    );
    say(`              curl -H 'X-API-Key: ${demo.apiKey}' '${stack.gatewayUrl}/api/v1/postcodes/RG30%201AA'   (demo data: the RG area)`);
    const epcExample = `${stack.gatewayUrl}/api/v1/property/epc?uprn=993834386908`;
    say(`              curl -H 'X-API-Key: ${demo.apiKey}' '${epcExample}'   (synthetic certificates)`);
    const crimeExample = `${stack.gatewayUrl}/api/v1/area/crime?postcode=LS1%204AP&radiusMetres=500`;
    say(
      `              curl -H 'X-API-Key: ${demo.apiKey}' '${crimeExample}'   (real police.uk crime, West Yorkshire, 2016-07 and 2017-07)`,
    );
    say(`Docs:         ${stack.gatewayUrl}/docs`);
    say(`Logs:         ${logDir}    Health: ${stack.gatewayUrl}/healthz    Processes: ${join(runDir, 'processes.json')}`);
    say(
      `Registry:     ${stack.registryUrl}   (HM Land Registry Business Gateway test environment: SOAP under /b2b/ECBG_StubService/, REST under /bg2test/api/; user ${defaultRegistryCredentials.username}; controls at /_control)`,
    );
    say(`EPC register: ${stack.epcUrl}   (EPC register test environment, synthetic certificates; controls at /_control)`);
    say(`Open data:    ${stack.openDataUrl}   (police.uk API test environment at /police/api; controls at /_control)`);
    say(
      `Mail:         ${stack.mailUrl}   (every message the services send, caught by a local SMTP sink; also in ${join(runDir, 'mail')}/; controls at /_control)`,
    );
    say(
      `Payments:     ${stack.stripeUrl}   (Stripe test environment: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined; controls at /_control)`,
    );
    say(`Metrics:      ${serviceNames.map((s) => `${s} ${running.metricsUrl(s)}`).join('\n              ')}`);
    say('Press Ctrl-C to stop.');
    say('');
    loadDemoDataMeanwhile(databaseUrl, demoLoading.signal);
  } catch (error) {
    process.stderr.write(`start failed: ${(error as Error).message}\n`);
    await stop(1);
  }
};

void main();

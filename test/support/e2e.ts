import { EpcRegisterControl, MailControl, OpenDataControl, RegistryControl, StripeControl, type Supervisor } from '@pds/infra';
import pg from 'pg';
import { connectTestBus, type TestBus } from './bus';
import { fundedCaller, type Caller, type CallerOptions } from './caller';
import { importWithCli, type ImportSpec, type ImportSummary } from './datasets';
import { startTestStack, type TestStack } from './stack';

// One e2e test file's world: the whole stack, started before its tests and stopped after them (a stack of its own, so
// that files never see each other's data), with what most files want of it made ready first.

export { demoFile, demoLookupWith, onspdSample, sharedDataFile, testDataFile } from './datasets';
export { chargedCredits, expectCharged } from './charging';
export type { Caller } from './caller';
export type { ImportSummary } from './datasets';

export interface FixtureOptions {
  /** Settings for every service; a function when they are known only once the file's earlier hooks have run. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Restarts processes that die, as `npm start`'s does; shut down before the stack stops. */
  supervisor?: Supervisor;
  /** The file's own caller (`world.caller`), opened before the imports. */
  caller?: CallerOptions;
  /** Datasets imported, in order, once the stack is up. */
  imports?: ImportSpec[];
}

export interface World extends Omit<TestStack, 'stop'> {
  /** The caller the options asked for. */
  readonly caller: Caller;
  fundedCaller: (options: CallerOptions) => Promise<Caller>;
  /** Imports a dataset: `files` as given, or without them its demo files and their description, as `npm start` imports them. */
  importDataset: (dataset: string, files?: string[], options?: { synthetic?: string }) => Promise<ImportSummary>;
  importDatasets: (imports: ImportSpec[]) => Promise<ImportSummary[]>;
  /** The stack's database, for what the API does not show (opened on first use). */
  readonly db: pg.Pool;
  /** The test process on the stack's Kafka namespace, sending commands as a service would (connected on first use). */
  testBus: () => Promise<TestBus>;
  /** The test environments' controls; the faults of each one used are cleared after every test. */
  readonly registry: RegistryControl;
  readonly openData: OpenDataControl;
  readonly epcRegister: EpcRegisterControl;
  /** What the services sent, caught by the mail sink; emptied after every test, as the faults are cleared. */
  readonly mail: MailControl;
  readonly stripe: StripeControl;
}

/** Five processes start, then the file's imports run: the budget the slowest files had for both. */
const setUpTimeoutMs = 300_000;

/**
 * Registers the file's beforeAll, afterEach and afterAll; call it once, at the top of the file. Jest runs a file's hooks
 * in the order they are declared: the file's own beforeAll hooks declared after this one run once the stack is up, and
 * its own afterAll hooks once the stack has stopped.
 */
export const e2eFixture = (options: FixtureOptions = {}): World => {
  let started: TestStack | undefined;
  let caller: Caller | undefined;
  let db: pg.Pool | undefined;
  let bus: Promise<TestBus> | undefined;
  let registry: RegistryControl | undefined;
  let openData: OpenDataControl | undefined;
  let epcRegister: EpcRegisterControl | undefined;
  let mail: MailControl | undefined;
  let stripe: StripeControl | undefined;
  const controlsUsed: Array<{ clearFaults: () => Promise<void> }> = [];
  const used = <C extends { clearFaults: () => Promise<void> }>(control: C) => (controlsUsed.push(control), control);

  const t = () => {
    if (!started) throw new Error('the stack starts in beforeAll: use it from a test or a hook');
    return started;
  };
  const importDatasets = async (imports: ImportSpec[]) => {
    const summaries: ImportSummary[] = [];
    for (const spec of imports) summaries.push(await importWithCli(t().databaseUrl, spec));
    return summaries;
  };

  beforeAll(async () => {
    started = await startTestStack(typeof options.env === 'function' ? options.env() : options.env, { supervisor: options.supervisor });
    if (options.caller) caller = await fundedCaller(started, options.caller);
    await importDatasets(options.imports ?? []);
  }, setUpTimeoutMs);
  afterEach(async () => {
    for (const control of controlsUsed) await control.clearFaults();
  });
  afterAll(async () => {
    await bus?.then(
      (b) => b.close(),
      () => undefined,
    );
    await db?.end();
    await options.supervisor?.shutdown();
    await started?.stop();
  });

  return {
    get stack() {
      return t().stack;
    },
    get admin() {
      return t().admin;
    },
    get adminToken() {
      return t().adminToken;
    },
    get databaseUrl() {
      return t().databaseUrl;
    },
    get clock() {
      return t().clock;
    },
    url: (path) => t().url(path),
    call: (path, apiKey) => t().call(path, apiKey),
    send: (method, path, apiKey, body, headers) => t().send(method, path, apiKey, body, headers),
    get caller() {
      if (!caller) throw new Error('no caller: give e2eFixture a `caller`');
      return caller;
    },
    fundedCaller: (callerOptions) => fundedCaller(t(), callerOptions),
    importDataset: async (dataset, files, importOptions = {}) =>
      importWithCli(t().databaseUrl, files ? { dataset, files, synthetic: importOptions.synthetic } : dataset),
    importDatasets,
    get db() {
      return (db ??= new pg.Pool({ connectionString: t().databaseUrl, max: 2 }));
    },
    testBus: () => (bus ??= connectTestBus(t().stack.options.namespace)),
    get registry() {
      return (registry ??= used(new RegistryControl(t().stack.registryUrl)));
    },
    get openData() {
      return (openData ??= used(new OpenDataControl(t().stack.openDataUrl)));
    },
    get epcRegister() {
      return (epcRegister ??= used(new EpcRegisterControl(t().stack.epcUrl)));
    },
    get mail() {
      return (mail ??= used(t().stack.mail));
    },
    get stripe() {
      return (stripe ??= used(new StripeControl(t().stack.stripeUrl)));
    },
  };
};

import { AdminClient, freePort, ServiceStack, type Supervisor } from '@pds/infra';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { businessClock, type BusinessClock } from './business-clock';
import { freshDatabase, testServers, uniqueName } from './environment';

export { freePort };

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: any;
}

export interface TestStack {
  stack: ServiceStack;
  admin: AdminClient;
  /** The operator API's bearer token, for calls the client does not make (error answers, the admin command line). */
  adminToken: string;
  databaseUrl: string;
  url: (path: string) => string;
  call: (path: string, apiKey?: string) => Promise<{ status: number; headers: Headers; body: any }>;
  /** Any API call (`path` under `/api/v1`): a JSON body is sent as JSON; the answer's body is JSON, or the bytes. */
  send: (method: string, path: string, apiKey: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiAnswer>;
  /** Every service's business time at once. */
  clock: BusinessClock;
  stop: () => Promise<void>;
}

/** A PostgreSQL server and a Kafka broker of a test's own, instead of those every file shares. */
export interface OwnServers {
  adminUrl: string;
  kafkaBrokers: string;
}

/**
 * The whole stack (five processes) on the real Kafka and PostgreSQL, in its own database and topic namespace. With a
 * `supervisor` (as `npm start` has), a process that dies is restarted; without, it stays dead until a test starts it.
 */
export const startTestStack = async (
  env: Record<string, string> = {},
  options: { supervisor?: Supervisor; servers?: OwnServers } = {},
): Promise<TestStack> => {
  const servers = { ...testServers(), ...options.servers };
  const databaseUrl = await freshDatabase('e2e', servers.adminUrl);
  const namespace = uniqueName('e2e').replace('_', '-');
  const adminToken = uniqueName('token');
  const logDir = join(servers.workDir, 'logs', namespace);
  mkdirSync(logDir, { recursive: true });
  const clockFile = join(logDir, 'clock.json');
  const clock = businessClock(clockFile);
  clock.reset();
  const stack = await ServiceStack.start({
    databaseUrl,
    kafkaBrokers: servers.kafkaBrokers,
    namespace,
    port: await freePort(),
    adminPort: await freePort(),
    adminToken,
    logDir,
    env: { LOG_LEVEL: 'info', PDS_CLOCK_FILE: clockFile, ...env },
    supervisor: options.supervisor,
  });
  const url = (path: string) => `${stack.gatewayUrl}${path}`;
  return {
    stack,
    admin: new AdminClient(stack.adminUrl, adminToken),
    adminToken,
    databaseUrl,
    url,
    call: async (path, apiKey) => {
      const res = await fetch(url(path), { headers: apiKey ? { 'x-api-key': apiKey } : {}, signal: AbortSignal.timeout(30_000) });
      return { status: res.status, headers: res.headers, body: await res.json() };
    },
    send: async (method, path, apiKey, body, headers = {}) => {
      const res = await fetch(url(`/api/v1${path}`), {
        method,
        headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      const type = res.headers.get('content-type') ?? '';
      return {
        status: res.status,
        headers: res.headers,
        body: type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer()),
      };
    },
    clock,
    stop: () => stack.stop(),
  };
};

import { controlPath } from './control-routes';

// A test's hold on a test environment's controls (control-routes.ts lists them). Each environment's client names its
// fault kind and adds its own controls; a refused call throws with the environment's own error code and message.

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

const callTimeoutMs = 10_000;

/** What an environment's error body says: `{code, message}` or `{error}`, whichever it uses. */
const reasonOf = (body: Record<string, unknown>) =>
  [body.code, body.message, body.error].filter((part): part is string => typeof part === 'string').join(' ');

/** A client of an environment's controls under /_control, to which each environment adds its own. */
export class ControlClient {
  private readonly origin: string;

  /** `url`: any URL of the environment (an API root a service is given); the controls live at its origin. */
  constructor(
    url: string,
    /** Names the environment in errors ("registry", "EPC register", …). */
    private readonly label: string,
  ) {
    this.origin = new URL(url).origin;
  }

  /** Calls the control at `path` under /_control; undefined for 204. */
  protected async call<T>(method: Method, path: string, body?: unknown): Promise<T> {
    const where = `${controlPath}${path}`;
    const res = await fetch(`${this.origin}${where}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(callTimeoutMs),
    });
    if (res.status === 204) return undefined as T;
    const json = (await res.json()) as T & Record<string, unknown>;
    if (!res.ok) throw new Error(`${this.label} control ${method} ${where}: ${res.status} ${reasonOf(json)}`.trim());
    return json;
  }
}

/** The controls of an environment with faults to arm (control-routes.ts). */
export class SimulatorControl<F> extends ControlClient {
  /** Replaces every fault with these; answers what is armed. */
  async setFaults(faults: F[]): Promise<F[]> {
    return (await this.call<{ faults: F[] }>('PUT', '/faults', { faults })).faults;
  }

  /** What is still armed, with `times` counted down. */
  async faults(): Promise<F[]> {
    return (await this.call<{ faults: F[] }>('GET', '/faults')).faults;
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', '/faults');
  }
}

/** The controls of an environment that counts its requests by operation. */
export class CountingSimulatorControl<F, Counts> extends SimulatorControl<F> {
  /** Requests seen so far, by operation. */
  async requests(): Promise<Counts> {
    return this.call('GET', '/requests');
  }

  async resetRequests(): Promise<void> {
    await this.call('DELETE', '/requests');
  }
}

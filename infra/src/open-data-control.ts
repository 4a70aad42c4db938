import type { OpenDataFault, OpenDataOperation } from './open-data-simulator/faults';

export type { OpenDataFault, OpenDataFaultMode, OpenDataOperation } from './open-data-simulator/faults';

/** The open-data test environment's controls, as tests drive them (open-data-simulator/control-routes.ts lists them). */
export class OpenDataControl {
  private readonly origin: string;

  /** `url`: the test environment's root (or any of its API roots: the controls live at its origin). */
  constructor(url: string) {
    this.origin = new URL(url).origin;
  }

  async setFaults(faults: OpenDataFault[]): Promise<OpenDataFault[]> {
    return (await this.call<{ faults: OpenDataFault[] }>('PUT', '/_control/faults', { faults })).faults;
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', '/_control/faults');
  }

  async requests(): Promise<Record<OpenDataOperation, number>> {
    return this.call('GET', '/_control/requests');
  }

  async resetRequests(): Promise<void> {
    await this.call('DELETE', '/_control/requests');
  }

  private async call<T>(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 204) return undefined as T;
    const json = (await res.json()) as T & { error?: string };
    if (!res.ok) throw new Error(`open-data control ${method} ${path}: ${res.status} ${json.error ?? ''}`.trim());
    return json;
  }
}

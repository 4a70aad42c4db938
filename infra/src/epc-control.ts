import type { EpcFault } from './epc-simulator/faults';

export type { EpcFault, EpcFaultMode, EpcFaultOperation } from './epc-simulator/faults';

/** The EPC register test environment's controls, as tests drive them (epc-simulator/control-routes.ts lists them). */
export class EpcRegisterControl {
  private readonly origin: string;

  /** `epcApiUrl`: the API root a service is given (EPC_API_URL); the controls live beside it. */
  constructor(epcApiUrl: string) {
    this.origin = new URL(epcApiUrl).origin;
  }

  async setFaults(faults: EpcFault[]): Promise<EpcFault[]> {
    return (await this.call<{ faults: EpcFault[] }>('PUT', '/_control/faults', { faults })).faults;
  }

  async faults(): Promise<EpcFault[]> {
    return (await this.call<{ faults: EpcFault[] }>('GET', '/_control/faults')).faults;
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', '/_control/faults');
  }

  /** API requests answered so far, by operation. */
  async requests(): Promise<{ search: number; certificate: number }> {
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
    if (!res.ok) throw new Error(`EPC register control ${method} ${path}: ${res.status} ${json.error ?? ''}`.trim());
    return json;
  }
}

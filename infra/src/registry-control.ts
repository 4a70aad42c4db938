import type { Fault } from './registry-simulator/faults';
import type { RegistryOrderRecord } from './registry-simulator/orders';

export type {
  Fault as RegistryFault,
  FaultMode as RegistryFaultMode,
  FaultOperation as RegistryFaultOperation,
} from './registry-simulator/faults';
export type { RegistryOrderRecord, RegistryOrderStatus } from './registry-simulator/orders';

/** The registry test environment's controls, as tests drive them (control-routes.ts lists the endpoints). */
export class RegistryControl {
  private readonly origin: string;

  /** `registryUrl`: the API root a service is given (LAND_REGISTRY_URL); the controls live beside it. */
  constructor(registryUrl: string) {
    this.origin = new URL(registryUrl).origin;
  }

  /** Replaces every fault with these. */
  async setFaults(faults: Fault[]): Promise<Fault[]> {
    return (await this.call<{ faults: Fault[] }>('PUT', '/_control/faults', { faults })).faults;
  }

  /** What is still armed, with `times` counted down. */
  async faults(): Promise<Fault[]> {
    return (await this.call<{ faults: Fault[] }>('GET', '/_control/faults')).faults;
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', '/_control/faults');
  }

  async orders(): Promise<RegistryOrderRecord[]> {
    return (await this.call<{ orders: RegistryOrderRecord[] }>('GET', '/_control/orders')).orders;
  }

  async order(clientReference: string): Promise<RegistryOrderRecord | undefined> {
    return (await this.orders()).find((o) => o.clientReference === clientReference);
  }

  /** Submission attempts by client reference, refused ones included. */
  async submissions(): Promise<Record<string, number>> {
    return (await this.call<{ submissions: Record<string, number> }>('GET', '/_control/orders')).submissions;
  }

  private async call<T>(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 204) return undefined as T;
    const json = (await res.json()) as T & { code?: string; message?: string };
    if (!res.ok) throw new Error(`registry control ${method} ${path}: ${res.status} ${json.code ?? ''} ${json.message ?? ''}`.trim());
    return json;
  }
}

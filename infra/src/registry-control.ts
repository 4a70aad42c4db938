import type { Fault } from './registry-simulator/faults';
import type { RegistryOrderRecord } from './registry-simulator/orders';
import { SimulatorControl } from './simulator-kit/control-client';

export type {
  Fault as RegistryFault,
  FaultMode as RegistryFaultMode,
  FaultOperation as RegistryFaultOperation,
} from './registry-simulator/faults';
export type { RegistryOrderRecord, RegistryOrderStatus } from './registry-simulator/orders';

/** The registry test environment's controls, as tests drive them (registry-simulator/control-routes.ts lists them). */
export class RegistryControl extends SimulatorControl<Fault> {
  /** `registryUrl`: the root a service is given (LAND_REGISTRY_URL), under which Business Gateway's paths and the controls answer. */
  constructor(registryUrl: string) {
    super(registryUrl, 'registry');
  }

  async orders(): Promise<RegistryOrderRecord[]> {
    return (await this.call<{ orders: RegistryOrderRecord[] }>('GET', '/orders')).orders;
  }

  /** The order the registry took under this MessageID (an order's is `businessGateway.orderMessageId(orderId)`). */
  async order(messageId: string): Promise<RegistryOrderRecord | undefined> {
    return (await this.orders()).find((o) => o.messageId === messageId);
  }

  /** Requests by MessageID, refused ones included. */
  async submissions(): Promise<Record<string, number>> {
    return (await this.call<{ submissions: Record<string, number> }>('GET', '/orders')).submissions;
  }
}

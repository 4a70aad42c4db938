import type { Clock, Logger } from '@pds/service-runtime';
import type { RegistryFaultBook } from './faults';
import type { OrderBook } from './orders';

/** Everything the simulator's routes share; the fault and order books are its only changing state (titles are fixed data). */
export interface RegistryState {
  /** Business time: opening hours, acceptance times, the dates printed on copies, `retryAfter`. */
  readonly clock: Clock;
  readonly logger: Logger;
  readonly faults: RegistryFaultBook;
  readonly orders: OrderBook;
  /** Real time from acceptance to completion. */
  readonly fulfilmentDelayMs: number;
}

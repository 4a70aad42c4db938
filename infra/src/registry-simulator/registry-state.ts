import type { businessGateway } from '@pds/land-register';
import type { Clock, Logger } from '@pds/service-runtime';
import type { RegistryFaultBook } from './faults';
import type { CopyRequest } from './soap/copy-requests';
import type { OrderBook } from './orders';

/** Everything the simulator's routes share; the fault and order books and the requests held for polls are its only changing state (titles are fixed data). */
export interface RegistryState {
  /** Business time: opening hours, acceptance times, the dates printed on copies, `retryAfter`. */
  readonly clock: Clock;
  readonly logger: Logger;
  readonly faults: RegistryFaultBook;
  readonly orders: OrderBook;
  /** Real time from acceptance to completion; 0 answers a request with its copies at once. */
  readonly fulfilmentDelayMs: number;
  /** The user it accepts, by username token and basic authentication alike. */
  readonly credentials: { username: string; password: string };
  /** Searches queued (a `delay` fault, the pack's out-of-hours message ids), by MessageID, with when their poll answers. */
  readonly searches: Map<string, { search: businessGateway.PropertyDescriptionSearch; readyAt: Date }>;
  /** Official copy requests queued out of hours, by MessageID: taken at the opening. */
  readonly queuedCopies: Map<string, { readyAt: Date; withSummary: boolean; request: CopyRequest }>;
  /** Register Extract requests for the pack's vendor titles, by MessageID: which title each named. */
  readonly vendorExtracts: Map<string, string>;
  /** MessageIDs whose final answer a poll has collected: no longer outstanding. */
  readonly collected: Set<string>;
  /** Official copy requests taken for processing by hand (copies by post), by MessageID. */
  readonly postal: Map<string, { reference: string; description: string }>;
}

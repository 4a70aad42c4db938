import { FaultBook } from '../simulator-kit/fault-book';
import { faultListProblem, oneOfProblem } from '../simulator-kit/fault-list';

// Faults a test asks the Stripe test environment to show (simulator-kit/fault-book.ts: the first matching fault in
// the order given is taken, `times` counted down). Two kinds:
//
// - on the API, by operation (absent: every operation), taken before the operation runs, so nothing is saved under
//   the request's Idempotency-Key and the client's retry runs it: `api_error` (500 `api_error`, or the `status` given
//   with Stripe's envelope: 429 is `rate_limit`), `slow` (the answer held back `delayMs`, default 10 s);
// - on webhook deliveries, by event type (absent: every type): `duplicate` (delivered, then delivered again with the
//   same event id), `delay` (held `delayMs`, or until released when absent), `reorder` (held until the next event is
//   delivered, so that it arrives after it), taken when an event is made; `drop` (an attempt lost as a closed
//   connection would lose it, retried on the schedule), taken on each attempt.

export const stripeApiOperations = [
  'checkout.sessions.create',
  'checkout.sessions.retrieve',
  'checkout.sessions.expire',
  'subscriptions.retrieve',
  'subscriptions.update',
  'invoices.retrieve',
  'customers.retrieve',
] as const;
export type StripeApiOperation = (typeof stripeApiOperations)[number];

const apiModes = ['api_error', 'slow'] as const;
export const deliveryQueuedModes = ['duplicate', 'delay', 'reorder'] as const;
export const deliveryAttemptModes = ['drop'] as const;
const modes = [...apiModes, ...deliveryQueuedModes, ...deliveryAttemptModes] as const;
export type StripeFaultMode = (typeof modes)[number];

export interface StripeFault {
  mode: StripeFaultMode;
  /** API faults: the operation (absent: every one). */
  operation?: StripeApiOperation;
  /** Delivery faults: the event type (absent: every one). */
  eventType?: string;
  /** api_error: the HTTP status (500 default; 400 to 599). */
  status?: number;
  /** slow, delay: how long. */
  delayMs?: number;
  /** Absent: until cleared. */
  times?: number;
}

/** Where a fault may be taken: an API operation, or a delivery at one of its points. */
export type StripeFaultPoint =
  | { operation: StripeApiOperation }
  | { eventType: string; modes: readonly (typeof deliveryQueuedModes)[number][] | readonly (typeof deliveryAttemptModes)[number][] };

const isApiMode = (mode: StripeFaultMode) => (apiModes as readonly string[]).includes(mode);

export const stripeFaultBook = () =>
  new FaultBook<StripeFault, StripeFaultPoint>({
    matches: (f, at) =>
      'operation' in at
        ? isApiMode(f.mode) && (f.operation === undefined || f.operation === at.operation)
        : (at.modes as readonly string[]).includes(f.mode) && (f.eventType === undefined || f.eventType === at.eventType),
  });

export type StripeFaultBook = ReturnType<typeof stripeFaultBook>;

/** The reason a fault list cannot be armed, or null. */
export const stripeFaultProblem = (faults: unknown): string | null =>
  faultListProblem(faults, {
    kindProblem: (fault, at) => {
      const mode = oneOfProblem(fault.mode, modes, `${at}.mode`);
      if (mode) return mode;
      if (isApiMode(fault.mode as StripeFaultMode)) {
        if (fault.eventType !== undefined) return `${at}.eventType is for delivery faults`;
        const status = fault.status;
        if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599))
          return `${at}.status must be from 400 to 599`;
        return oneOfProblem(fault.operation, stripeApiOperations, `${at}.operation`, true);
      }
      if (fault.operation !== undefined) return `${at}.operation is for API faults`;
      return fault.eventType === undefined || typeof fault.eventType === 'string' ? null : `${at}.eventType must be a string`;
    },
    wholeNumbers: ['delayMs', 'times'],
    maxWholeNumber: 3_600_000,
  });

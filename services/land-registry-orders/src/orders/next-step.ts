import type { Order, PlacedOrder } from './order';
import { failedOrderSettled } from './order';

/**
 * What the order's driver does next. Money first: a decision the registry has made is settled at the ledger before
 * anything else happens to the order, so a crash between the two leaves a step to repeat, never a charge to lose.
 */
export type Step =
  | { kind: 'none' }
  | { kind: 'wait'; until: string }
  | { kind: 'reserve' }
  | { kind: 'capture' }
  | { kind: 'release' }
  | { kind: 'quarantine' }
  | { kind: 'refund' }
  | { kind: 'refund_extraction' }
  | { kind: 'submit' }
  /** A submission was started but its outcome not recorded: ask the registry before submitting again. */
  | { kind: 'check_submission' }
  | { kind: 'poll' }
  | { kind: 'extract' }
  /** A failed order whose money is settled: its end is recorded (`OrderFailed`) for subscribers to follow. */
  | { kind: 'close' };

/** Steps that settle what the ledger holds or took for the order: an operator's resolution takes these before it answers. */
export const settlingSteps: ReadonlySet<Step['kind']> = new Set(['capture', 'release', 'quarantine', 'refund', 'refund_extraction']);

/**
 * How long a started submission is left to the process that started it. Several instances sweep the same orders, and
 * one that found a submission in flight and asked the registry too soon (the first instance's call not yet arrived)
 * would submit again; a process that died mid-call is asked after by another once this has passed. It is longer than
 * any call to the registry may take (`LAND_REGISTRY_TIMEOUT_MS` is refused at start above `registryTimeoutMsMax`).
 */
export const submissionLeaseMs = 20_000;
export const registryTimeoutMsMax = 15_000;

const submissionStep = (o: PlacedOrder, now: Date): Step => {
  if (!o.submissionInFlight) return { kind: 'submit' };
  const leaseEndsMs = Date.parse(o.submissionStartedAt ?? '') + submissionLeaseMs;
  return leaseEndsMs > now.getTime() ? { kind: 'wait', until: new Date(leaseEndsMs).toISOString() } : { kind: 'check_submission' };
};

export const nextStep = (o: Order, now: Date): Step => {
  if (o.status === 'none') return { kind: 'none' };
  if (o.status === 'reserving') return { kind: 'reserve' };
  const charges = o.payment.charges;
  // Held: reserved, or quarantined until an operator had the registry asked what became of the submission.
  const held = charges === 'reserved' || charges === 'quarantined';
  if (o.registryReference && held && o.status !== 'quarantined') return { kind: 'capture' };
  if (o.status === 'failed' && !o.fulfilmentFailed && held) return { kind: 'release' };
  if (o.status === 'quarantined' && charges === 'reserved') return { kind: 'quarantine' };
  // A failed order delivered nothing: whatever was taken is owed back (a fulfilment failure, or a capture the
  // ledger made for an order the registry never received).
  if (o.status === 'failed' && charges === 'captured') return { kind: 'refund' };
  if (o.extraction?.status === 'failed' && o.payment.extraction === 'captured') return { kind: 'refund_extraction' };
  // Closed only once the steps above have settled the money, so a subscriber told "failed" finds nothing still held.
  // A rejected order is never closed: rejected means the ledger refused the reservation at placement (ChargesRefused,
  // nothing held), and the caller had that refusal as the answer to its request (a retry with the same key gets it
  // again), so there is no order for anyone to follow. Every failed order was accepted (202) and failed afterwards.
  if (failedOrderSettled(o) && o.closedAt === null) return { kind: 'close' };
  switch (o.status) {
    case 'waiting_for_registry':
      return o.retryAfter && Date.parse(o.retryAfter) > now.getTime() ? { kind: 'wait', until: o.retryAfter } : { kind: 'submit' };
    case 'submitting':
      return submissionStep(o, now);
    case 'with_registry':
      // Released: the ledger gave the charges back before the acceptance was known; the copies are still delivered.
      return charges === 'captured' || charges === 'released' ? { kind: 'poll' } : { kind: 'none' };
    case 'extracting':
      return o.extraction?.status === 'pending' ? { kind: 'extract' } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
};

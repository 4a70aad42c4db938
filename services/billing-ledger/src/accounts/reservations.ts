import {
  availableCredits,
  availablePence,
  debtPence,
  type Account,
  type AccountEvent,
  type OpenAccount,
  type Reservation,
} from './account';
import type { CommandOf } from './decide';
import { codes, LedgerError, requireOpen } from './ledger-error';

/** Why a paid order may not spend the Purchase Balance, checked in the same decision that reserves it. */
const orderRefusal = (a: OpenAccount): string | undefined => {
  if (!a.orderingEnabled) return codes.orderingNotEnabled;
  if (a.held) return codes.accountHeld;
  if (debtPence(a) > 0) return codes.accountInDebt;
  return undefined;
};

/**
 * Credits and Purchase Balance are reserved together or not at all: one append holds both events. A refusal is
 * recorded too, so a retry of the same reservation id gets the same answer.
 */
export const reserve = (c: CommandOf<'ReserveCredits'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const { accountId, reservationId, amountCredits, amountPence, operation, requestId, purpose } = c.data;
  const existing = account.reservations.get(reservationId);
  if (existing) {
    if (existing.status === 'barred') throw barred(reservationId);
    if (existing.amountCredits !== amountCredits || existing.amountPence !== amountPence) {
      throw new LedgerError(
        codes.reservationMismatch,
        `reservation ${reservationId} was made for ${existing.amountCredits} credits and ${existing.amountPence} pence`,
      );
    }
    return [];
  }
  const credits = availableCredits(account);
  const refusal =
    (purpose === 'official_copy_order' ? orderRefusal(account) : undefined) ??
    (amountPence > availablePence(account) ? codes.insufficientPurchaseBalance : undefined) ??
    (amountCredits > credits ? codes.insufficientCredits : undefined);
  if (refusal) {
    return [
      {
        type: 'CreditReservationRejected',
        data: {
          accountId,
          reservationId,
          amountCredits,
          availableCredits: credits,
          operation,
          requestId,
          ...(refusal !== codes.insufficientCredits ? { reasonCode: refusal } : {}),
          ...(amountPence > 0 ? { amountPence } : {}),
        },
      },
    ];
  }
  const reserved: AccountEvent = {
    type: 'CreditsReserved',
    data: {
      accountId,
      reservationId,
      amountCredits,
      operation,
      requestId,
      expiresAt: c.expiresAt,
      ...(purpose !== 'api_call' ? { purpose } : {}),
    },
  };
  return amountPence === 0 ? [reserved] : [reserved, { type: 'CashReserved', data: { accountId, reservationId, amountPence } }];
};

/** A reservation or charge under an id released before it arrived (see `settle`): it would charge a call settled as free. */
const barred = (reservationId: string) =>
  new LedgerError(codes.reservationReleased, `reservation ${reservationId} was released before it was made; it is never made`);

const alreadyEnded = (reservationId: string, r: Reservation): LedgerError => {
  const code =
    r.status === 'captured' ? codes.reservationCaptured : r.status === 'expired' ? codes.reservationExpired : codes.reservationReleased;
  return new LedgerError(code, `reservation ${reservationId} is already ${r.status}`);
};

const requireReservation = (account: OpenAccount, reservationId: string): Reservation => {
  const r = account.reservations.get(reservationId);
  if (!r || r.status === 'rejected') throw new LedgerError(codes.reservationNotFound, `no reservation ${reservationId}`);
  return r;
};

/**
 * Reserves and captures in one event, for work whose answer is ready: the reservation is never left pending, so it
 * has no expiry. Short of credits, the refusal is recorded as a reservation's would be. A repeat of the id gets the
 * first answer: charged, refused, or (if a release came first) released.
 */
export const charge = (c: CommandOf<'ChargeCredits'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const { accountId, reservationId, amountCredits, operation, requestId } = c.data;
  const existing = account.reservations.get(reservationId);
  if (existing) {
    if (existing.status === 'barred') throw barred(reservationId);
    if (existing.amountCredits !== amountCredits || existing.amountPence !== 0) {
      throw new LedgerError(codes.reservationMismatch, `reservation ${reservationId} was made for ${existing.amountCredits} credits`);
    }
    if (existing.status === 'captured' || existing.status === 'rejected') return [];
    if (existing.status === 'pending' || existing.status === 'quarantined') {
      throw new LedgerError(codes.reservationMismatch, `reservation ${reservationId} is held for work still to settle, not charged`);
    }
    throw alreadyEnded(reservationId, existing);
  }
  const credits = availableCredits(account);
  if (amountCredits > credits) {
    return [
      {
        type: 'CreditReservationRejected',
        data: { accountId, reservationId, amountCredits, availableCredits: credits, operation, requestId },
      },
    ];
  }
  return [{ type: 'CreditsCharged', data: { accountId, reservationId, amountCredits, operation, requestId } }];
};

/**
 * Capture takes, release gives back, both parts of a pending or quarantined reservation. A release asked to bar an id
 * never made records the bar instead (`barUnmade`): whoever settles a call whose reservation or charge may still be on
 * its way learns "nothing was charged" as a fact, not as a state a later arrival could change.
 */
export const settle = (c: CommandOf<'CaptureCredits'> | CommandOf<'ReleaseCredits'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const { reservationId } = c.data;
  if (c.type === 'ReleaseCredits' && c.data.barUnmade && !account.reservations.has(reservationId)) {
    return [{ type: 'ReservationBarred', data: { accountId: account.accountId, reservationId, reason: c.data.reason } }];
  }
  const r = requireReservation(account, reservationId);
  const target = c.type === 'CaptureCredits' ? 'captured' : 'released';
  if (r.status === target || (c.type === 'ReleaseCredits' && r.status === 'barred')) return [];
  if (r.status !== 'pending' && r.status !== 'quarantined') throw alreadyEnded(reservationId, r);
  const base = { accountId: account.accountId, reservationId };
  const credits: AccountEvent =
    c.type === 'CaptureCredits'
      ? { type: 'CreditsCaptured', data: { ...base, amountCredits: r.amountCredits } }
      : { type: 'CreditsReleased', data: { ...base, amountCredits: r.amountCredits, reason: c.data.reason } };
  if (r.amountPence === 0) return [credits];
  const cash: AccountEvent =
    c.type === 'CaptureCredits'
      ? { type: 'CashCaptured', data: { ...base, amountPence: r.amountPence } }
      : { type: 'CashReleased', data: { ...base, amountPence: r.amountPence, reason: c.data.reason } };
  return [credits, cash];
};

/** Holds a reservation whose outcome is unknown: it stays reserved, and is never expired, until captured or released. */
export const quarantine = (c: CommandOf<'QuarantineReservation'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const r = requireReservation(account, c.data.reservationId);
  if (r.status === 'quarantined') return [];
  if (r.status !== 'pending') throw alreadyEnded(c.data.reservationId, r);
  const { accountId, reservationId, reason } = c.data;
  return [
    {
      type: 'ReservationQuarantined',
      data: { accountId, reservationId, amountCredits: r.amountCredits, amountPence: r.amountPence, reason },
    },
  ];
};

/** Gives back what a capture took, never more than it took; a refund id is recorded once. */
export const refund = (c: CommandOf<'RefundCapture'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const { accountId, reservationId, refundId, amountCredits, amountPence, reason } = c.data;
  const previous = account.refunds.get(refundId);
  if (previous) {
    const same =
      previous.reservationId === reservationId && previous.amountCredits === amountCredits && previous.amountPence === amountPence;
    if (same) return [];
    throw new LedgerError(codes.refundMismatch, `refund ${refundId} was made for a different amount or reservation`);
  }
  const r = requireReservation(account, reservationId);
  if (r.status !== 'captured')
    throw new LedgerError(codes.reservationNotCaptured, `reservation ${reservationId} is ${r.status}, not captured`);
  if (r.refundedCredits + amountCredits > r.amountCredits || r.refundedPence + amountPence > r.amountPence) {
    throw new LedgerError(
      codes.refundExceedsCapture,
      `reservation ${reservationId} captured ${r.amountCredits} credits and ${r.amountPence} pence`,
    );
  }
  const events: AccountEvent[] = [];
  if (amountCredits > 0) events.push({ type: 'CreditsRefunded', data: { accountId, reservationId, refundId, amountCredits, reason } });
  if (amountPence > 0) events.push({ type: 'CashRefunded', data: { accountId, reservationId, refundId, amountPence, reason } });
  return events;
};

/** Voids a reservation still pending at its expiry; anything else (settled, quarantined, not yet due, unknown) changes nothing. */
export const expire = (c: CommandOf<'ExpireReservation'>, state: Account): AccountEvent[] => {
  if (state.status !== 'open') return [];
  const r = state.reservations.get(c.data.reservationId);
  if (!r || r.status !== 'pending' || !r.expiresAt || Date.parse(r.expiresAt) > Date.parse(c.now)) return [];
  return [
    {
      type: 'CreditReservationExpired',
      data: {
        ...c.data,
        amountCredits: r.amountCredits,
        ...(r.amountPence > 0 ? { amountPence: r.amountPence } : {}),
        expiresAt: r.expiresAt,
      },
    },
  ];
};

import { billing, type z } from '@pds/contracts';
import { availableCredits, type Account, type AccountEvent, type OpenAccount } from './account';

type Data<S extends { data: z.ZodTypeAny }> = z.output<S['data']>;
export type AccountCommand =
  | { type: 'OpenAccount'; data: Data<typeof billing.OpenAccount>; now: string }
  | { type: 'GrantCredits'; data: Data<typeof billing.GrantCredits> }
  | { type: 'ReserveCredits'; data: Data<typeof billing.ReserveCredits>; expiresAt: string }
  | { type: 'CaptureCredits'; data: Data<typeof billing.CaptureCredits> }
  | { type: 'ReleaseCredits'; data: Data<typeof billing.ReleaseCredits> }
  | { type: 'ExpireReservation'; data: { accountId: string; reservationId: string }; now: string };

/** A business rule said no; the code travels to the caller unchanged. */
export class LedgerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const codes = billing.ledgerErrorCodes;

const requireOpen = (state: Account, accountId: string): OpenAccount => {
  if (state.status !== 'open') throw new LedgerError(codes.accountNotFound, `account ${accountId} does not exist`);
  return state;
};

const openAccount = (c: Extract<AccountCommand, { type: 'OpenAccount' }>, state: Account): AccountEvent[] => {
  if (state.status === 'open') {
    // The same command again (a retry) changes nothing; a different one for the same id is refused.
    if (state.apiKeyHash === c.data.apiKeyHash && state.plan === c.data.plan) return [];
    throw new LedgerError(codes.accountExists, `account ${c.data.accountId} already exists`);
  }
  const { accountId, plan, apiKeyHash, apiKeyPrefix, openingCredits, rateLimits } = c.data;
  if (rateLimits && plan !== 'enterprise') throw new LedgerError(codes.customLimitsNotAllowed, 'only Enterprise accounts have custom rate limits');
  const opened: AccountEvent = {
    type: 'AccountOpened',
    data: { accountId, plan, apiKeyHash, apiKeyPrefix, openedAt: c.now, ...(rateLimits ? { rateLimits } : {}) },
  };
  if (openingCredits === 0) return [opened];
  return [opened, { type: 'CreditsGranted', data: { accountId, grantId: 'opening', amountCredits: openingCredits, reason: 'opening balance' } }];
};

const reserve = (c: Extract<AccountCommand, { type: 'ReserveCredits' }>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const existing = account.reservations.get(c.data.reservationId);
  if (existing) {
    if (existing.amountCredits !== c.data.amountCredits) {
      throw new LedgerError(codes.reservationMismatch, `reservation ${c.data.reservationId} was made for ${existing.amountCredits} credits`);
    }
    return [];
  }
  const available = availableCredits(account);
  if (available < c.data.amountCredits) return [{ type: 'CreditReservationRejected', data: { ...c.data, availableCredits: available } }];
  return [{ type: 'CreditsReserved', data: { ...c.data, expiresAt: c.expiresAt } }];
};

const settle = (c: Extract<AccountCommand, { type: 'CaptureCredits' | 'ReleaseCredits' }>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const r = account.reservations.get(c.data.reservationId);
  if (!r || r.status === 'rejected') throw new LedgerError(codes.reservationNotFound, `no reservation ${c.data.reservationId}`);
  const target = c.type === 'CaptureCredits' ? 'captured' : 'released';
  if (r.status === target) return [];
  if (r.status !== 'pending') {
    const code = r.status === 'captured' ? codes.reservationCaptured : r.status === 'expired' ? codes.reservationExpired : codes.reservationReleased;
    throw new LedgerError(code, `reservation ${c.data.reservationId} is already ${r.status}`);
  }
  const base = { accountId: account.accountId, reservationId: c.data.reservationId, amountCredits: r.amountCredits };
  return c.type === 'CaptureCredits'
    ? [{ type: 'CreditsCaptured', data: base }]
    : [{ type: 'CreditsReleased', data: { ...base, reason: c.data.reason } }];
};

/** Voids a reservation still pending at its expiry; anything else (settled, not yet due, unknown) changes nothing. */
const expire = (c: Extract<AccountCommand, { type: 'ExpireReservation' }>, state: Account): AccountEvent[] => {
  if (state.status !== 'open') return [];
  const r = state.reservations.get(c.data.reservationId);
  if (!r || r.status !== 'pending' || !r.expiresAt || Date.parse(r.expiresAt) > Date.parse(c.now)) return [];
  return [{ type: 'CreditReservationExpired', data: { ...c.data, amountCredits: r.amountCredits, expiresAt: r.expiresAt } }];
};

/** Pure: what a command does to an account. Repeating a command returns no new events. */
export const decide = (command: AccountCommand, state: Account): AccountEvent[] => {
  switch (command.type) {
    case 'OpenAccount':
      return openAccount(command, state);
    case 'GrantCredits': {
      const account = requireOpen(state, command.data.accountId);
      if (account.grantIds.has(command.data.grantId)) return [];
      return [{ type: 'CreditsGranted', data: command.data }];
    }
    case 'ReserveCredits':
      return reserve(command, state);
    case 'CaptureCredits':
    case 'ReleaseCredits':
      return settle(command, state);
    case 'ExpireReservation':
      return expire(command, state);
  }
};

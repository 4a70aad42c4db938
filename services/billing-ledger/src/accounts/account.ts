import type { billing, ledgerEvents } from '@pds/contracts';

export type AccountEvent = ledgerEvents.LedgerEvent;

export type ReservationStatus = 'pending' | 'captured' | 'released' | 'expired' | 'rejected';
export interface Reservation {
  amountCredits: number;
  status: ReservationStatus;
  /** When the ledger voids it if still pending; absent on reservations made before expiry existed. */
  expiresAt?: string;
}

export type Account =
  | { status: 'none' }
  | {
      status: 'open';
      accountId: string;
      plan: billing.Plan;
      apiKeyHash: string;
      grantedCredits: number;
      capturedCredits: number;
      /** Sum of pending reservations: held, not yet spent. */
      reservedCredits: number;
      reservations: ReadonlyMap<string, Reservation>;
      grantIds: ReadonlySet<string>;
    };
export type OpenAccount = Extract<Account, { status: 'open' }>;

export const initialState = (): Account => ({ status: 'none' });

/** Credits the caller can spend now: granted, less spent, less held by pending reservations. */
export const availableCredits = (a: OpenAccount) => a.grantedCredits - a.capturedCredits - a.reservedCredits;

const settle = (a: OpenAccount, reservationId: string, status: 'captured' | 'released' | 'expired'): OpenAccount => {
  const r = a.reservations.get(reservationId);
  if (!r || r.status !== 'pending') return a;
  const reservations = new Map(a.reservations).set(reservationId, { ...r, status });
  return {
    ...a,
    reservations,
    reservedCredits: a.reservedCredits - r.amountCredits,
    capturedCredits: a.capturedCredits + (status === 'captured' ? r.amountCredits : 0),
  };
};

export const evolve = (state: Account, event: AccountEvent): Account => {
  if (event.type === 'AccountOpened') {
    return {
      status: 'open',
      accountId: event.data.accountId,
      plan: event.data.plan,
      apiKeyHash: event.data.apiKeyHash,
      grantedCredits: 0,
      capturedCredits: 0,
      reservedCredits: 0,
      reservations: new Map(),
      grantIds: new Set(),
    };
  }
  if (state.status !== 'open') return state;
  switch (event.type) {
    case 'CreditsGranted':
      return {
        ...state,
        grantedCredits: state.grantedCredits + event.data.amountCredits,
        grantIds: new Set(state.grantIds).add(event.data.grantId),
      };
    case 'CreditsReserved':
      return {
        ...state,
        reservedCredits: state.reservedCredits + event.data.amountCredits,
        reservations: new Map(state.reservations).set(event.data.reservationId, {
          amountCredits: event.data.amountCredits,
          status: 'pending',
          ...(event.data.expiresAt ? { expiresAt: event.data.expiresAt } : {}),
        }),
      };
    case 'CreditReservationRejected':
      return {
        ...state,
        reservations: new Map(state.reservations).set(event.data.reservationId, { amountCredits: event.data.amountCredits, status: 'rejected' }),
      };
    case 'CreditsCaptured':
      return settle(state, event.data.reservationId, 'captured');
    case 'CreditsReleased':
      return settle(state, event.data.reservationId, 'released');
    case 'CreditReservationExpired':
      return settle(state, event.data.reservationId, 'expired');
    default:
      return state;
  }
};

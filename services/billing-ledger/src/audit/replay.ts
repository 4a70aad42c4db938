import { ledgerEvents } from '@pds/contracts';
import { availableCredits, evolve, initialState, type Account, type AccountEvent } from '../accounts/account';

export interface AuditedEvent {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  recordedAt: string;
}

export interface AccountAudit {
  accountId: string;
  plan: string;
  events: number;
  grantedCredits: number;
  capturedCredits: number;
  reservedCredits: number;
  availableCredits: number;
  openReservations: number;
  problems: string[];
}

interface Replaying {
  state: Account;
  events: number;
  problems: string[];
}

/**
 * What the ledger must never show, checked event by event before `evolve` (which, being lenient, would skip an
 * impossible settlement silently): a balance below zero, a settlement that does not match exactly one pending
 * reservation of the same amount, a reservation or grant recorded twice.
 */
const check = (r: Replaying, e: AccountEvent): string | undefined => {
  const s = r.state;
  if (e.type === 'AccountOpened') return s.status === 'open' ? 'account opened twice' : undefined;
  if (s.status !== 'open') return `${e.type} before the account was opened`;
  switch (e.type) {
    case 'CreditsGranted':
      return s.grantIds.has(e.data.grantId) ? `grant ${e.data.grantId} recorded twice` : undefined;
    case 'CreditsReserved':
      if (s.reservations.has(e.data.reservationId)) return `reservation ${e.data.reservationId} recorded twice`;
      return availableCredits(s) < e.data.amountCredits ? `reservation ${e.data.reservationId} overdraws the balance` : undefined;
    case 'CreditReservationRejected':
      return s.reservations.has(e.data.reservationId) ? `reservation ${e.data.reservationId} recorded twice` : undefined;
    case 'CreditsCaptured':
    case 'CreditsReleased':
    case 'CreditReservationExpired': {
      const reservation = s.reservations.get(e.data.reservationId);
      if (!reservation) return `${e.type} of unknown reservation ${e.data.reservationId}`;
      if (reservation.status !== 'pending') return `${e.type} of reservation ${e.data.reservationId} already ${reservation.status}`;
      if (reservation.amountCredits !== e.data.amountCredits) return `${e.type} of ${e.data.amountCredits} for a reservation of ${reservation.amountCredits}`;
      return undefined;
    }
  }
};

/** Replays ledger events in log order and audits every account; `now` and `overdueAfterMs` judge reservations left open. */
export class LedgerReplay {
  private readonly accounts = new Map<string, Replaying>();

  apply(recorded: AuditedEvent): void {
    const parsed = ledgerEvents.LedgerEvent.safeParse({ type: recorded.type, data: recorded.data });
    const accountId = recorded.streamId.slice(`${ledgerEvents.accountStreamCategory}-`.length);
    const r = this.accounts.get(accountId) ?? { state: initialState(), events: 0, problems: [] };
    this.accounts.set(accountId, r);
    r.events += 1;
    if (!parsed.success) {
      r.problems.push(`unreadable ${recorded.type} event at ${recorded.recordedAt}`);
      return;
    }
    const problem = check(r, parsed.data);
    if (problem) r.problems.push(`${problem} (${recorded.recordedAt})`);
    else r.state = evolve(r.state, parsed.data);
  }

  results(now: Date, overdueAfterMs: number): AccountAudit[] {
    return [...this.accounts.entries()].map(([accountId, r]) => {
      const s = r.state;
      if (s.status !== 'open') {
        return { accountId, plan: '', events: r.events, grantedCredits: 0, capturedCredits: 0, reservedCredits: 0, availableCredits: 0, openReservations: 0, problems: [...r.problems, 'stream without AccountOpened'] };
      }
      const open = [...s.reservations.entries()].filter(([, v]) => v.status === 'pending');
      const problems = [...r.problems];
      const openTotal = open.reduce((sum, [, v]) => sum + v.amountCredits, 0);
      if (openTotal !== s.reservedCredits) problems.push(`reserved total ${s.reservedCredits} differs from open reservations ${openTotal}`);
      if (availableCredits(s) < 0) problems.push(`balance below zero: ${availableCredits(s)}`);
      for (const [id, v] of open) {
        if (v.expiresAt && Date.parse(v.expiresAt) + overdueAfterMs < now.getTime()) problems.push(`reservation ${id} still open ${overdueAfterMs / 1000} s past its expiry`);
      }
      return {
        accountId,
        plan: s.plan,
        events: r.events,
        grantedCredits: s.grantedCredits,
        capturedCredits: s.capturedCredits,
        reservedCredits: s.reservedCredits,
        availableCredits: availableCredits(s),
        openReservations: open.length,
        problems,
      };
    });
  }
}

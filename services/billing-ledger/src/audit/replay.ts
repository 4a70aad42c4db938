import { ledgerEvents } from '@pds/contracts';
import { EventCannotApply } from '@pds/service-runtime';
import { availableCredits, availablePence, debtPence, initialState, type Account, type OpenAccount } from '../accounts/account';
import { evolve } from '../accounts/evolve';
import { violation } from './invariants';
import { paymentClosingProblems } from './payment-invariants';

export interface AuditedEvent {
  streamId: string;
  streamPosition: number;
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
  refundedCredits: number;
  reservedCredits: number;
  availableCredits: number;
  depositedPence: number;
  capturedPence: number;
  refundedPence: number;
  reservedPence: number;
  quarantinedPence: number;
  availablePence: number;
  debtPence: number;
  openReservations: number;
  quarantinedReservations: number;
  problems: string[];
}

const empty = {
  grantedCredits: 0,
  capturedCredits: 0,
  refundedCredits: 0,
  reservedCredits: 0,
  availableCredits: 0,
  depositedPence: 0,
  capturedPence: 0,
  refundedPence: 0,
  reservedPence: 0,
  quarantinedPence: 0,
  availablePence: 0,
  debtPence: 0,
  openReservations: 0,
  quarantinedReservations: 0,
};

/** End-of-replay checks: held totals equal the open reservations, nothing below zero, nothing stranded past its expiry. */
const closingProblems = (s: OpenAccount, now: Date, overdueAfterMs: number): string[] => {
  const problems: string[] = [];
  const held = [...s.reservations.entries()].filter(([, v]) => v.status === 'pending' || v.status === 'quarantined');
  const heldCredits = held.reduce((sum, [, v]) => sum + (v.creditsOpen ? v.amountCredits : 0), 0);
  const heldPence = held.reduce((sum, [, v]) => sum + (v.cashOpen ? v.amountPence : 0), 0);
  const quarantinedPence = held.reduce((sum, [, v]) => sum + (v.status === 'quarantined' && v.cashOpen ? v.amountPence : 0), 0);
  if (heldCredits !== s.reservedCredits) problems.push(`reserved total ${s.reservedCredits} differs from open reservations ${heldCredits}`);
  if (heldPence !== s.reservedPence) problems.push(`reserved cash ${s.reservedPence} differs from open reservations ${heldPence}`);
  if (quarantinedPence !== s.quarantinedPence)
    problems.push(`quarantined cash ${s.quarantinedPence} differs from quarantined reservations ${quarantinedPence}`);
  if (availableCredits(s) < 0) problems.push(`balance below zero: ${availableCredits(s)}`);
  if (availablePence(s) < 0) problems.push(`Purchase Balance below zero: ${availablePence(s)}`);
  problems.push(...paymentClosingProblems(s));
  for (const [id, v] of held) {
    if (v.status === 'pending' && v.expiresAt && Date.parse(v.expiresAt) + overdueAfterMs < now.getTime()) {
      problems.push(`reservation ${id} still open ${overdueAfterMs / 1000} s past its expiry`);
    }
  }
  return problems;
};

interface Replaying {
  state: Account;
  events: number;
  problems: string[];
}

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
    const problem = violation(r.state, parsed.data);
    if (problem) r.problems.push(`${problem} (${recorded.recordedAt})`);
    else r.state = this.applied(r, recorded, parsed.data);
  }

  /**
   * An event the invariants pass but the account cannot take is a problem of its account, reported with its stream
   * and position and skipped like any other, so the rest of the ledger is still audited. Anything else thrown is a
   * fault of the audit itself: it stops the audit, saying where.
   */
  private applied(r: Replaying, recorded: AuditedEvent, event: ledgerEvents.LedgerEvent): Account {
    const { streamId, streamPosition } = recorded;
    try {
      return evolve(r.state, event);
    } catch (error) {
      const where = `${recorded.type} at ${streamId} position ${streamPosition}`;
      if (!(error instanceof EventCannotApply)) throw new Error(`replaying ${where}: ${(error as Error).message}`, { cause: error });
      r.problems.push(`${error.at({ streamId, streamPosition }).message} (${recorded.recordedAt})`);
      return r.state;
    }
  }

  results(now: Date, overdueAfterMs: number): AccountAudit[] {
    return [...this.accounts.entries()].map(([accountId, r]) => {
      const s = r.state;
      if (s.status !== 'open')
        return { accountId, plan: '', events: r.events, ...empty, problems: [...r.problems, 'stream without AccountOpened'] };
      const held = [...s.reservations.values()];
      return {
        accountId,
        plan: s.plan,
        events: r.events,
        grantedCredits: s.grantedCredits,
        capturedCredits: s.capturedCredits,
        refundedCredits: s.refundedCredits,
        reservedCredits: s.reservedCredits,
        availableCredits: availableCredits(s),
        depositedPence: s.depositedPence,
        capturedPence: s.capturedPence,
        refundedPence: s.refundedPence,
        reservedPence: s.reservedPence,
        quarantinedPence: s.quarantinedPence,
        availablePence: availablePence(s),
        debtPence: debtPence(s),
        openReservations: held.filter((v) => v.status === 'pending').length,
        quarantinedReservations: held.filter((v) => v.status === 'quarantined').length,
        problems: [...r.problems, ...closingProblems(s, now, overdueAfterMs)],
      };
    });
  }
}

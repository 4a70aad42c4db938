import { ledgerEvents } from '@pds/contracts';
import fc from 'fast-check';
import { anyStep, commandOf, open, start } from '../../../../test/support/decided-account-streams';
import { violation } from '../audit/invariants';
import { paymentClosingProblems } from '../audit/payment-invariants';
import { availableCredits, initialState, type Account, type AccountEvent } from './account';
import { accountDecider, LedgerError } from './decide';
import { evolve } from './evolve';

// Whatever commands arrive, in whatever order and at whatever times, every event decide records must apply: an
// evolve that refused one would make the account unreadable. Random runs of every command over a few reservations,
// refunds, deposits and debts, with time moving on by seconds to weeks (so expiries and monthly refreshes happen).

describe('every stream decide can write', () => {
  it('applies event by event, passes the audit invariants, and folds from the start to the same state', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(open, fc.array(anyStep, { minLength: 10, maxLength: 60, size: 'max' }), (first, rest) => {
        let at = start;
        let state: Account = initialState();
        const stream: AccountEvent[] = [];
        for (const s of [first, ...rest]) {
          at += s.afterMs;
          let decided: AccountEvent[];
          try {
            decided = accountDecider.decide(commandOf(s, at), state);
          } catch (error) {
            if (error instanceof LedgerError) continue; // a refusal is the decider's answer, and records nothing
            throw error;
          }
          for (const event of decided) {
            expect(violation(state, event)).toBeUndefined();
            state = evolve(state, event);
            seen.add(event.type);
          }
          stream.push(...decided);
          if (state.status === 'open') {
            expect(availableCredits(state)).toBeGreaterThanOrEqual(0);
            expect(paymentClosingProblems(state)).toEqual([]);
          }
        }
        expect(stream.reduce(evolve, initialState())).toEqual(state);
      }),
      { numRuns: 500 },
    );
    // The runs reached every kind of event, so none of them went untested.
    expect([...seen].sort()).toEqual(ledgerEvents.LedgerEvent.options.map((o) => o.shape.type.value).sort());
  });
});

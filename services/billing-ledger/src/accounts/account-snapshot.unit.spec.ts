import '../../../../test/support/reservation-book-equality';
import fc from 'fast-check';
import { anyStep, commandOf, open, start, type Step } from '../../../../test/support/decided-account-streams';
import { initialState, type Account, type AccountEvent } from './account';
import { accountSnapshotEveryEvents, deserialiseAccount, serialiseAccount } from './account-snapshot';
import { decide, LedgerError } from './decide';
import { evolve } from './evolve';
import { ReservationBook } from './reservation-book';

// A snapshot never changes what is decided: the state read back from a snapshot and folded on with the events after it
// is the state folded from the first event, whichever event the snapshot was taken after. The streams are decided as
// the ledger decides them, each event given the business time of its decision, so settled calls are forgotten on the
// way (time moves on by up to 8 days a step, past the 7 days a call is remembered).

/** Through JSON, as a snapshot goes to PostgreSQL and back. */
const roundTrip = (state: Account): Account => deserialiseAccount(JSON.parse(JSON.stringify(serialiseAccount(state))));

const makesReservation = new Set<AccountEvent['type']>(['CreditsReserved', 'CreditsCharged', 'CreditReservationRejected']);

const decideStream = (steps: Step[]) => {
  let at = start;
  let state: Account = initialState();
  const stream: AccountEvent[] = [];
  let forgotten = 0;
  for (const s of steps) {
    at += s.afterMs;
    let decided: AccountEvent[];
    try {
      decided = decide(commandOf(s, at), state);
    } catch (error) {
      if (error instanceof LedgerError) continue;
      throw error;
    }
    for (const event of decided.map((e) => ({ ...e, at: new Date(at).toISOString() }))) {
      const before = state.status === 'open' ? state.reservations.size : 0;
      state = evolve(state, event);
      if (state.status === 'open' && state.reservations.size < before + (makesReservation.has(event.type) ? 1 : 0)) forgotten += 1;
      stream.push(event);
    }
  }
  return { stream, state, forgotten };
};

describe('account snapshots', () => {
  it('read back through JSON, equal the state they were taken of', () => {
    fc.assert(
      fc.property(open, fc.array(anyStep, { minLength: 10, maxLength: 60, size: 'max' }), (first, rest) => {
        const { state } = decideStream([first, ...rest]);
        expect(roundTrip(state)).toEqual(state);
      }),
      { numRuns: 200 },
    );
  });

  it('followed by the events after them, fold to the state of the whole stream, wherever the snapshot was taken', () => {
    let runsThatForgot = 0;
    fc.assert(
      fc.property(open, fc.array(anyStep, { minLength: 10, maxLength: 60, size: 'max' }), (first, rest) => {
        const { stream, state, forgotten } = decideStream([first, ...rest]);
        if (forgotten > 0) runsThatForgot += 1;
        let upTo: Account = initialState();
        for (const [i, event] of stream.entries()) {
          upTo = evolve(upTo, event);
          expect(stream.slice(i + 1).reduce(evolve, roundTrip(upTo))).toEqual(state);
        }
      }),
      { numRuns: 200 },
    );
    // Forgetting happened in enough runs that a snapshot taken before, across or after it was put to the test.
    expect(runsThatForgot).toBeGreaterThan(20);
  });

  it('are taken every 1,000 events, or every tenth of the reservations an account remembers when that is more', () => {
    const [opening] = fc.sample(open, 1);
    const { state } = decideStream([opening as Step]);
    if (state.status !== 'open') throw new Error('the account did not open');
    const remembering = (n: number): Account => ({
      ...state,
      reservations: ReservationBook.of(
        new Map(
          Array.from({ length: n }, (_, i) => [
            `r${i}`,
            {
              amountCredits: 1,
              amountPence: 0,
              status: 'captured' as const,
              creditsOpen: false,
              cashOpen: false,
              refundedCredits: 0,
              refundedPence: 0,
            },
          ]),
        ),
      ),
    });
    expect(accountSnapshotEveryEvents(initialState())).toBe(1_000);
    expect(accountSnapshotEveryEvents(remembering(0))).toBe(1_000);
    expect(accountSnapshotEveryEvents(remembering(10_000))).toBe(1_000);
    expect(accountSnapshotEveryEvents(remembering(10_001))).toBe(1_001);
    expect(accountSnapshotEveryEvents(remembering(100_000))).toBe(10_000);
  });
});

// The decider read as a specification: given(events).when(command).then(events) or .thenThrows(code).
import { type Account, type AccountEvent, type OpenAccount, initialState } from './account';
import { decide, LedgerError, type AccountCommand } from './decide';
import { evolve } from './evolve';

export const fold = (events: AccountEvent[]) => events.reduce(evolve, initialState()) as OpenAccount;

export const given = (events: AccountEvent[]) => {
  const state: Account = events.reduce(evolve, initialState());
  return {
    when: (command: AccountCommand) => ({
      then: (expected: AccountEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenThrows: (code: string) => {
        try {
          decide(command, state);
        } catch (error) {
          expect(error).toBeInstanceOf(LedgerError);
          return expect((error as LedgerError).code).toBe(code);
        }
        throw new Error(`expected a LedgerError ${code}`);
      },
    }),
  };
};

// A decider read as a specification, for tests:
//   given(decider)(events).when(command).then(events)       what the command decides
//   given(decider)(events).when(command).thenThrows(E, {…})   the command is refused
//   given(decider)(events).when(c1, c2, …).then(events)      commands decided in turn, as a process manager records them
//   given(decider)(events).when(command).result()             the events and state, for a test that goes on from them
//   given(decider)(events).thenState(state)                   what the events fold to
//   given(decider)(events).thenThrows(EventCannotApply, {…})  the events cannot be folded
// It asserts with node:assert, not a test framework's expect: this module ships in the runtime, which does not depend on
// jest. An AssertionError from deepStrictEqual carries a diff that jest prints as it would its own.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { decideInTurn, type Decider } from './decider';

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

/** The state itself (compared with deepStrictEqual), or a check of it (for a state compared only in part). */
export type ExpectedState<State> = State | ((state: State) => void);

const checkState = <State>(actual: State, expected: ExpectedState<State>): State => {
  if (typeof expected === 'function') (expected as (state: State) => void)(actual);
  else assert.deepStrictEqual(actual, expected);
  return actual;
};

/**
 * Runs `work`, which must throw an instance of `errorClass`; each property of `expected` must then equal the error's
 * own. Returns the error for further checks.
 */
const thrownBy = <E extends Error>(work: () => unknown, errorClass: ErrorClass<E>, expected: Partial<Record<keyof E, unknown>> = {}): E => {
  let outcome: unknown;
  try {
    outcome = work();
  } catch (error) {
    assert.ok(error instanceof errorClass, `expected ${errorClass.name}, but ${String(error)} was thrown`);
    const keys = Object.keys(expected) as Array<keyof E>;
    assert.deepStrictEqual(Object.fromEntries(keys.map((k) => [k, error[k]])), expected);
    return error;
  }
  return assert.fail(`expected ${errorClass.name}, but nothing was thrown; it gave ${inspect(outcome, { depth: 6 })}`);
};

export const given =
  <State, Command, Event>(decider: Decider<State, Command, Event>) =>
  (events: readonly Event[]) => {
    const fold = (): State => events.reduce(decider.evolve, decider.initialState());
    return {
      /** What the given events fold to. */
      thenState: (expected: ExpectedState<State>): State => checkState(fold(), expected),
      /** The given events cannot be folded: one of them does not apply to the state before it. */
      thenThrows: <E extends Error>(errorClass: ErrorClass<E>, expected?: Partial<Record<keyof E, unknown>>): E =>
        thrownBy(fold, errorClass, expected),
      /** Each command is decided against the state the given events and the commands before it left. */
      when: (...commands: Command[]) => {
        const decided = () => decideInTurn(decider, commands, fold());
        return {
          /** Every event the commands decided, in order; returns them with the state they lead to. */
          then: (expected: Event[]) => {
            const result = decided();
            assert.deepStrictEqual(result.events, expected);
            return result;
          },
          /** The events decided and the state they lead to, for a test that walks on step by step from there. */
          result: () => decided(),
          /** The state the decided events lead to. */
          thenState: (expected: ExpectedState<State>): State => checkState(decided().state, expected),
          /** One of the commands is refused (the given events themselves must fold). */
          thenThrows: <E extends Error>(errorClass: ErrorClass<E>, expected?: Partial<Record<keyof E, unknown>>): E => {
            const state = fold();
            return thrownBy(() => decideInTurn(decider, commands, state).events, errorClass, expected);
          },
        };
      },
    };
  };

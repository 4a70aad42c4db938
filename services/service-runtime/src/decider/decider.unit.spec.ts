import { AssertionError } from 'node:assert';
import type { RecordedEvent } from '../event-store/types';
import { decideInTurn, EventCannotApply, foldStream, unhandledEvent, type Decider } from './decider';
import { given as givenDecider } from './specification';

// A bar tab: the smallest decider with a refusal, a fold that can fail and a total to check.
type TabEvent =
  | { type: 'TabOpened'; data: { tabId: string } }
  | { type: 'ItemAdded'; data: { pricePence: number } }
  | { type: 'TabClosed'; data: { totalPence: number } };
type TabCommand = { type: 'Open'; tabId: string } | { type: 'Add'; pricePence: number } | { type: 'Close' };
type Tab = { status: 'none' } | { status: 'open' | 'closed'; tabId: string; totalPence: number };

class TabRefused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const decide = (command: TabCommand, state: Tab): TabEvent[] => {
  if (command.type === 'Open') return state.status === 'none' ? [{ type: 'TabOpened', data: { tabId: command.tabId } }] : [];
  if (state.status !== 'open') throw new TabRefused('TAB_NOT_OPEN');
  return command.type === 'Add'
    ? [{ type: 'ItemAdded', data: { pricePence: command.pricePence } }]
    : [{ type: 'TabClosed', data: { totalPence: state.totalPence } }];
};

const openTab = (state: Tab, event: TabEvent) => {
  if (state.status !== 'open') throw new EventCannotApply(event.type, `the tab is ${state.status}`);
  return state;
};

const evolve = (state: Tab, event: TabEvent): Tab => {
  switch (event.type) {
    case 'TabOpened':
      return { status: 'open', tabId: event.data.tabId, totalPence: 0 };
    case 'ItemAdded': {
      const tab = openTab(state, event);
      return { ...tab, totalPence: tab.totalPence + event.data.pricePence };
    }
    case 'TabClosed':
      return { ...openTab(state, event), status: 'closed' };
    default:
      return unhandledEvent(event);
  }
};

const tab: Decider<Tab, TabCommand, TabEvent> = { decide, evolve, initialState: () => ({ status: 'none' }) };
const given = givenDecider(tab);
const opened: TabEvent = { type: 'TabOpened', data: { tabId: 't1' } };
const added = (pricePence: number): TabEvent => ({ type: 'ItemAdded', data: { pricePence } });

describe('given(decider)(events).when(command)', () => {
  it('passes when the command decides exactly the expected events, and fails with a diff otherwise', () => {
    expect(
      given([opened])
        .when({ type: 'Add', pricePence: 450 })
        .then([added(450)]),
    ).toEqual({ events: [added(450)], state: { status: 'open', tabId: 't1', totalPence: 450 } });
    expect(() =>
      given([opened])
        .when({ type: 'Add', pricePence: 450 })
        .then([added(451)]),
    ).toThrow(AssertionError);
    expect(() => given([opened]).when({ type: 'Add', pricePence: 450 }).then([])).toThrow(/Expected values to be strictly deep-equal/);
  });

  it('decides several commands in turn, each against the state the ones before it left', () => {
    given([])
      .when({ type: 'Open', tabId: 't1' }, { type: 'Add', pricePence: 300 }, { type: 'Add', pricePence: 150 }, { type: 'Close' })
      .then([opened, added(300), added(150), { type: 'TabClosed', data: { totalPence: 450 } }]);
    given([]).when({ type: 'Open', tabId: 't1' }, { type: 'Open', tabId: 't2' }).thenState({ status: 'open', tabId: 't1', totalPence: 0 });
    expect(() => given([]).when({ type: 'Open', tabId: 't1' }).thenState({ status: 'open', tabId: 't1', totalPence: 1 })).toThrow(
      AssertionError,
    );
  });

  it('checks a refusal by its class and the properties named, and returns it', () => {
    const error = given([]).when({ type: 'Add', pricePence: 100 }).thenThrows(TabRefused, { code: 'TAB_NOT_OPEN' });
    expect(error.message).toBe('TAB_NOT_OPEN');
    // A later command of several may be the one refused.
    given([])
      .when({ type: 'Open', tabId: 't1' }, { type: 'Close' }, { type: 'Add', pricePence: 1 })
      .thenThrows(TabRefused, { code: 'TAB_NOT_OPEN' });
    expect(() => given([]).when({ type: 'Add', pricePence: 100 }).thenThrows(TabRefused, { code: 'TAB_CLOSED' })).toThrow(AssertionError);
    expect(() => given([]).when({ type: 'Add', pricePence: 100 }).thenThrows(EventCannotApply)).toThrow(
      /expected EventCannotApply, but Error: TAB_NOT_OPEN was thrown/,
    );
    expect(() => given([opened]).when({ type: 'Add', pricePence: 100 }).thenThrows(TabRefused)).toThrow(
      /expected TabRefused, but nothing was thrown/,
    );
  });

  it('does not take given events that cannot be folded for the refusal of the command', () => {
    expect(() =>
      given([added(1)])
        .when({ type: 'Open', tabId: 't1' })
        .thenThrows(EventCannotApply),
    ).toThrow(EventCannotApply);
  });
});

describe('given(decider)(events) alone', () => {
  it('checks what the events fold to, whole or in part', () => {
    given([opened, added(200)]).thenState({ status: 'open', tabId: 't1', totalPence: 200 });
    given([opened, added(200)]).thenState((s) => expect(s).toMatchObject({ totalPence: 200 }));
    expect(() => given([opened, added(200)]).thenState((s) => expect(s).toMatchObject({ totalPence: 201 }))).toThrow();
  });

  it('checks that the events cannot be folded, naming the event and why', () => {
    given([added(200)]).thenThrows(EventCannotApply, {
      eventType: 'ItemAdded',
      reason: 'the tab is none',
      message: 'ItemAdded cannot apply: the tab is none',
    });
    expect(() => given([opened, added(200)]).thenThrows(EventCannotApply)).toThrow(/nothing was thrown/);
  });
});

describe('decider building blocks', () => {
  it('decideInTurn returns every event decided and the state they lead to, leaving the state it was given alone', () => {
    const start = tab.initialState();
    expect(
      decideInTurn(
        tab,
        [
          { type: 'Open', tabId: 't1' },
          { type: 'Add', pricePence: 5 },
        ],
        start,
      ),
    ).toEqual({
      events: [opened, added(5)],
      state: { status: 'open', tabId: 't1', totalPence: 5 },
    });
    expect(start).toEqual({ status: 'none' });
  });

  it('foldStream names the stream and position of an event that cannot apply', () => {
    const recorded = (streamPosition: number, event: TabEvent): RecordedEvent => ({
      ...event,
      metadata: {},
      eventId: `e${streamPosition}`,
      streamId: 'tab-t1',
      streamPosition,
      globalPosition: 100 + streamPosition,
      transactionId: '1',
      recordedAt: '2026-01-01T00:00:00.000Z',
    });
    const parse = (r: RecordedEvent) => ({ type: r.type, data: r.data }) as TabEvent;
    const stream = [recorded(0, opened), recorded(1, { type: 'TabClosed', data: { totalPence: 0 } }), recorded(2, added(3))];
    expect(foldStream(stream.slice(0, 2), parse, evolve, tab.initialState())).toEqual({ status: 'closed', tabId: 't1', totalPence: 0 });
    let error: unknown;
    try {
      foldStream(stream, parse, evolve, tab.initialState());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EventCannotApply);
    expect(error).toMatchObject({
      eventType: 'ItemAdded',
      reason: 'the tab is closed',
      location: { streamId: 'tab-t1', streamPosition: 2 },
    });
    expect((error as Error).message).toBe('ItemAdded at tab-t1 position 2 cannot apply: the tab is closed');
  });

  it('makes an evolve that misses an event type fail to compile, and fail loudly if it runs anyway', () => {
    const forgetful = (state: Tab, event: TabEvent): Tab => {
      switch (event.type) {
        case 'TabOpened':
        case 'ItemAdded':
          return evolve(state, event);
        default:
          // @ts-expect-error TabClosed has no case, so the event here is not `never` (checked by `tsc -p test`).
          return unhandledEvent(event);
      }
    };
    const open = evolve(tab.initialState(), opened);
    expect(() => forgetful(open, { type: 'TabClosed', data: { totalPence: 0 } })).toThrow(
      new EventCannotApply('TabClosed', 'evolve has no case for this event type'),
    );
  });
});

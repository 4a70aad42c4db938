import { freshDatabase } from '../../../../test/support/environment';
import { EventCannotApply } from '../decider/decider';
import { AggregateStore } from './aggregate';
import { PostgresEventStore } from './postgres';
import type { RecordedEvent } from './types';

// A counter that can only be started once and only counted once started.
type CounterEvent = { type: 'Started'; data: { from: number } } | { type: 'Counted'; data: { by: number } };
type Counter = { started: boolean; total: number };
const evolve = (s: Counter, e: CounterEvent): Counter => {
  if (e.type === 'Started') {
    if (s.started) throw new EventCannotApply(e.type, 'the counter is already started');
    return { started: true, total: e.data.from };
  }
  if (!s.started) throw new EventCannotApply(e.type, 'the counter was never started');
  return { ...s, total: s.total + e.data.by };
};
const parse = (r: RecordedEvent) => ({ type: r.type, data: r.data }) as CounterEvent;

describe('AggregateStore with an evolve that fails loudly', () => {
  let store: PostgresEventStore;
  let counters: AggregateStore<Counter, CounterEvent>;
  beforeAll(async () => {
    store = PostgresEventStore.connect(await freshDatabase('agg'));
    counters = new AggregateStore(store, evolve, () => ({ started: false, total: 0 }), parse);
  });
  afterAll(async () => store.close());

  it('refuses a decision whose events cannot apply, and appends nothing of it', async () => {
    await counters.handle('counter-a', () => [{ type: 'Started', data: { from: 0 } }], {});
    await expect(
      counters.handle(
        'counter-a',
        () => [
          { type: 'Counted', data: { by: 2 } },
          { type: 'Started', data: { from: 0 } },
        ],
        {},
      ),
    ).rejects.toThrow(new EventCannotApply('Started', 'the counter is already started'));
    expect((await store.readStream('counter-a')).map((e) => e.type)).toEqual(['Started']);
    const { state } = await counters.handle('counter-a', () => [{ type: 'Counted', data: { by: 3 } }], {});
    expect(state).toEqual({ started: true, total: 3 });
  });

  it('names the stream and position of a recorded event that cannot apply when it loads the stream', async () => {
    // Written past the decider, as a hand edit or another program might.
    await store.appendToStream(
      'counter-b',
      [
        { type: 'Started', data: { from: 0 }, metadata: {} },
        { type: 'Started', data: { from: 0 }, metadata: {} },
      ],
      { expectedRevision: 'no_stream' },
    );
    const loading = counters.load('counter-b');
    await expect(loading).rejects.toBeInstanceOf(EventCannotApply);
    await expect(loading).rejects.toMatchObject({
      message: 'Started at counter-b position 1 cannot apply: the counter is already started',
      location: { streamId: 'counter-b', streamPosition: 1 },
    });
  });
});

describe('AggregateStore in two processes writing one stream (a partition moved between instances, and back)', () => {
  let store: PostgresEventStore;
  const inProcess = () => new AggregateStore<Counter, CounterEvent>(store, evolve, () => ({ started: false, total: 0 }), parse);
  beforeAll(async () => {
    store = PostgresEventStore.connect(await freshDatabase('agg'));
  });
  afterAll(async () => store.close());

  /** Counts 1 more only once the total has reached 5, refusing before: a decision a state left behind gets wrong. */
  const countPastFive = (s: Counter): CounterEvent[] => {
    if (s.total < 5) throw new Error(`total ${s.total} is under 5`);
    return [{ type: 'Counted', data: { by: 1 } }];
  };

  it('decides and answers on what the other process appended since its own cached state, never on the cached state', async () => {
    const first = inProcess();
    const second = inProcess();
    await first.handle('counter-c', () => [{ type: 'Started', data: { from: 0 } }], {});
    expect((await first.load('counter-c')).state).toEqual({ started: true, total: 0 });
    // The second process holds the stream for a while: 2 and 3 counted there.
    await second.handle('counter-c', () => [{ type: 'Counted', data: { by: 2 } }], {});
    await second.handle('counter-c', () => [{ type: 'Counted', data: { by: 3 } }], {});
    // Back in the first: its cached total (0) would refuse; the store's (5) allows.
    expect(await first.load('counter-c')).toEqual({ state: { started: true, total: 5 }, revision: 2, snapshotRevision: -1 });
    const { state } = await first.handle('counter-c', countPastFive, {});
    expect(state).toEqual({ started: true, total: 6 });
    const [result] = await second.handleMany([{ streamId: 'counter-c', decide: countPastFive, metadata: {} }], () => false);
    expect(result).toEqual({ ok: true, events: [{ type: 'Counted', data: { by: 1 } }], state: { started: true, total: 7 } });
    expect((await store.readStream('counter-c')).map((e) => e.data)).toEqual([{ from: 0 }, { by: 2 }, { by: 3 }, { by: 1 }, { by: 1 }]);
  });
});

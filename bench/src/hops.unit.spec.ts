import type { ReceivedSpan } from '@pds/infra';
import { stageLines, stages, stagesOf, tracesOf } from './hops';

const path = '/api/v1/property/renovation-uplift-calculator';
const base = 1_700_000_000_000; // ms since the epoch
/** A span at `from`..`to` ms after `base`, in OTLP's nanosecond strings. */
const nanos = (msAfter: number) => String(BigInt(base) * 1_000_000n + BigInt(Math.round(msAfter * 1_000_000)));
const span = (
  traceId: string,
  service: string,
  name: string,
  spanId: string,
  parentSpanId: string | undefined,
  from: number,
  to: number,
  events: Array<[string, number]> = [],
): ReceivedSpan => ({
  service,
  traceId,
  // Ids unique to the trace, as the tracer makes them.
  spanId: `${traceId}-${spanId}`,
  ...(parentSpanId ? { parentSpanId: `${traceId}-${parentSpanId}` } : {}),
  name,
  kind: 1,
  startTimeUnixNano: nanos(from),
  endTimeUnixNano: nanos(to),
  events: events.map(([n, at]) => ({ name: n, timeUnixNano: nanos(at) })),
});

/** One call's trace, as the stack exports it: gateway → analysis → ledger (with its append), the reply back. */
const call = (traceId: string, offset = 0): ReceivedSpan[] => [
  span(traceId, 'gateway', `GET ${path}`, 'h', undefined, offset + 0, offset + 10),
  span(traceId, 'gateway', 'admit caller', 'a', 'h', offset + 0.5, offset + 1.2),
  span(traceId, 'gateway', 'request CalculateRenovationUplift', 'r', 'h', offset + 1.5, offset + 9, [['sent', offset + 2]]),
  span(traceId, 'analysis', 'handle CalculateRenovationUplift', 'w', 'r', offset + 3, offset + 4),
  span(traceId, 'billing-ledger', 'handle ChargeCredits', 'c', 'w', offset + 5.25, offset + 7.5),
  span(traceId, 'billing-ledger', 'append events', 'p', 'c', offset + 5.5, offset + 7),
];

describe('stagesOf', () => {
  it("reads each stage of a call from its trace's span times", () => {
    // Worked out by hand from the spans above (ms).
    expect([...(stagesOf(call('t1'), path) as Map<string, number>)].map(([stage, v]) => [stage, Number(v.toFixed(3))])).toEqual([
      [stages[0], 1.5], // gateway before the send: 0 → 1.5
      [stages[1], 0.7], // admission: 0.5 → 1.2
      [stages[2], 1.5], // hop 1: send at 1.5 → analysis starts at 3
      [stages[3], 0.5], // the broker's acknowledgement at 2
      [stages[4], 1], // analysis: 3 → 4
      [stages[5], 1.25], // hop 2: 4 → 5.25
      [stages[6], 2.25], // ledger: 5.25 → 7.5
      [stages[8], 1.5], // hop 3: 7.5 → the reply at 9
      [stages[9], 1], // answer written: 9 → 10
      [stages[10], 10], // the whole call
      [stages[7], 1.5], // the append: 5.5 → 7
    ]);
  });

  it("leaves the append out of a call whose ledger run was traced under another's", () => {
    const stagesRead = stagesOf(
      call('t1').filter((s) => s.name !== 'append events'),
      path,
    ) as Map<string, number>;
    expect([stagesRead.size, stagesRead.has(stages[7]), stagesRead.get(stages[6])]).toEqual([10, false, 2.25]);
  });

  it('gives nothing for a trace missing a span of the path (a call refused before the send, a span dropped)', () => {
    expect(stagesOf(call('t1').slice(0, 2), path)).toBeUndefined();
    expect(
      stagesOf(
        call('t1').filter((s) => s.name !== 'admit caller'),
        path,
      ),
    ).toBeUndefined();
    // A span of another trace's tree does not count: the work's parent must be this call's request.
    expect(
      stagesOf([...call('t1').filter((s) => s.service !== 'analysis'), ...call('t2').filter((s) => s.service === 'analysis')], path),
    ).toBeUndefined();
  });
});

describe('tracesOf', () => {
  it('keeps the traces whose gateway span for the path started in the window, each with all of its spans', () => {
    const spans = [...call('early', -5), ...call('inside', 100), ...call('late', 200)];
    const traces = tracesOf(spans, path, base, base + 200);
    expect(traces.map((t) => [t[0]?.traceId, t.length])).toEqual([['inside', 6]]);
  });
});

describe('stageLines', () => {
  it("prints each stage's percentiles over the calls that have it", () => {
    // Two calls; the second (50 ms later, its ledger stage 1 ms longer) traced without its append.
    const second = call('b', 50).map((s) => (s.name === 'handle ChargeCredits' ? { ...s, endTimeUnixNano: nanos(50 + 8.5) } : s));
    const calls = [call('a'), second.filter((s) => s.name !== 'append events')].map(
      (t) => stagesOf(t, path) as Map<(typeof stages)[number], number>,
    );
    const lines = stageLines(calls, [50, 99]);
    expect(lines).toHaveLength(stages.length);
    // Nearest rank: p50 of two is the first, p99 the second.
    expect(lines[6]).toMatch(/^ledger: handling .+ +p50 +2\.25 ms +p99 +3\.25 ms$/);
    expect(lines[7]).toMatch(/^ {2}of which the append \(PostgreSQL\) +p50 +1\.50 ms +p99 +1\.50 ms +\(1 calls\)$/);
  });
});

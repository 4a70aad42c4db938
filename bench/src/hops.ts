import type { ReceivedSpan } from '@pds/infra';
import { percentile } from './percentile';

// Where a chargeable call's time goes, hop by hop, read from the spans of its trace (the gateway's server span, its
// caller admission and its request to the working service, that service's handling, the ledger's handling and its
// append to the event store). Every process runs on one machine, so their span times share a clock.

/** The stages of a handed-off charged call, in the order the call passes through them. */
export const stages = [
  'gateway: before the send (HTTP, key, admission)',
  '  of which the caller admission (PostgreSQL)',
  'hop 1: gateway send → analysis handler starts',
  '  of which the broker acknowledging the send',
  'analysis: handling (decide, hand on)',
  'hop 2: analysis hand-on → ledger handler starts',
  "ledger: handling (its run's decide, append, replies)",
  '  of which the append (PostgreSQL)',
  'hop 3: ledger reply → gateway has it',
  'gateway: answer written',
  'whole call at the gateway',
] as const;
export type Stage = (typeof stages)[number];

const ms = (nanos: string) => Number(BigInt(nanos) / 1000n) / 1000;
const start = (s: ReceivedSpan) => ms(s.startTimeUnixNano);
const end = (s: ReceivedSpan) => ms(s.endTimeUnixNano);
const eventAt = (s: ReceivedSpan, name: string) => {
  const e = s.events?.find((x) => x.name === name);
  return e ? ms(e.timeUnixNano) : undefined;
};

/**
 * The stages of one call's trace (ms each), or undefined when a span is missing (a call refused before the send, a span
 * the exporter dropped). The ledger records a run of commands in one transaction, traced under the run's first: the
 * others' traces have no append, and their stages leave it out. `path` names the gateway's server span (`GET <path>`).
 */
export const stagesOf = (trace: ReceivedSpan[], path: string): Map<Stage, number> | undefined => {
  const child = (parent: ReceivedSpan | undefined, test: (s: ReceivedSpan) => boolean) =>
    parent && trace.find((s) => s.parentSpanId === parent.spanId && test(s));
  const http = trace.find((s) => s.service === 'gateway' && s.name === `GET ${path}`);
  const admit = child(http, (s) => s.name === 'admit caller');
  const request = child(http, (s) => s.name.startsWith('request '));
  const work = child(request, (s) => s.name.startsWith('handle '));
  const charge = child(work, (s) => s.service === 'billing-ledger' && s.name.startsWith('handle '));
  const append = child(charge, (s) => s.name === 'append events');
  const sent = request && eventAt(request, 'sent');
  if (!http || !admit || !request || !work || !charge || sent === undefined) return undefined;
  const found: Array<[Stage, number]> = [
    [stages[0], start(request) - start(http)],
    [stages[1], end(admit) - start(admit)],
    [stages[2], start(work) - start(request)],
    [stages[3], sent - start(request)],
    [stages[4], end(work) - start(work)],
    [stages[5], start(charge) - end(work)],
    [stages[6], end(charge) - start(charge)],
    [stages[8], end(request) - end(charge)],
    [stages[9], end(http) - end(request)],
    [stages[10], end(http) - start(http)],
  ];
  if (append) found.push([stages[7], end(append) - start(append)]);
  return new Map(found);
};

/** The spans by trace, of the traces whose gateway server span for `path` started in [from, to) (ms since the epoch). */
export const tracesOf = (spans: ReceivedSpan[], path: string, from: number, to: number): ReceivedSpan[][] => {
  const byTrace = new Map<string, ReceivedSpan[]>();
  for (const s of spans) byTrace.set(s.traceId, [...(byTrace.get(s.traceId) ?? []), s]);
  return [...byTrace.values()].filter((t) =>
    t.some((s) => s.service === 'gateway' && s.name === `GET ${path}` && start(s) >= from && start(s) < to),
  );
};

/** Each stage's percentiles over the calls that have it, one line each (with how many, where not every call has it). */
export const stageLines = (calls: Array<Map<Stage, number>>, percentiles: number[]): string[] => {
  const width = Math.max(...stages.map((s) => s.length));
  return stages.flatMap((stage) => {
    const values = calls.flatMap((c) => (c.has(stage) ? [c.get(stage) as number] : [])).sort((a, b) => a - b);
    if (values.length === 0) return [];
    const figures = percentiles.map((p) => `p${p} ${percentile(values, p).toFixed(2).padStart(7)} ms`).join('   ');
    return [`${stage.padEnd(width)}  ${figures}${values.length < calls.length ? `   (${values.length} calls)` : ''}`];
  });
};

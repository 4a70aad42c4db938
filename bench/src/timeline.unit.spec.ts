import { timelineLines, type Answered } from './timeline';

// Figures worked out by hand from the calls and pauses below.
describe('timelineLines', () => {
  it('places the slowest 1% in time, counts silent spans, and says whose pauses the slow calls lived through', () => {
    const calls: Answered[] = [];
    // Calls of 10 ms answered every 5 ms from 1,000 to 1,985 ms, none between 1,300 and 1,400: 181 calls.
    for (let i = 0; i < 198; i++) if (i <= 60 || i >= 80) calls.push({ at: 1_000 + 5 * i, ms: 10 });
    // Two of 120 ms, answered at 1,500 and 1,520: they were in the stack from 1,380 and 1,400.
    calls.push({ at: 1_500, ms: 120 }, { at: 1_520, ms: 120 });
    const lines = timelineLines(calls, [
      // In both slow calls' time, and in that of the 7 calls of 10 ms answered from 1,430 to 1,460: 9 of 181.
      { process: 'gateway', kind: 'gc', at: 1_430, ms: 20 },
      // Before either slow call; in the time of the 11 answered from 1,100 to 1,150: 11 of 181.
      { process: 'billing-ledger', kind: 'stall', at: 1_100, ms: 40 },
      { process: 'analysis', kind: 'gc', at: 1_450, ms: 6 }, // in their time, but under 10 ms
      { process: 'location', kind: 'gc', at: 5_000, ms: 50 }, // after the run
    ]);
    expect(lines).toEqual([
      // 2 = 1% of 181, rounded up; the run spans 990 to 1,985 ms: 10 spans, both slow calls in the 6th (1,490 to 1,590).
      'slowest 1% (2 calls of 120 ms or more) answered in 1 of 10 spans of 100 ms; spans of over 30 ms with no call answered: 1, 100 ms in all, the longest 100 ms',
      'analysis: garbage collections of 5 ms or more 1, 6 ms, longest 6 ms; event-loop stalls over 25 ms none; calls that lived through one of 10 ms or more: 0% of the slowest, 0% of all',
      'billing-ledger: garbage collections of 5 ms or more none; event-loop stalls over 25 ms 1, 40 ms, longest 40 ms; calls that lived through one of 10 ms or more: 0% of the slowest, 6% of all',
      'gateway: garbage collections of 5 ms or more 1, 20 ms, longest 20 ms; event-loop stalls over 25 ms none; calls that lived through one of 10 ms or more: 100% of the slowest, 5% of all',
    ]);
  });
});

import { createLogger } from '@pds/service-runtime';
import type { Response } from 'express';
import { answeredByFault, operationFaultBook, RequestCounts, type FaultAnswers } from './operation-faults';

// Faults by operation, applied with answers that record what they were asked to answer (no server: the response is
// only handed to them).

type Op = 'search' | 'certificate';
type Mode = 'slow' | 'error' | 'gone';

const environment = () => ({
  faults: operationFaultBook<Op, Mode>(),
  requests: new RequestCounts<Op>(['search', 'certificate']),
  logger: createLogger('operation-faults-test', 'silent'),
});

const res = {} as Response;
const recording = () => {
  const answered: string[] = [];
  const answers: FaultAnswers<Op, Mode> = {
    error: (_res, fault, operation) => answered.push(`error ${operation} (${fault.times ?? 'until cleared'})`),
    gone: (_res, _fault, operation) => answered.push(`gone ${operation}`),
  };
  return { answered, answers };
};

describe('faults by operation', () => {
  it('counts every request, faulted or not, and answers as the mode says', async () => {
    const env = environment();
    const { answered, answers } = recording();
    env.faults.replace([{ operation: 'search', mode: 'error', times: 1 }]);
    expect(await answeredByFault(env, 'search', res, answers)).toBe(true);
    expect(await answeredByFault(env, 'search', res, answers)).toBe(false);
    expect(await answeredByFault(env, 'certificate', res, answers)).toBe(false);
    expect(answered).toEqual(['error search (1)']);
    expect(env.requests.all()).toEqual({ search: 2, certificate: 1 });
  });

  it('gives a fault without an operation to every operation, in the order armed', async () => {
    const env = environment();
    const { answered, answers } = recording();
    env.faults.replace([
      { operation: 'certificate', mode: 'gone', times: 1 },
      { mode: 'error', times: 2 },
    ]);
    for (const operation of ['search', 'certificate', 'certificate', 'certificate'] as const)
      await answeredByFault(env, operation, res, answers);
    expect(answered).toEqual(['error search (2)', 'gone certificate', 'error certificate (1)']);
  });

  it('slow: holds the request back for delayMs, then leaves it to be answered as usual', async () => {
    const env = environment();
    const { answered, answers } = recording();
    env.faults.replace([{ mode: 'slow', delayMs: 200, times: 1 }]);
    const started = Date.now();
    expect(await answeredByFault(env, 'search', res, answers)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(answered).toEqual([]);
    expect(env.faults.list()).toEqual([]);
  });

  it('resets the counts to 0 and hands out copies of them', () => {
    const counts = new RequestCounts<Op>(['search', 'certificate']);
    expect(counts.all()).toEqual({ search: 0, certificate: 0 });
    counts.count('search');
    counts.count('search');
    const seen = counts.all();
    seen.search = 10;
    expect(counts.all()).toEqual({ search: 2, certificate: 0 });
    counts.reset();
    expect(counts.all()).toEqual({ search: 0, certificate: 0 });
  });
});

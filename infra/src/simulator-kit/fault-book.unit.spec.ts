import { FaultBook } from './fault-book';

// The book's counting and matching, worked by hand: faults for an operation ('search', 'fetch') or, without one, for
// every operation; the first armed that matches is taken.

interface TestFault {
  operation?: string;
  mode: string;
  times?: number;
}

const book = () => new FaultBook<TestFault, string>({ matches: (f, operation) => f.operation === undefined || f.operation === operation });

describe('FaultBook', () => {
  it('fires a fault armed for 3 calls on exactly 3, counting down, then answers none', () => {
    const faults = book();
    faults.replace([{ operation: 'search', mode: 'error', times: 3 }]);
    expect(faults.take('search')).toEqual({ operation: 'search', mode: 'error', times: 3 });
    expect(faults.list()).toEqual([{ operation: 'search', mode: 'error', times: 2 }]);
    expect(faults.take('search')).toEqual({ operation: 'search', mode: 'error', times: 2 });
    expect(faults.take('search')).toEqual({ operation: 'search', mode: 'error', times: 1 });
    expect(faults.list()).toEqual([]);
    expect(faults.take('search')).toBeNull();
  });

  it('keeps a fault without times until cleared', () => {
    const faults = book();
    faults.replace([{ mode: 'slow' }]);
    for (let i = 0; i < 5; i++) expect(faults.take(i % 2 ? 'search' : 'fetch')).toEqual({ mode: 'slow' });
    expect(faults.list()).toEqual([{ mode: 'slow' }]);
    faults.clear();
    expect(faults.take('search')).toBeNull();
    expect(faults.list()).toEqual([]);
  });

  it('gives a request the first fault that matches it and counts down only that one', () => {
    const faults = book();
    faults.replace([
      { operation: 'fetch', mode: 'error', times: 1 },
      { mode: 'slow', times: 2 },
      { operation: 'search', mode: 'malformed', times: 1 },
    ]);
    // search: the fetch fault does not match; the one for every operation stands before the search one.
    expect(faults.take('search')?.mode).toBe('slow');
    expect(faults.take('search')?.mode).toBe('slow');
    expect(faults.take('search')?.mode).toBe('malformed');
    expect(faults.take('search')).toBeNull();
    expect(faults.list()).toEqual([{ operation: 'fetch', mode: 'error', times: 1 }]);
    expect(faults.take('fetch')?.mode).toBe('error');
    expect(faults.list()).toEqual([]);
  });

  it('arms a new list in place of the old one, counts and all', () => {
    const faults = book();
    faults.replace([{ operation: 'search', mode: 'error', times: 2 }, { mode: 'slow' }]);
    faults.take('search');
    faults.replace([{ operation: 'search', mode: 'error', times: 2 }]);
    expect(faults.list()).toEqual([{ operation: 'search', mode: 'error', times: 2 }]);
    expect(faults.take('fetch')).toBeNull();
  });

  it('hands out copies: what a caller does with a fault changes nothing armed', () => {
    const faults = book();
    const given: TestFault[] = [{ operation: 'search', mode: 'error', times: 2 }];
    faults.replace(given);
    given[0]!.times = 9;
    faults.list()[0]!.times = 9;
    faults.take('search')!.mode = 'slow';
    expect(faults.list()).toEqual([{ operation: 'search', mode: 'error', times: 1 }]);
  });

  it('holds each fault as its environment normalises it', () => {
    const faults = new FaultBook<TestFault, string>({
      matches: (f, operation) => f.operation === operation,
      normalise: (f) => ({ ...f, operation: f.operation?.toLowerCase() }),
    });
    faults.replace([{ operation: 'SEARCH', mode: 'error' }]);
    expect(faults.take('search')).toEqual({ operation: 'search', mode: 'error' });
  });
});

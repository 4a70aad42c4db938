import { faultProblem } from '../registry-simulator/faults';
import { epcFaultProblem } from '../epc-simulator/faults';
import { openDataFaultProblem } from '../open-data-simulator/faults';
import { faultListProblem, oneOfProblem } from './fault-list';

// What each environment refuses to arm, and the words it refuses with (the control API's 400 answers).

describe('faultListProblem', () => {
  const rules = { kindProblem: () => null, wholeNumbers: ['delayMs', 'times'], maxWholeNumber: 1_000 };

  it('takes a list of at most 100 objects', () => {
    expect(faultListProblem([], rules)).toBeNull();
    expect(faultListProblem({ mode: 'slow' }, rules)).toBe('faults must be an array');
    expect(faultListProblem(undefined, rules)).toBe('faults must be an array');
    expect(
      faultListProblem(
        Array.from({ length: 100 }, () => ({})),
        rules,
      ),
    ).toBeNull();
    expect(
      faultListProblem(
        Array.from({ length: 101 }, () => ({})),
        rules,
      ),
    ).toBe('at most 100 faults');
    expect(faultListProblem([{}, null], rules)).toBe('faults[1] must be an object');
    expect(faultListProblem([{}, 'slow'], rules)).toBe('faults[1] must be an object');
  });

  it('takes whole numbers from 0 (times from 1) to the most allowed', () => {
    expect(
      faultListProblem(
        [
          { delayMs: 0, times: 1 },
          { delayMs: 1_000, times: 1_000 },
        ],
        rules,
      ),
    ).toBeNull();
    expect(faultListProblem([{ delayMs: 1_001 }], rules)).toBe('faults[0].delayMs must be a whole number');
    expect(faultListProblem([{ delayMs: -1 }], rules)).toBe('faults[0].delayMs must be a whole number');
    expect(faultListProblem([{ delayMs: 1.5 }], rules)).toBe('faults[0].delayMs must be a whole number');
    expect(faultListProblem([{ delayMs: '5' }], rules)).toBe('faults[0].delayMs must be a whole number');
    expect(faultListProblem([{}, { times: 0 }], rules)).toBe('faults[1].times must be a whole number of at least 1');
  });

  it("answers the environment's own problem first", () => {
    const own = { ...rules, kindProblem: (_f: Record<string, unknown>, at: string) => `${at} is not ours` };
    expect(faultListProblem([{ delayMs: -1 }], own)).toBe('faults[0] is not ours');
  });

  it('oneOfProblem names what is allowed', () => {
    expect(oneOfProblem('b', ['a', 'b'], 'x.mode')).toBeNull();
    expect(oneOfProblem('c', ['a', 'b'], 'x.mode')).toBe('x.mode must be one of a, b');
    expect(oneOfProblem(undefined, ['a', 'b'], 'x.mode')).toBe('x.mode must be one of a, b');
    expect(oneOfProblem(undefined, ['a', 'b'], 'x.mode', true)).toBeNull();
  });
});

describe("each environment's fault kinds", () => {
  it('EPC register: a mode of its five, an operation of its two or none, numbers up to an hour', () => {
    expect(
      epcFaultProblem([
        { mode: 'rate_limited', retryAfterSeconds: 3_600_000, times: 2 },
        { operation: 'certificate', mode: 'slow' },
      ]),
    ).toBeNull();
    expect(epcFaultProblem([{ mode: 'gone' }])).toBe('faults[0].mode must be one of slow, error, rate_limited, unauthorized, malformed');
    expect(epcFaultProblem([{ operation: 'lookup', mode: 'error' }])).toBe('faults[0].operation must be one of search, certificate');
    expect(epcFaultProblem([{ mode: 'slow', delayMs: 3_600_001 }])).toBe('faults[0].delayMs must be a whole number');
  });

  it('open data: a mode of its six, an operation of its six or none', () => {
    expect(openDataFaultProblem([{ operation: 'bgs-geology', mode: 'gone', times: 1 }])).toBeNull();
    expect(openDataFaultProblem([{ mode: 'unauthorized' }])).toBe(
      'faults[0].mode must be one of slow, error, rate_limited, too_many, malformed, gone',
    );
    expect(openDataFaultProblem([{ operation: 'search', mode: 'error' }])).toBe(
      'faults[0].operation must be one of police-street-crimes, police-last-updated, coal-specific-risk, ' +
        'coal-planning-constraints, bgs-landslides, bgs-geology',
    );
  });

  it("registry: an operation always, a mode of that operation's, a title as text, numbers up to 86,400,000", () => {
    expect(faultProblem([{ operation: 'status', titleNumber: 'BK509231', mode: 'delay', retryAfterSeconds: 86_400_000 }])).toBeNull();
    expect(faultProblem([{ mode: 'delay' }])).toBe('faults[0].operation must be one of search, describe, submit, fulfil, status');
    expect(faultProblem([{ operation: 'describe', mode: 'slow' }])).toBe('faults[0].mode must be one of delay for describe');
    expect(faultProblem([{ operation: 'submit', mode: 'lost', titleNumber: 42 }])).toBe('faults[0].titleNumber must be a string');
    expect(faultProblem([{ operation: 'search', mode: 'delay', retryAfterSeconds: 86_400_001 }])).toBe(
      'faults[0].retryAfterSeconds must be a whole number',
    );
  });
});

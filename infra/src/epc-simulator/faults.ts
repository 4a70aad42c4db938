// Faults a test asks the EPC register test environment to show. Each is taken by the next request it matches (by
// operation, or any); `times` counts the takings down and a fault with none stays until cleared; the first matching
// fault in the order given wins.

export type EpcFaultOperation = 'search' | 'certificate';

export type EpcFaultMode =
  /** The answer is held back for `delayMs` (default 10 s), then given as usual. */
  | 'slow'
  /** 500 with the documented `{"errors": [{"code": …}]}`. */
  | 'error'
  /** 429 with Retry-After (`retryAfterSeconds`, default 60). */
  | 'rate_limited'
  /** 401: the token is refused. */
  | 'unauthorized'
  /** 200 whose body is not JSON. */
  | 'malformed';

export interface EpcFault {
  /** Absent: every operation. */
  operation?: EpcFaultOperation;
  mode: EpcFaultMode;
  delayMs?: number;
  retryAfterSeconds?: number;
  /** Absent: until cleared. */
  times?: number;
}

const modes: readonly EpcFaultMode[] = ['slow', 'error', 'rate_limited', 'unauthorized', 'malformed'];
const operations: readonly EpcFaultOperation[] = ['search', 'certificate'];
const maxFaults = 100;

/** The reason a fault list cannot be used, or null. */
export const epcFaultProblem = (faults: unknown): string | null => {
  if (!Array.isArray(faults)) return 'faults must be an array';
  if (faults.length > maxFaults) return `at most ${maxFaults} faults`;
  for (const [i, f] of faults.entries()) {
    const fault = f as Partial<EpcFault> | null;
    if (typeof fault !== 'object' || fault === null) return `faults[${i}] must be an object`;
    if (!modes.includes(fault.mode as EpcFaultMode)) return `faults[${i}].mode must be one of ${modes.join(', ')}`;
    if (fault.operation !== undefined && !operations.includes(fault.operation))
      return `faults[${i}].operation must be one of ${operations.join(', ')}`;
    for (const key of ['delayMs', 'retryAfterSeconds', 'times'] as const) {
      const value = fault[key];
      if (value !== undefined && !(Number.isInteger(value) && value >= (key === 'times' ? 1 : 0) && value <= 3_600_000)) {
        return `faults[${i}].${key} must be a whole number${key === 'times' ? ' of at least 1' : ''}`;
      }
    }
  }
  return null;
};

export class EpcFaultBook {
  private faults: EpcFault[] = [];

  replace(faults: readonly EpcFault[]): void {
    this.faults = faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  list(): EpcFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  take(operation: EpcFaultOperation): EpcFault | null {
    const index = this.faults.findIndex((f) => f.operation === undefined || f.operation === operation);
    if (index < 0) return null;
    const fault = this.faults[index]!;
    if (fault.times !== undefined) {
      if (fault.times <= 1) this.faults.splice(index, 1);
      else this.faults[index] = { ...fault, times: fault.times - 1 };
    }
    return { ...fault };
  }
}

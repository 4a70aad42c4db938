// Faults a test asks the open-data test environment to show, by upstream operation. Each is taken by the next request
// it matches (by operation, or any); `times` counts the takings down and a fault with none stays until cleared; the
// first matching fault in the order given wins.

export const openDataOperations = [
  'police-street-crimes',
  'police-last-updated',
  'coal-specific-risk',
  'coal-planning-constraints',
  'bgs-landslides',
  'bgs-geology',
] as const;
export type OpenDataOperation = (typeof openDataOperations)[number];

export const openDataFaultModes = [
  /** The answer is held back for `delayMs` (default 10 s), then given as usual. */
  'slow',
  /** 500, as the upstream's server fails. */
  'error',
  /** 429 with Retry-After (`retryAfterSeconds`, default 1). */
  'rate_limited',
  /** police.uk's 503: the area holds more than 10,000 crimes. */
  'too_many',
  /** 200 whose body is not the documented format. */
  'malformed',
  /** 404 for the service's path, as a retired map service answers. */
  'gone',
] as const;
export type OpenDataFaultMode = (typeof openDataFaultModes)[number];

export interface OpenDataFault {
  /** Absent: every operation. */
  operation?: OpenDataOperation;
  mode: OpenDataFaultMode;
  delayMs?: number;
  retryAfterSeconds?: number;
  /** Absent: until cleared. */
  times?: number;
}

const maxFaults = 100;

/** The reason a fault list cannot be used, or null. */
export const openDataFaultProblem = (faults: unknown): string | null => {
  if (!Array.isArray(faults)) return 'faults must be an array';
  if (faults.length > maxFaults) return `at most ${maxFaults} faults`;
  for (const [i, f] of faults.entries()) {
    const fault = f as Partial<OpenDataFault> | null;
    if (typeof fault !== 'object' || fault === null) return `faults[${i}] must be an object`;
    if (!openDataFaultModes.includes(fault.mode as OpenDataFaultMode))
      return `faults[${i}].mode must be one of ${openDataFaultModes.join(', ')}`;
    if (fault.operation !== undefined && !openDataOperations.includes(fault.operation))
      return `faults[${i}].operation must be one of ${openDataOperations.join(', ')}`;
    for (const key of ['delayMs', 'retryAfterSeconds', 'times'] as const) {
      const value = fault[key];
      if (value !== undefined && !(Number.isInteger(value) && value >= (key === 'times' ? 1 : 0) && value <= 3_600_000)) {
        return `faults[${i}].${key} must be a whole number${key === 'times' ? ' of at least 1' : ''}`;
      }
    }
  }
  return null;
};

export class OpenDataFaultBook {
  private faults: OpenDataFault[] = [];

  replace(faults: readonly OpenDataFault[]): void {
    this.faults = faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  list(): OpenDataFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  take(operation: OpenDataOperation): OpenDataFault | null {
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

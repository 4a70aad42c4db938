// Faults a test asks the registry test environment to show, by operation and optionally by title. Each is taken
// when a request it matches reaches the point where it would act; `times` counts the takings down and a fault with
// none stays until cleared. The first matching fault in the order given wins. Where they act: `reject`, `lost` and
// the fulfil faults when a new order would be accepted (a repeat of an accepted order takes none of them);
// `uncertain` and `slow` on every 202 answer, repeats included, and `slow` on a search's answer; `delay` on a search
// (a titled fault when the search finds that title), a description, or an order's status (a titled fault when the
// order is for that title).

export type FaultOperation = 'search' | 'describe' | 'submit' | 'fulfil' | 'status';

export type FaultMode =
  /** search, describe, status: 503 REGISTRY_BUSY with a time to try again. */
  | 'delay'
  /** submit: 422 REGISTRY_REJECTED; nothing is ordered. */
  | 'reject'
  /** submit: the connection is destroyed before the order is recorded: no answer, and nothing is ordered. */
  | 'lost'
  /** submit: the order is recorded, then the connection is destroyed before any answer. */
  | 'uncertain'
  /** submit: the order is recorded and the answer held back for `delayMs`; search: the answer is held back so. */
  | 'slow'
  /** fulfil: the accepted order ends failed. */
  | 'fail'
  /** fulfil: the order completes, but its register copy has no text layer. */
  | 'unreadable';

export interface Fault {
  operation: FaultOperation;
  /** Absent: any title. */
  titleNumber?: string;
  mode: FaultMode;
  /** delay: how long the registry asks the caller to wait (default 30 s of business time). */
  retryAfterSeconds?: number;
  /** slow: how long the answer is held back (default 5000 ms of real time). */
  delayMs?: number;
  /** Absent: until cleared. */
  times?: number;
}

export const modesOf: Readonly<Record<FaultOperation, readonly FaultMode[]>> = {
  search: ['delay', 'slow'],
  describe: ['delay'],
  submit: ['reject', 'lost', 'uncertain', 'slow'],
  fulfil: ['fail', 'unreadable'],
  status: ['delay'],
};

const maxFaults = 100;

/** The reason a fault list cannot be used, or null. */
export const faultProblem = (faults: unknown): string | null => {
  if (!Array.isArray(faults)) return 'faults must be an array';
  if (faults.length > maxFaults) return `at most ${maxFaults} faults`;
  for (const [i, f] of faults.entries()) {
    const fault = f as Partial<Fault> | null;
    if (typeof fault !== 'object' || fault === null) return `faults[${i}] must be an object`;
    const modes = modesOf[fault.operation as FaultOperation];
    if (!modes) return `faults[${i}].operation must be one of ${Object.keys(modesOf).join(', ')}`;
    if (!modes.includes(fault.mode as FaultMode)) return `faults[${i}].mode must be one of ${modes.join(', ')} for ${fault.operation}`;
    if (fault.titleNumber !== undefined && typeof fault.titleNumber !== 'string') return `faults[${i}].titleNumber must be a string`;
    for (const key of ['retryAfterSeconds', 'delayMs', 'times'] as const) {
      const value = fault[key];
      if (value !== undefined && !(Number.isInteger(value) && value >= (key === 'times' ? 1 : 0) && value <= 86_400_000)) {
        return `faults[${i}].${key} must be a whole number${key === 'times' ? ' of at least 1' : ''}`;
      }
    }
  }
  return null;
};

export class FaultBook {
  private faults: Fault[] = [];

  replace(faults: readonly Fault[]): void {
    this.faults = faults.map((f) => ({
      ...f,
      ...(f.titleNumber === undefined ? {} : { titleNumber: f.titleNumber.replace(/\s/g, '').toUpperCase() }),
    }));
  }

  clear(): void {
    this.faults = [];
  }

  list(): readonly Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /**
   * Takes the first fault for `operation` in one of `modes` that concerns one of `titleNumbers` (a fault without a
   * title concerns every request), counting it down.
   */
  take(operation: FaultOperation, modes: readonly FaultMode[], titleNumbers: readonly string[]): Fault | null {
    const index = this.faults.findIndex(
      (f) => f.operation === operation && modes.includes(f.mode) && (f.titleNumber === undefined || titleNumbers.includes(f.titleNumber)),
    );
    if (index < 0) return null;
    const fault = this.faults[index]!;
    if (fault.times !== undefined) {
      const left = fault.times - 1;
      if (left <= 0) this.faults.splice(index, 1);
      else this.faults[index] = { ...fault, times: left };
    }
    return { ...fault };
  }
}

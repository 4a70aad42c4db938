import { FaultBook } from '../simulator-kit/fault-book';
import { faultListProblem } from '../simulator-kit/fault-list';

// Faults a test asks the registry test environment to show, by operation and optionally by title
// (simulator-kit/fault-book.ts: `times` counted down, the first matching fault in the order given wins), each shown as
// Business Gateway would show it. Each is taken when a request it matches reaches the point where it would act:
// `reject`, `lost` and the fulfil faults when a new official copy request would be taken (a repeat of a request taken
// takes none of them); `uncertain` and `slow` on every answer to an official copy request, repeats included, and
// `slow` on a search's answer; `delay` on a search (a titled fault when the search finds that title), a document
// availability or proprietor names request, an order's poll (a titled fault when the order is for that title), or
// Outstanding Requests (untitled).

export type FaultOperation = 'search' | 'describe' | 'submit' | 'fulfil' | 'status';

export type FaultMode =
  /**
   * search: acknowledged as queued, with the time to poll; describe: 503 with Retry-After; status: the poll answers
   * "not yet processed", and Outstanding Requests a fault (the service unavailable).
   */
  | 'delay'
  /** submit: a rejection (TypeCode 20); nothing is ordered. */
  | 'reject'
  /** submit: the connection is destroyed before the order is recorded: no answer, and nothing is ordered. */
  | 'lost'
  /** submit: the order is recorded, then the connection is destroyed before any answer. */
  | 'uncertain'
  /** submit: the request is recorded and the answer held back for `delayMs`; search: the answer is held back so. */
  | 'slow'
  /** fulfil: the request taken is cancelled (an official copy's result with ResultTypeCode 40; a Register Extract rejection). */
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

/** What a request offers a fault: its operation, the modes that can act at this point, the titles it concerns. */
export interface FaultPoint {
  operation: FaultOperation;
  modes: readonly FaultMode[];
  titleNumbers: readonly string[];
}

/** The book of registry faults: a fault without a title concerns every request. */
export const registryFaultBook = () =>
  new FaultBook<Fault, FaultPoint>({
    matches: (f, at) =>
      f.operation === at.operation && at.modes.includes(f.mode) && (f.titleNumber === undefined || at.titleNumbers.includes(f.titleNumber)),
    normalise: (f) => (f.titleNumber === undefined ? f : { ...f, titleNumber: f.titleNumber.replace(/\s/g, '').toUpperCase() }),
  });

export type RegistryFaultBook = ReturnType<typeof registryFaultBook>;

/** The reason a fault list cannot be used, or null. */
export const faultProblem = (faults: unknown): string | null =>
  faultListProblem(faults, {
    kindProblem: (fault, at) => {
      const modes = modesOf[fault.operation as FaultOperation];
      if (!modes) return `${at}.operation must be one of ${Object.keys(modesOf).join(', ')}`;
      if (!modes.includes(fault.mode as FaultMode)) return `${at}.mode must be one of ${modes.join(', ')} for ${String(fault.operation)}`;
      if (fault.titleNumber !== undefined && typeof fault.titleNumber !== 'string') return `${at}.titleNumber must be a string`;
      return null;
    },
    wholeNumbers: ['retryAfterSeconds', 'delayMs', 'times'],
    maxWholeNumber: 86_400_000,
  });

import type { Logger } from '@pds/service-runtime';
import type { Response } from 'express';
import { FaultBook } from './fault-book';
import { faultListProblem, oneOfProblem } from './fault-list';

// Faults of an environment whose requests differ only by upstream operation (the EPC register's, the open-data
// services'): a fault is for one operation or, without one, for all. Every environment has `slow`, which holds the
// answer back for `delayMs` (default 10 s) and then lets it be given as usual; each says what its other modes answer
// in the upstream's place (a refusal may say when to try again in `retryAfterSeconds`). Every request is counted by
// operation, so that a test can tell how often a client tried.

export interface OperationFault<Op extends string, Mode extends string> {
  /** Absent: every operation. */
  operation?: Op;
  mode: Mode;
  delayMs?: number;
  retryAfterSeconds?: number;
  /** Absent: until cleared. */
  times?: number;
}

const defaultSlowMs = 10_000;

/** The longest hold and the latest retry a fault may ask for: an hour. */
const maxWholeNumber = 3_600_000;

export const operationFaultBook = <Op extends string, Mode extends string>() =>
  new FaultBook<OperationFault<Op, Mode>, Op>({
    matches: (fault, operation) => fault.operation === undefined || fault.operation === operation,
  });

/** The check of a fault list for these operations and modes: the reason it cannot be armed, or null. */
export const operationFaultProblem =
  (operations: readonly string[], modes: readonly string[]) =>
  (faults: unknown): string | null =>
    faultListProblem(faults, {
      kindProblem: (fault, at) =>
        oneOfProblem(fault.mode, modes, `${at}.mode`) ?? oneOfProblem(fault.operation, operations, `${at}.operation`, true),
      wholeNumbers: ['delayMs', 'retryAfterSeconds', 'times'],
      maxWholeNumber,
    });

/** Requests seen, by operation, since the start or the last reset. */
export class RequestCounts<Op extends string> {
  private counts: Record<Op, number>;

  constructor(private readonly operations: readonly Op[]) {
    this.counts = this.zeros();
  }

  count(operation: Op): void {
    this.counts[operation]++;
  }

  all(): Record<Op, number> {
    return { ...this.counts };
  }

  reset(): void {
    this.counts = this.zeros();
  }

  private zeros(): Record<Op, number> {
    return Object.fromEntries(this.operations.map((op) => [op, 0])) as Record<Op, number>;
  }
}

export interface OperationFaults<Op extends string, Mode extends string> {
  faults: FaultBook<OperationFault<Op, Mode>, Op>;
  requests: RequestCounts<Op>;
  logger: Logger;
}

/** What a fault answers in the upstream's place, for a request for `operation`. */
export type FaultAnswer<Op extends string, Mode extends string> = (res: Response, fault: OperationFault<Op, Mode>, operation: Op) => void;

/** The answer of each mode but `slow`. */
export type FaultAnswers<Op extends string, Mode extends string> = Record<Exclude<Mode, 'slow'>, FaultAnswer<Op, Mode>>;

/**
 * Counts a request for `operation` and applies the fault it takes, if any: `slow` holds it back, any other mode
 * answers as `answers` say. True when the fault has answered.
 */
export const answeredByFault = async <Op extends string, Mode extends string>(
  state: OperationFaults<Op, Mode>,
  operation: Op,
  res: Response,
  answers: FaultAnswers<Op, Mode>,
): Promise<boolean> => {
  state.requests.count(operation);
  const fault = state.faults.take(operation);
  if (!fault) return false;
  state.logger.info({ operation, fault }, 'fault taken');
  if (fault.mode === 'slow') {
    await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? defaultSlowMs));
    return false;
  }
  answers[fault.mode as Exclude<Mode, 'slow'>](res, fault, operation);
  return true;
};

/** An environment's fault kinds: the check of a list a test arms, and the application of a fault to a request. */
export const operationFaultKinds = <Op extends string, Mode extends string>(
  operations: readonly Op[],
  modes: readonly Mode[],
  answers: FaultAnswers<Op, Mode>,
) => ({
  /** The reason a fault list cannot be armed, or null. */
  problemOf: operationFaultProblem(operations, modes),
  /** Counts the request and applies the fault it takes, if any; true when the fault has answered. */
  faulted: (state: OperationFaults<Op, Mode>, operation: Op, res: Response): Promise<boolean> =>
    answeredByFault(state, operation, res, answers),
});

// The faults a test has armed in a test environment, in the order given. A request takes the first fault that matches
// it (each environment says what matching means: by operation, by title, by mode); `times` counts the takings down,
// the fault leaving the book with its last one, and a fault without `times` stays until the list is replaced or
// cleared. Every read hands out copies, so what a caller does with a fault never changes what is armed.

/** What every environment's fault has: how many more requests it is for (absent: until cleared). */
export interface ArmedFault {
  times?: number;
}

export interface FaultBookRules<F extends ArmedFault, R> {
  /** Whether `fault` is for `request`. */
  matches: (fault: F, request: R) => boolean;
  /** The fault as it is held (a title number in its registered form, say); absent: as given. */
  normalise?: (fault: F) => F;
}

export class FaultBook<F extends ArmedFault, R> {
  private faults: F[] = [];

  constructor(private readonly rules: FaultBookRules<F, R>) {}

  /** Arms these faults in place of every fault armed before. */
  replace(faults: readonly F[]): void {
    const normalise = this.rules.normalise ?? ((f: F) => f);
    this.faults = faults.map((f) => normalise({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  /** What is still armed, `times` counted down. */
  list(): F[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** Takes the first fault for `request`, counting it down; null when none is armed for it. */
  take(request: R): F | null {
    const index = this.faults.findIndex((f) => this.rules.matches(f, request));
    if (index < 0) return null;
    const fault = this.faults[index]!;
    if (fault.times !== undefined) {
      if (fault.times <= 1) this.faults.splice(index, 1);
      else this.faults[index] = { ...fault, times: fault.times - 1 };
    }
    return { ...fault };
  }
}

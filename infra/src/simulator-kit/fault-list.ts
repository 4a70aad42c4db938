// What a test may arm: a list of at most `maxFaults` objects, each of its environment's kinds, with whole numbers
// where numbers go (`times` at least 1, since a fault for no request is a mistake). The first problem found is the
// answer, so a test that arms a wrong fault reads what to change.

const maxFaults = 100;

export interface FaultListRules {
  /** The environment's own checks of one fault (its operations and modes), or null when they pass. */
  kindProblem: (fault: Record<string, unknown>, at: string) => string | null;
  /** The fields that take whole numbers, in the order they are checked. */
  wholeNumbers: readonly string[];
  /** The largest whole number any of them takes. */
  maxWholeNumber: number;
}

/** The reason a fault list cannot be armed, or null. */
export const faultListProblem = (faults: unknown, rules: FaultListRules): string | null => {
  if (!Array.isArray(faults)) return 'faults must be an array';
  if (faults.length > maxFaults) return `at most ${maxFaults} faults`;
  for (const [i, fault] of (faults as unknown[]).entries()) {
    const at = `faults[${i}]`;
    if (typeof fault !== 'object' || fault === null) return `${at} must be an object`;
    const record = fault as Record<string, unknown>;
    const kind = rules.kindProblem(record, at);
    if (kind) return kind;
    for (const key of rules.wholeNumbers) {
      const value = record[key];
      const least = key === 'times' ? 1 : 0;
      if (value !== undefined && !(Number.isInteger(value) && (value as number) >= least && (value as number) <= rules.maxWholeNumber)) {
        return `${at}.${key} must be a whole number${key === 'times' ? ' of at least 1' : ''}`;
      }
    }
  }
  return null;
};

/** The problem of a field that must be one of `allowed` (absent allowed where `optional`), or null. */
export const oneOfProblem = (value: unknown, allowed: readonly unknown[], field: string, optional = false): string | null =>
  (optional && value === undefined) || allowed.includes(value) ? null : `${field} must be one of ${allowed.join(', ')}`;

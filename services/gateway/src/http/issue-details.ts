import type { z } from '@pds/contracts';

const describe = (issue: z.core.$ZodIssue, root: string): string[] => {
  const at = (path: PropertyKey[]) => (path.length ? path.map(String).join('.') : root);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => `${at([...issue.path, key])}: not allowed`);
    case 'invalid_union': {
      // A union of literals (e.g. 700 | 1400) reads better as its list of values than as one failure per branch.
      const values = issue.errors.flat().flatMap((i) => (i.code === 'invalid_value' && i.path.length === 0 ? i.values : []));
      return [`${at(issue.path)}: ${values.length ? `must be one of ${values.map(String).join(', ')}` : issue.message}`];
    }
    case 'invalid_value':
      // An enum or a set of literals: the allowed values say more than "invalid option".
      return [`${at(issue.path)}: must be one of ${issue.values.map(String).join(', ')}`];
    case 'invalid_type':
      // Zod says "expected string, received undefined" for a missing property; callers think of it as missing.
      return [`${at(issue.path)}: ${issue.message.endsWith('received undefined') ? 'required' : issue.message}`];
    default:
      return [`${at(issue.path)}: ${issue.message}`];
  }
};

/**
 * The `details` of a 400: every failing field by its path, so the caller can fix them all at once. `root` names the
 * value itself (the body, or a header) for issues about it as a whole.
 */
export const issueDetails = (issues: readonly z.core.$ZodIssue[], root = 'body'): string =>
  issues.flatMap((i) => describe(i, root)).join('; ');

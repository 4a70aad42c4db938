import { PropertyQuery, type propertyCompliance, type propertyEpc, type propertyFloorArea, isOutsideEnglandAndWales } from '@pds/contracts';
import { issueDetails } from '../../http/issue-details';
import type { Checked, Input, RawInput } from '../../operations/handler';

// The query of the EPC and floor-area lookups: `uprn` alone, or `address` with `postcode`. The alternative is told
// apart by the parameters given, so that a caller who sent both, or neither, is told that rather than every failure of
// both; then the values are read by the contract's schema; then a postcode outside England and Wales is refused, since
// those certificates are held by other registers. All before any credit is reserved.

const known = new Set(['uprn', 'address', 'postcode']);
const alternatives = '`uprn` alone, or `address` with `postcode`';

const problemsOf = (query: Record<string, unknown>): string[] => {
  const has = (name: string) => query[name] !== undefined;
  const unknown = Object.keys(query)
    .filter((name) => !known.has(name))
    .map((name) => `${name}: not allowed`);
  if (has('uprn'))
    return [
      ...(has('address') || has('postcode') ? [`uprn: not allowed with ${['address', 'postcode'].filter(has).join(' and ')}`] : []),
      ...unknown,
    ];
  if (has('address') && has('postcode')) return unknown;
  if (has('address')) return ['postcode: required with address', ...unknown];
  if (has('postcode')) return ['address: required with postcode', ...unknown];
  return ['query: none of uprn, address, postcode given', ...unknown];
};

type PropertyLookup = typeof propertyEpc | typeof propertyFloorArea | typeof propertyCompliance;

/** The `read` of the property lookups (their queries are the same). */
export const readPropertyQuery = <O extends PropertyLookup>(raw: RawInput): Checked<Input<O>> => {
  const query = (typeof raw.query === 'object' && raw.query !== null ? raw.query : {}) as Record<string, unknown>;
  const problems = problemsOf(query);
  if (problems.length > 0) {
    return {
      ok: false,
      code: 'INVALID_PARAMETERS',
      message: `Give ${alternatives}, and no other parameters. Nothing was charged.`,
      details: problems.join('; '),
    };
  }
  const parsed = PropertyQuery.safeParse(query);
  if (!parsed.success) {
    return {
      ok: false,
      code: 'INVALID_PARAMETERS',
      message: '`uprn` must be 1 to 12 digits; `address` 2 to 300 characters with a full `postcode`. Nothing was charged.',
      details: issueDetails(parsed.error.issues, 'query'),
    };
  }
  const { postcode } = parsed.data;
  if (postcode !== undefined && isOutsideEnglandAndWales(postcode)) {
    return {
      ok: false,
      code: 'OUTSIDE_ENGLAND_AND_WALES',
      message:
        `${postcode} is in Scotland or Northern Ireland. This register covers England and Wales; Scotland's certificates are held ` +
        "by the Scottish EPC Register and Northern Ireland's by its own register. Nothing was charged.",
      details: 'postcode: outside England and Wales',
    };
  }
  return { ok: true, value: { query: parsed.data, params: undefined, headers: undefined, body: undefined } as Input<O> };
};

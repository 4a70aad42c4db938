import { TitleMatchRequest, isOutsideEnglandAndWales } from '@pds/contracts';
import { issueDetails } from '../../http/issue-details';

import type { Checked } from '../../operations/handler';

const alternatives = 'exactly one of `uprn`, or `address` with `postcode`';
const [byUprn, byAddress] = TitleMatchRequest.options;
const known = new Set(['uprn', 'address', 'postcode']);

/** A JSON object: not null, not an array (both of which `typeof` calls objects). */
export const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/** Why the given properties are not one of the two alternatives, or undefined when they are. */
const alternativeProblems = (body: Record<string, unknown>): string[] | undefined => {
  const has = (name: string) => Object.hasOwn(body, name);
  if (has('uprn') ? !has('address') && !has('postcode') : has('address') && has('postcode')) return undefined;
  const unknown = Object.keys(body)
    .filter((name) => !known.has(name))
    .map((name) => `${name}: not allowed`);
  if (has('uprn')) return [`uprn: not allowed with ${['address', 'postcode'].filter(has).join(' and ')}`, ...unknown];
  if (has('address')) return ['postcode: required with address', ...unknown];
  if (has('postcode')) return ['address: required with postcode', ...unknown];
  return ['body: none of uprn, address, postcode given', ...unknown];
};

/**
 * The title-match body, or why not. The alternative is chosen by the properties given, so that a caller who sent
 * both, or neither, is told so rather than shown the failures of both alternatives.
 */
export const checkTitleMatch = (body: unknown): Checked<TitleMatchRequest> => {
  if (!isObject(body)) {
    return {
      ok: false,
      code: 'INVALID_PARAMETERS',
      message: `The body must be a JSON object with ${alternatives}.`,
      details: 'body: expected a JSON object',
    };
  }
  const problems = alternativeProblems(body);
  if (problems)
    return {
      ok: false,
      code: 'INVALID_PARAMETERS',
      message: `Send ${alternatives}, and no other properties.`,
      details: problems.join('; '),
    };

  const parsed = (Object.hasOwn(body, 'uprn') ? byUprn : byAddress).safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      code: 'INVALID_PARAMETERS',
      message: '`uprn` must be 1 to 12 digits; `address` 2 to 300 characters with `postcode` 5 to 12; no other properties.',
      details: issueDetails(parsed.error.issues),
    };
  }
  const search = parsed.data;
  if ('postcode' in search && isOutsideEnglandAndWales(search.postcode)) {
    return {
      ok: false,
      code: 'OUTSIDE_ENGLAND_AND_WALES',
      message: `${search.postcode.toUpperCase()} is in Scotland or Northern Ireland; the Land Registry covers England and Wales only. Nothing was charged.`,
      details: 'postcode: outside England and Wales',
    };
  }
  return { ok: true, value: search };
};

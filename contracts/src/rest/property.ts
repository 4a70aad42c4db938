import { z } from '../zod';
import { Postcode } from './postcode';

// How a caller names a property: by its UPRN, or by its address within a postcode. One definition for every
// operation that takes a property in its query.

export const Uprn = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, 'must be 1 to 12 digits')
  // One number, however it is padded: some publishers left-pad to 12 digits, others do not.
  .transform((u) => u.replace(/^0+(?=\d)/, ''))
  .openapi({ type: 'string', example: '993262081585', description: 'Unique Property Reference Number: 1 to 12 digits' });

export const propertyQueryFields = {
  uprn: Uprn.optional(),
  address: z
    .string()
    .trim()
    .min(2)
    .max(300)
    .optional()
    .openapi({ example: '194 Oxford Road', description: '2 to 300 characters; with `postcode`, when `uprn` is absent' }),
  postcode: Postcode.optional().openapi({ type: 'string', example: 'RG30 1AA', description: 'A full postcode; with `address`' }),
};

/** A property by `uprn` alone, or by `address` with `postcode` (the handler refuses neither and both). */
export const PropertyQuery = z.strictObject(propertyQueryFields).openapi('PropertyQuery');
export type PropertyQuery = z.infer<typeof PropertyQuery>;

/** The two ways of naming a property, once the query has been read. */
export type PropertyRef = { uprn: string } | { address: string; postcode: string };

/** The property the query names, or why the query names none (its message says what to send instead). */
export const propertyRefOf = (q: { uprn?: string; address?: string; postcode?: string }): PropertyRef | { invalid: string } => {
  if (q.uprn !== undefined) {
    return q.address === undefined && q.postcode === undefined
      ? { uprn: q.uprn }
      : { invalid: 'give `uprn` alone, or `address` with `postcode`, not both' };
  }
  if (q.address !== undefined && q.postcode !== undefined) return { address: q.address, postcode: q.postcode };
  return {
    invalid:
      q.address === undefined && q.postcode === undefined ? 'give `uprn`, or `address` with `postcode`' : 'give `address` with `postcode`',
  };
};

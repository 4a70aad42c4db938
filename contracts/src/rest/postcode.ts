import { z } from '../zod';

// UK postcodes, normalised once (the specification's rule: space optional, normalised by inserting a space before the
// last three characters), the same way for every operation and every imported file.

/** Upper case, no spaces, then one space before the inward code (the last three characters). */
export const normalisePostcode = (text: string): string => {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
};

/**
 * A full UK postcode once normalised: outward code (area, district), a space, inward code; the Girobank GIR 0AA; and
 * the three-letter outward codes of some terminated postcodes ONS still lists (NPT 0AR: Newport, before NP).
 */
export const fullPostcodePattern = /^(?:[A-Z]{1,2}[0-9][A-Z0-9]?|[A-Z]{3}) [0-9][A-Z]{2}$|^GIR 0AA$/;

export const isFullPostcode = (text: string) => fullPostcodePattern.test(normalisePostcode(text));

/** The postcode area: the letters before the first digit (`G` for G1 1AA, `GL` for GL1 1AA). */
export const postcodeArea = (postcode: string): string | undefined => /^([A-Z]{1,2})[0-9]/.exec(normalisePostcode(postcode))?.[1];

// The registry covers England and Wales only. Postcode areas wholly in Scotland or Northern Ireland can be refused
// before anything is charged. TD (Galashiels) and CA (Carlisle) straddle the Scottish border, so they are left to the
// datasets (or the registry) to answer; so is anything that does not look like a postcode.

const scottishAreas = new Set(['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'ZE']);
const northernIrishAreas = new Set(['BT']);

export const isOutsideEnglandAndWales = (postcode: string): boolean => {
  const area = postcodeArea(postcode);
  return area !== undefined && (scottishAreas.has(area) || northernIrishAreas.has(area));
};

export const Postcode = z
  .string()
  .max(16)
  .transform(normalisePostcode)
  .pipe(z.string().regex(fullPostcodePattern, 'must be a full UK postcode, such as RG30 1AA'))
  .openapi({ type: 'string', example: 'RG30 1AA', description: 'A full UK postcode; spaces optional, any case' });

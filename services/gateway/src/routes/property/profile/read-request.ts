import { isFullPostcode, normalisePostcode, type PropertyRef } from '@pds/contracts';
import type { Checked, RawInput } from '../../../operations/handler';
import { checkTitleMatch, isObject } from '../../land-registry/title-match-request';

// The profile's body, `{property: {uprn} | {address, postcode}}`, no other properties at any level. The property's two
// alternatives are the title lookup's, read by the same rules (and the same refusals of Scotland and Northern
// Ireland by postcode); what is added here is the envelope around them and the normal forms the address dataset is
// keyed by.

const refuse = (message: string, details: string) => ({ ok: false as const, code: 'INVALID_PARAMETERS' as const, message, details });

export const readProfileRequest = (raw: RawInput): Checked<PropertyRef> => {
  const body = raw.body;
  if (!isObject(body)) return refuse('The body must be a JSON object: `{"property": {...}}`.', 'body: expected a JSON object');
  const others = Object.keys(body).filter((k) => k !== 'property');
  if (!Object.hasOwn(body, 'property') || others.length > 0) {
    const problems = [...(Object.hasOwn(body, 'property') ? [] : ['property: required']), ...others.map((k) => `${k}: not allowed`)];
    return refuse('Send `{"property": {...}}` and no other properties.', problems.join('; '));
  }
  const property = checkTitleMatch(body.property);
  if (!property.ok) {
    // The title lookup names the fields of its own body; here they are inside `property`.
    const inProperty = (item: string) => (item.startsWith('body:') ? `property:${item.slice(5)}` : `property.${item}`);
    return { ...property, details: (property.details ?? '').split('; ').map(inProperty).join('; ') };
  }
  if ('uprn' in property.value) return { ok: true, value: { uprn: property.value.uprn.replace(/^0+(?=\d)/, '') } };
  const { address, postcode } = property.value;
  if (!isFullPostcode(postcode))
    return refuse('`property.postcode` must be a full UK postcode, such as RG30 1AA.', 'property.postcode: not a full UK postcode');
  return { ok: true, value: { address, postcode: normalisePostcode(postcode) } };
};

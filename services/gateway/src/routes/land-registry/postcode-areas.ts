// The registry covers England and Wales only. Postcode areas wholly in Scotland or Northern Ireland can be refused
// before anything is charged. TD (Galashiels) and CA (Carlisle) straddle the Scottish border, so they are left to the
// registry to answer; so is anything that does not look like a postcode.

const scottishAreas = new Set(['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'ZE']);
const northernIrishAreas = new Set(['BT']);

/** The area is the letters before the first digit: `G` (Glasgow) is only G followed by a digit, not GL or GU. */
const areaOf = (postcode: string): string | undefined => /^([A-Z]{1,2})\d/.exec(postcode.replace(/\s+/g, '').toUpperCase())?.[1];

export const isOutsideEnglandAndWales = (postcode: string): boolean => {
  const area = areaOf(postcode);
  return area !== undefined && (scottishAreas.has(area) || northernIrishAreas.has(area));
};

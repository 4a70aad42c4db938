import type { ProfileFacts, PropertyEpcResult } from '@pds/contracts';

// The facts an energy certificate gives a profile: what the assessor recorded of the building. The occupancy the
// assessor recorded (`assessorRecordedTenure`) is deliberately not among them: it is not legal tenure.

type BuildingAge = NonNullable<ProfileFacts['buildingAge']>;

/**
 * The age of the building from a certificate's construction age band as the register publishes it: "England and
 * Wales: 1930-1949", "England and Wales: before 1900", "England and Wales: 2012 onwards", or on newer certificates one
 * year ("2019"). "NO DATA!", "INVALID!" and blanks say nothing.
 */
export const buildingAgeOf = (band: string | null): BuildingAge | undefined => {
  const text = (band ?? '').replace(/^England and Wales:\s*/i, '').trim();
  if (/^\d{4}$/.test(text)) return { year: Number(text) };
  if (/^(before \d{4}|\d{4}\s*-\s*\d{4}|\d{4} onwards)$/i.test(text)) return { period: text.replace(/\s*-\s*/, '-') };
  return undefined;
};

export const certificateFacts = (epc: PropertyEpcResult): Partial<ProfileFacts> => {
  const { latest, history } = epc;
  // The latest certificate's floor area, else the newest earlier one that records it (as the floor area lookup does).
  const floorArea = latest.floorAreaSqM ?? history.find((c) => c.floorAreaSqM !== null)?.floorAreaSqM ?? null;
  const age = buildingAgeOf(latest.constructionAgeBand);
  return {
    ...(latest.propertyType ? { propertyType: latest.propertyType } : {}),
    ...(latest.builtForm ? { builtForm: latest.builtForm } : {}),
    ...(floorArea !== null ? { floorAreaSqM: floorArea } : {}),
    ...(age ? { buildingAge: age } : {}),
  };
};

import type { ComplianceResult, PlanningConstraintsResult, PropertyEpcResult } from '@pds/contracts';
import type { Asked, Sourced } from '../asking/ask-service';
import { constraintsAtProperty } from '../planning/constraints-at-property';

// The checks a landlord in England and Wales makes before letting a home, each from the facts the location service
// gives (the EPC lookup's answer, the planning constraints at the property's own position) and each saying whether it
// could be made: the minimum energy efficiency standard (Energy Efficiency (Private Rented Property) (England and Wales)
// Regulations 2015: E or better), a listed building, a conservation area, a flood zone.

type Check<K extends 'listedBuilding' | 'conservationArea' | 'floodZone'> = ComplianceResult[K];

const notMade = (reason: string) => ({ checked: false, status: 'not-checked' as const, reason, entries: [] });

/** The minimum energy efficiency standard from the EPC lookup's answer (or refusal). */
export const energyCheck = (epc: Asked<Sourced<PropertyEpcResult>>, today: string): ComplianceResult['minimumEnergyEfficiency'] => {
  const none = { rating: null, certificateNumber: null, expiresOn: null, certificateValid: null };
  if (!epc.ok)
    return epc.code === 'EPC_NOT_FOUND'
      ? { checked: true, status: 'no-certificate', reason: 'No certificate is registered; a home cannot be let without one.', ...none }
      : { checked: false, status: 'not-checked', reason: `${epc.code}: ${epc.message}`, ...none };
  const { latest } = epc.data.data;
  const rating = latest.currentRating;
  const found = {
    rating,
    certificateNumber: latest.certificateNumber,
    expiresOn: latest.expiresOn,
    certificateValid: today < latest.expiresOn,
  };
  if (rating === null) return { checked: false, status: 'not-checked', reason: 'The latest certificate gives no rating.', ...found };
  const meets = ['A', 'B', 'C', 'D', 'E'].includes(rating);
  return {
    checked: true,
    status: meets ? 'meets-minimum' : 'below-minimum',
    reason: meets
      ? `Rated ${rating}: E or better, as the 2015 Regulations require of a let home.`
      : `Rated ${rating}: below E; it may not be let unless an exemption is registered (2015 Regulations).`,
    ...found,
  };
};

/** The three planning checks from the constraints at the position, each made only when its dataset is imported. */
export const planningChecks = (planning: Asked<Sourced<PlanningConstraintsResult>> | null, positionKnown: boolean) => {
  if (!positionKnown) {
    const why = "The property's position is not known: the address dataset does not hold it.";
    return { listedBuilding: notMade(why), conservationArea: notMade(why), floodZone: notMade(why) };
  }
  if (!planning?.ok) {
    const why = planning ? `${planning.code}: ${planning.message}` : 'Planning constraints were not asked for.';
    return { listedBuilding: notMade(why), conservationArea: notMade(why), floodZone: notMade(why) };
  }
  const answer = planning.data.data;
  if (!answer.applicable) {
    const why = 'planning.data.gov.uk covers England; the property is outside it.';
    return { listedBuilding: notMade(why), conservationArea: notMade(why), floodZone: notMade(why) };
  }
  // The planning datasets imported are what its `sources` entry lists (the planning-data dataset's parts).
  const imported = new Set(planning.data.sources.find((s) => s.dataset === 'planning-data')?.vintage.split(', ') ?? []);
  const missing = (dataset: string) => `The ${dataset} dataset of planning.data.gov.uk is not imported.`;
  const atProperty = constraintsAtProperty(answer.constraints);
  const of = (...types: string[]) => atProperty.filter((c) => types.includes(c.type));

  const listed = of('listed-building', 'listed-building-outline');
  const listedBuilding: Check<'listedBuilding'> = !imported.has('listed-building')
    ? notMade(missing('listed-building'))
    : { checked: true, status: listed.length > 0 ? 'listed' : 'not-listed', reason: null, entries: listed };
  const areas = of('conservation-area');
  const conservationArea: Check<'conservationArea'> = !imported.has('conservation-area')
    ? notMade(missing('conservation-area'))
    : { checked: true, status: areas.length > 0 ? 'in-conservation-area' : 'not-in-conservation-area', reason: null, entries: areas };
  const zones = of('flood-risk-zone');
  const level = Math.max(0, ...zones.map((z) => Number(z.details['flood-risk-level'] ?? 0)));
  const floodZone: Check<'floodZone'> = !imported.has('flood-risk-zone')
    ? notMade(missing('flood-risk-zone'))
    : {
        checked: true,
        status: level >= 3 ? 'flood-zone-3' : level === 2 ? 'flood-zone-2' : 'flood-zone-1',
        reason: level >= 2 ? null : 'In neither flood zone 2 nor 3: zone 1, low probability of flooding from rivers and the sea.',
        entries: zones,
      };
  return { listedBuilding, conservationArea, floodZone };
};

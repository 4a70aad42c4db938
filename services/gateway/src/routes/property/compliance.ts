import {
  areaPlanningConstraints,
  listedBuildingRadiusMetres,
  propertyCompliance,
  propertyEpc,
  propertyRefOf,
  type ComplianceResult,
  type PlanningConstraintsResult,
  type PropertyEpcResult,
  type Source,
  readModels,
} from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { planningConstraintsHandler } from '../area/planning-constraints';
import { askOperation, type PartAnswer } from '../ask-operation';
import { propertyEpcHandler } from '../epc/lookups';
import { readPropertyQuery } from '../epc/property-query';
import { ukToday } from '../uk-today';
import { constraintsAtProperty } from './constraints-at-property';

// `property_compliance`: the checks a landlord in England and Wales makes, from the EPC lookup and the planning
// constraints at the property's own position (both asked as their operations), each saying whether it was made.

type Check<K extends 'listedBuilding' | 'conservationArea' | 'floodZone'> = ComplianceResult[K];

const notMade = (reason: string) => ({ checked: false, status: 'not-checked' as const, reason, entries: [] });

/** The minimum energy efficiency standard from the EPC lookup's answer (or refusal). */
const energyCheck = (epc: PartAnswer, today: string): ComplianceResult['minimumEnergyEfficiency'] => {
  const none = { rating: null, certificateNumber: null, expiresOn: null, certificateValid: null };
  if (!epc.ok)
    return epc.code === 'EPC_NOT_FOUND'
      ? { checked: true, status: 'no-certificate', reason: 'No certificate is registered; a home cannot be let without one.', ...none }
      : { checked: false, status: 'not-checked', reason: `${epc.code}: ${epc.message}`, ...none };
  const latest = (epc.data as unknown as PropertyEpcResult).latest;
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
const planningChecks = (planning: PartAnswer | null, positionKnown: boolean) => {
  if (!positionKnown) {
    const why = "The property's position is not known: the address dataset does not hold it.";
    return { listedBuilding: notMade(why), conservationArea: notMade(why), floodZone: notMade(why) };
  }
  if (!planning?.ok) {
    const why = planning ? `${planning.code}: ${planning.message}` : 'Planning constraints were not asked for.';
    return { listedBuilding: notMade(why), conservationArea: notMade(why), floodZone: notMade(why) };
  }
  const answer = planning.data as unknown as PlanningConstraintsResult;
  if (!answer.applicable) {
    const why = 'planning.data.gov.uk covers England; the property is outside it.';
    return { listedBuilding: notMade(why), conservationArea: notMade(why), floodZone: notMade(why) };
  }
  // The planning datasets imported are what its `sources` entry lists (the planning-data dataset's parts).
  const imported = new Set(planning.sources.find((s) => s.dataset === 'planning-data')?.vintage.split(', ') ?? []);
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

export const complianceHandler = handlerOf(propertyCompliance, {
  read: readPropertyQuery,
  handle: async (call) => {
    const q = call.input.query;
    const ref = propertyRefOf(q);
    if ('invalid' in ref) return { ok: false, code: 'INVALID_PARAMETERS', message: `Give ${ref.invalid}. Nothing was charged.` };
    const resolved = await readModels.addressQueries.resolve(call.deps.db, ref);
    if (resolved.kind === 'ambiguous')
      return {
        ok: false,
        code: 'ADDRESS_AMBIGUOUS',
        message: `The address matches ${resolved.candidates.length} addresses in the postcode; retry with the \`uprn\` meant. Nothing was charged.`,
        candidates: resolved.candidates,
      };
    const found = resolved.kind === 'found' ? resolved.property : null;
    const query: Record<string, string> = 'uprn' in ref ? { uprn: ref.uprn } : { address: ref.address, postcode: ref.postcode };
    const [epc, planning] = await Promise.all([
      askOperation(call, 'energy certificate lookup', propertyEpc, propertyEpcHandler, query),
      found
        ? askOperation(call, 'planning constraints', areaPlanningConstraints, planningConstraintsHandler, {
            latitude: String(found.latitude),
            longitude: String(found.longitude),
            radiusMetres: String(listedBuildingRadiusMetres),
          })
        : Promise.resolve(null),
    ]);
    const today = ukToday(call.deps.clock.now());
    const checks = { minimumEnergyEfficiency: energyCheck(epc, today), ...planningChecks(planning, found !== null) };
    const notChecked = Object.entries(checks).flatMap(([name, check]) => (check.checked ? [] : [name]));
    if (notChecked.length === 4)
      return {
        ok: false,
        code: 'SERVICE_UNAVAILABLE',
        message: `No check could be made (${checks.minimumEnergyEfficiency.reason}). Nothing was charged.`,
      };
    const epcProperty = epc.ok ? (epc.data as unknown as PropertyEpcResult).property : null;
    const data: ComplianceResult = {
      property: {
        uprn: found?.uprn ?? epcProperty?.uprn ?? ('uprn' in ref ? ref.uprn : null),
        address: found?.singleLine ?? epcProperty?.address ?? ('address' in ref ? ref.address : null),
        postcode: found?.postcode ?? epcProperty?.postcode ?? ('postcode' in ref ? ref.postcode : ''),
        position: found ? { latitude: found.latitude, longitude: found.longitude } : null,
      },
      checkedOn: today,
      ...checks,
      notChecked,
    };
    const sources = new Map<string, Source>();
    for (const part of [epc, planning]) if (part?.ok) for (const s of part.sources) sources.set(s.dataset, s);
    return { ok: true, data, sources: [...sources.values()] };
  },
});

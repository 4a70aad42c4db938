import {
  areaPlanningConstraints,
  landRegistry,
  listedBuildingRadiusMetres,
  propertyEpc,
  propertyProfile,
  type PlanningConstraintsResult,
  type ProfilePart,
  type ProfileTitle,
  type PropertyEpcResult,
  type PropertyProfile,
  type Source,
  readModels,
} from '@pds/contracts';
import { envMs, RequestTimeoutError } from '@pds/service-runtime';
import { handlerOf, type Call } from '../../../operations/handler';
import { planningConstraintsHandler } from '../../area/planning-constraints';
import { askOperation } from '../../ask-operation';
import { propertyEpcHandler } from '../../epc/lookups';
import { constraintsAtProperty } from '../constraints-at-property';
import { resolutionRefusal } from '../resolution-refusal';
import { certificateFacts } from './certificate-facts';
import { enquiriesOf } from './enquiries';
import { readProfileRequest } from './read-request';
import { legalTenureOf, profileTitleOf, titleNotHad } from './title';
import { overBudget, withinBudget } from './within-budget';

// `property_profile`: the property from the address dataset, then its parts asked at once of the services that own
// them (the title of land-registry-orders over Kafka; the certificates and the planning constraints as their own
// operations; the INSPIRE polygon from its read model), each within the budget. A part not had is named in
// `unavailable` and the profile is then answered free (`freeBecause`): 100 credits are charged only for a complete one.

/** How long each part may take; under the gateway's work timeout, so a slow part is left out, not the whole lost. */
const partBudgetMs = envMs('PROFILE_PART_BUDGET_MS', 4_000);

type ProfileCall = Call<typeof propertyProfile>;
type FoundProperty = readModels.FoundProperty;
/** A part had, or not: over the budget, or failed (its own refusal, or an error). */
type Part<T> = { ok: true; value: T; sources: Source[] } | { ok: false; overBudget?: true };
type Constraint = PlanningConstraintsResult['constraints'][number];

const englandAndWales = new Set(['E', 'W']);
const nothingCharged = 'Nothing was charged.';

const titleOf = async ({ ctx, deps }: ProfileCall, property: FoundProperty): Promise<ProfileTitle> => {
  const isFlat = property.classification?.startsWith('RD06') ?? false;
  try {
    const reply = await deps.rpc.request(
      landRegistry.FindTitles,
      deps.topics.commands('land-registry-orders'),
      ctx.requestId,
      { search: { uprn: property.uprn } },
      ctx,
      { timeoutMs: deps.workTimeoutMs },
    );
    return reply.ok ? profileTitleOf(reply.data.titles, isFlat) : titleNotHad(reply.error);
  } catch (error) {
    if (!(error instanceof RequestTimeoutError)) throw error;
    return titleNotHad({ code: 'UPSTREAM_TIMEOUT', message: 'The registry’s title search was not answered in time.' });
  }
};

/** The certificates by UPRN, else by the address dataset's address (certificates do not all carry a UPRN). */
const certificatesOf = async (call: ProfileCall, property: FoundProperty): Promise<Part<PropertyEpcResult | 'none'>> => {
  const ask = (query: Record<string, string>) => askOperation(call, 'energy certificate lookup', propertyEpc, propertyEpcHandler, query);
  let answer = await ask({ uprn: property.uprn });
  if (!answer.ok && answer.code === 'EPC_NOT_FOUND')
    answer = await ask({ address: property.lines.join(', '), postcode: property.postcode });
  if (answer.ok) return { ok: true, value: answer.data as unknown as PropertyEpcResult, sources: answer.sources };
  return answer.code === 'EPC_NOT_FOUND' ? { ok: true, value: 'none', sources: [] } : { ok: false };
};

/** The constraints applying at the property's point; `wales` where England's datasets do not reach. */
const constraintsOf = async (call: ProfileCall, property: FoundProperty): Promise<Part<Constraint[] | 'wales'>> => {
  if (property.country === 'W') return { ok: true, value: 'wales', sources: [] };
  const answer = await askOperation(call, 'planning constraints', areaPlanningConstraints, planningConstraintsHandler, {
    latitude: String(property.latitude),
    longitude: String(property.longitude),
    radiusMetres: String(listedBuildingRadiusMetres),
  });
  if (!answer.ok) return { ok: false };
  const found = answer.data as unknown as PlanningConstraintsResult;
  // Not applicable to an English address means the place's nation could not be told: no count is better than 0.
  if (!found.applicable || !answer.sources.some((s) => s.dataset === 'planning-data')) return { ok: false };
  return { ok: true, value: constraintsAtProperty(found.constraints), sources: answer.sources };
};

/** The INSPIRE index polygon's area under the property's point; null when the index has none there. */
const registeredAreaOf = async ({ deps }: ProfileCall, property: FoundProperty): Promise<Part<number | null>> => {
  const [inspire] = await readModels.datasetQueries.servingVersions(deps.db, ['inspire']);
  if (!inspire) return { ok: false };
  const parcel = await readModels.parcelQueries.underPoint(deps.db, property.eastings, property.northings);
  return { ok: true, value: parcel?.areaSquareMetres ?? null, sources: [readModels.sourceOf(inspire)] };
};

/** A part within the budget; a failure of its own is logged and the part left out, like one over the budget. */
const budgeted = async <T>(call: ProfileCall, part: ProfilePart, work: Promise<Part<T>>): Promise<Part<T>> => {
  try {
    const answer = await withinBudget(work, partBudgetMs);
    if (answer !== overBudget) return answer;
    call.ctx.logger.warn({ part, budgetMs: partBudgetMs }, 'a profile part was over its budget');
    return { ok: false, overBudget: true };
  } catch (error) {
    call.ctx.logger.error({ err: error, part }, 'a profile part failed');
    return { ok: false };
  }
};

const titleNotAsked = (part: { overBudget?: true }): ProfileTitle =>
  part.overBudget
    ? {
        status: 'unavailable',
        reason: 'TIME_BUDGET_EXCEEDED',
        message: `HM Land Registry did not answer within the profile's budget of ${partBudgetMs} ms.`,
      }
    : { status: 'unavailable', reason: 'LAND_REGISTRY_ERROR', message: 'The title search failed.' };

export const propertyProfileHandler = handlerOf(propertyProfile, {
  read: (raw) => {
    const ref = readProfileRequest(raw);
    return ref.ok ? { ok: true, value: { query: undefined, params: undefined, headers: undefined, body: { property: ref.value } } } : ref;
  },
  handle: async (call) => {
    const ref = call.input.body.property;
    const resolved = await readModels.addressQueries.resolve(call.deps.db, ref);
    if (resolved.kind !== 'found') return resolutionRefusal(resolved, ref);
    const { property } = resolved;
    if (!englandAndWales.has(property.country))
      return {
        ok: false,
        code: 'OUTSIDE_ENGLAND_AND_WALES',
        message: `${property.singleLine} is outside England and Wales, which the property profile does not cover. ${nothingCharged}`,
      };

    const titleWork = titleOf(call, property).then((value): Part<ProfileTitle> => ({ ok: true, value, sources: [] }));
    const [titlePart, epc, planning, area, addresses] = await Promise.all([
      budgeted(call, 'title', titleWork),
      budgeted(call, 'energyCertificate', certificatesOf(call, property)),
      budgeted(call, 'planningConstraints', constraintsOf(call, property)),
      budgeted(call, 'registeredArea', registeredAreaOf(call, property)),
      readModels.datasetQueries.servingVersions(call.deps.db, ['addressbase']),
    ]);

    const title = titlePart.ok ? titlePart.value : titleNotAsked(titlePart);
    const legalTenure = legalTenureOf(title);
    const unavailable: ProfilePart[] = [];
    if (title.status === 'delayed' || title.status === 'unavailable') unavailable.push('title');
    if (!epc.ok) unavailable.push('energyCertificate');
    if (!planning.ok) unavailable.push('planningConstraints');
    // The polygon is of a freehold: its area is the property's only when the property is a freehold.
    const areaApplies = legalTenure === 'freehold';
    if (areaApplies && !area.ok) unavailable.push('registeredArea');

    const constraints = planning.ok ? planning.value : null;
    const certificates = epc.ok ? epc.value : null;
    const enquiries = enquiriesOf({ title, legalTenure, epc: certificates, planning: constraints });
    const registeredArea = areaApplies && area.ok ? area.value : null;
    const data: PropertyProfile = {
      property: {
        uprn: property.uprn,
        address: property.singleLine,
        postcode: property.postcode,
        coordinates: { latitude: property.latitude, longitude: property.longitude },
      },
      complete: unavailable.length === 0,
      title,
      facts: {
        ...(legalTenure ? { legalTenure } : {}),
        ...(certificates && certificates !== 'none' ? certificateFacts(certificates) : {}),
        ...(registeredArea !== null ? { registeredAreaSqM: registeredArea } : {}),
        planningConstraintCount: Array.isArray(constraints) ? constraints.length : 0,
      },
      manualReviewRequired: title.status !== 'matched' || enquiries.some((e) => e.priority === 'high'),
      enquiries,
      unavailable,
    };

    const sources = new Map<string, Source>(addresses.map((row) => [row.dataset, readModels.sourceOf(row)]));
    for (const part of [epc, planning, ...(registeredArea !== null ? [area] : [])])
      if (part.ok) for (const s of part.sources) sources.set(s.dataset, s);
    const answer = { ok: true as const, data, sources: [...sources.values()] };
    return data.complete ? answer : { ...answer, freeBecause: `incomplete profile: ${unavailable.join(', ')} not had` };
  },
});

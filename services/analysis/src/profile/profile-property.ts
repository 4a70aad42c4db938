import {
  epc,
  landRegistry,
  listedBuildingRadiusMetres,
  locationIntelligence,
  readModels,
  type analysis,
  type DataOf,
  type PlanningConstraintsResult,
  type ProfilePart,
  type ProfileTitle,
  type PropertyEpcResult,
  type PropertyProfile,
  type ReplyOf,
  type Source,
} from '@pds/contracts';
import { notInTime, within, type HandlerContext, type HandlerResult } from '@pds/service-runtime';
import type pg from 'pg';
import type { Asker } from '../asking/ask-service';
import { constraintsAtProperty } from '../planning/constraints-at-property';
import { certificateFacts } from './certificate-facts';
import { enquiriesOf } from './enquiries';
import { legalTenureOf, profileTitleOf, titleNotHad } from './title';

// `property_profile`: the property from the address dataset (the one resolver), then its parts asked at once of the
// services that own them (the title of land-registry-orders; the certificates and the planning constraints of the
// location service; the INSPIRE polygon from its read model), each within the budget, and the judgement made of them:
// the title that is the property's, its legal tenure, the enquiries. A part not had is named in `unavailable`: the
// profile is then not complete, and the gateway answers it free.

type Asked = DataOf<typeof analysis.ProfileProperty>;
type Result = HandlerResult<ReplyOf<typeof analysis.ProfileProperty>>;
type FoundProperty = readModels.FoundProperty;
/** A part had, or not: over the budget, or failed (its own refusal, or an error). */
type Part<T> = { ok: true; value: T; sources: Source[] } | { ok: false; overBudget?: true };
type Constraint = PlanningConstraintsResult['constraints'][number];

export interface ProfileDeps {
  db: pg.Pool;
  asker: Asker;
  /** How long each part may take; under the gateway's wait, so a slow part is left out, not the whole lost. */
  partBudgetMs: number;
}

const englandAndWales = new Set(['E', 'W']);

const titleOf = async (deps: ProfileDeps, property: FoundProperty, ctx: HandlerContext): Promise<ProfileTitle> => {
  const isFlat = property.classification?.startsWith('RD06') ?? false;
  const reply = await deps.asker.ask('land-registry-orders', landRegistry.FindTitles, { search: { uprn: property.uprn } }, ctx);
  if (reply.ok) return profileTitleOf(reply.data.titles, isFlat);
  return titleNotHad(
    reply.code === 'UPSTREAM_TIMEOUT' ? { code: reply.code, message: 'The registry’s title search was not answered in time.' } : reply,
  );
};

/** The certificates by UPRN, else by the address dataset's address (certificates do not all carry a UPRN). */
const certificatesOf = async (
  deps: ProfileDeps,
  property: FoundProperty,
  ctx: HandlerContext,
): Promise<Part<PropertyEpcResult | 'none'>> => {
  const ask = (ref: epc.PropertyRef) => deps.asker.ask('location', epc.DescribeEnergyCertificates, { property: ref }, ctx);
  let answer = await ask({ uprn: property.uprn });
  if (!answer.ok && answer.code === 'EPC_NOT_FOUND')
    answer = await ask({ address: property.lines.join(', '), postcode: property.postcode });
  if (answer.ok) return { ok: true, value: answer.data.data, sources: answer.data.sources };
  return answer.code === 'EPC_NOT_FOUND' ? { ok: true, value: 'none', sources: [] } : { ok: false };
};

/** The constraints applying at the property's point; `wales` where England's datasets do not reach. */
const constraintsOf = async (deps: ProfileDeps, property: FoundProperty, ctx: HandlerContext): Promise<Part<Constraint[] | 'wales'>> => {
  if (property.country === 'W') return { ok: true, value: 'wales', sources: [] };
  const place = { latitude: property.latitude, longitude: property.longitude };
  const answer = await deps.asker.ask(
    'location',
    locationIntelligence.FindPlanningConstraints,
    { place, radiusMetres: listedBuildingRadiusMetres },
    ctx,
  );
  if (!answer.ok) return { ok: false };
  const { data: found, sources } = answer.data;
  // Not applicable to an English address means the place's nation could not be told: no count is better than 0.
  if (!found.applicable || !sources.some((s) => s.dataset === 'planning-data')) return { ok: false };
  return { ok: true, value: constraintsAtProperty(found.constraints), sources };
};

/** The INSPIRE index polygon's area under the property's point; null when the index has none there. */
const registeredAreaOf = async ({ db }: ProfileDeps, property: FoundProperty): Promise<Part<number | null>> => {
  const [inspire] = await readModels.datasetQueries.servingVersions(db, ['inspire']);
  if (!inspire) return { ok: false };
  const parcel = await readModels.parcelQueries.underPoint(db, property.eastings, property.northings);
  return { ok: true, value: parcel?.areaSquareMetres ?? null, sources: [readModels.sourceOf(inspire)] };
};

/** A part within the budget; a failure of its own is logged and the part left out, like one over the budget. */
const budgeted = async <T>(deps: ProfileDeps, ctx: HandlerContext, part: ProfilePart, work: Promise<Part<T>>): Promise<Part<T>> => {
  try {
    const answer = await within(work, deps.partBudgetMs);
    if (answer !== notInTime) return answer;
    ctx.logger.warn({ part, budgetMs: deps.partBudgetMs }, 'a profile part was over its budget');
    return { ok: false, overBudget: true };
  } catch (error) {
    ctx.logger.error({ err: error, part }, 'a profile part failed');
    return { ok: false };
  }
};

const titleNotAsked = (part: { overBudget?: true }, budgetMs: number): ProfileTitle =>
  part.overBudget
    ? {
        status: 'unavailable',
        reason: 'TIME_BUDGET_EXCEEDED',
        message: `HM Land Registry did not answer within the profile's budget of ${budgetMs} ms.`,
      }
    : { status: 'unavailable', reason: 'LAND_REGISTRY_ERROR', message: 'The title search failed.' };

export const profileProperty = async (deps: ProfileDeps, { property: ref }: Asked, ctx: HandlerContext): Promise<Result> => {
  const resolved = await readModels.addressQueries.resolve(deps.db, ref);
  if (resolved.kind !== 'found') return { ok: false, error: readModels.resolutionRefusal(resolved, ref) };
  const { property } = resolved;
  if (!englandAndWales.has(property.country))
    return {
      ok: false,
      error: {
        code: 'OUTSIDE_ENGLAND_AND_WALES',
        message: `${property.singleLine} is outside England and Wales, which the property profile does not cover.`,
      },
    };

  const titleWork = titleOf(deps, property, ctx).then((value): Part<ProfileTitle> => ({ ok: true, value, sources: [] }));
  const [titlePart, certificates, planning, area, addresses] = await Promise.all([
    budgeted(deps, ctx, 'title', titleWork),
    budgeted(deps, ctx, 'energyCertificate', certificatesOf(deps, property, ctx)),
    budgeted(deps, ctx, 'planningConstraints', constraintsOf(deps, property, ctx)),
    budgeted(deps, ctx, 'registeredArea', registeredAreaOf(deps, property)),
    readModels.datasetQueries.servingVersions(deps.db, ['addressbase']),
  ]);

  const title = titlePart.ok ? titlePart.value : titleNotAsked(titlePart, deps.partBudgetMs);
  const legalTenure = legalTenureOf(title);
  const unavailable: ProfilePart[] = [];
  if (title.status === 'delayed' || title.status === 'unavailable') unavailable.push('title');
  if (!certificates.ok) unavailable.push('energyCertificate');
  if (!planning.ok) unavailable.push('planningConstraints');
  // The polygon is of a freehold: its area is the property's only when the property is a freehold.
  const areaApplies = legalTenure === 'freehold';
  if (areaApplies && !area.ok) unavailable.push('registeredArea');

  const constraints = planning.ok ? planning.value : null;
  const found = certificates.ok ? certificates.value : null;
  const enquiries = enquiriesOf({ title, legalTenure, epc: found, planning: constraints });
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
      ...(found && found !== 'none' ? certificateFacts(found) : {}),
      ...(registeredArea !== null ? { registeredAreaSqM: registeredArea } : {}),
      planningConstraintCount: Array.isArray(constraints) ? constraints.length : 0,
    },
    manualReviewRequired: title.status !== 'matched' || enquiries.some((e) => e.priority === 'high'),
    enquiries,
    unavailable,
  };

  const sources = new Map<string, Source>(addresses.map((row) => [row.dataset, readModels.sourceOf(row)]));
  for (const part of [certificates, planning, ...(registeredArea !== null ? [area] : [])])
    if (part.ok) for (const s of part.sources) sources.set(s.dataset, s);
  return { ok: true, data: { data, sources: [...sources.values()] } };
};

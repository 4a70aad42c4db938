import {
  dataOperations,
  defaultComparableMonths,
  defaultValuationMonths,
  epc,
  landRegistry,
  locationIntelligence,
  marketData,
  placeRefOf,
  propertyRefOf,
  readModels,
  type Operation,
  type SectionInput,
  type Source,
} from '@pds/contracts';
import type { HandlerContext, HandlerResult } from '@pds/service-runtime';
import type { Asked, Asker } from '../../asking/ask-service';

// A section's answer, asked exactly as its operation's handler asks: the query the section records is read by the
// operation's own schema (its defaults and bounds), then sent as the same command to the same owner with the same
// data; the analysis service's own judgements (valuation, comparables, purchase tax) are run by the functions its
// handlers run. So the section's figures are the operation's, for the same query.

export type SectionAnswer =
  { ok: true; data: unknown; sources: Source[] } | { ok: false; code: string; message: string; retryable: boolean };

type Sourced = { data: unknown; sources: Source[] };
type Local = (data: never) => Promise<HandlerResult<Sourced>>;

/** The analysis service's own answers, as its command handlers give them. */
export interface LocalJudgements {
  valueProperty: Local;
  findSoldComparables: Local;
  taxPurchase: Local;
}

export interface SectionAskers {
  asker: Asker;
  local: LocalJudgements;
  db: readModels.Queryable;
}

/**
 * Failures another attempt seconds later may not meet: no answer in time, or the owner's upstream (a live register,
 * the registry) failing. Not those that hold for hours: a dataset not imported (SERVICE_UNAVAILABLE) or the registry
 * closed until it opens (LAND_REGISTRY_DELAYED) leave the section unavailable at once, with the owner's reason.
 */
const retryableCodes = /^(UPSTREAM_TIMEOUT|DATABASE_ERROR|INTERNAL_.*|.*_SERVICE_ERROR|LAND_REGISTRY_ERROR)$/;

const refusal = (code: string, message: string): SectionAnswer => ({ ok: false, code, message, retryable: retryableCodes.test(code) });

const fromAsked = (asked: Asked<unknown>, sourced = true): SectionAnswer => {
  if (!asked.ok) return refusal(asked.code, asked.message);
  return sourced ? { ok: true, ...(asked.data as Sourced) } : { ok: true, data: asked.data, sources: [] };
};

const fromLocal = (result: HandlerResult<Sourced>): SectionAnswer =>
  result.ok ? { ok: true, ...result.data } : refusal(result.error.code, result.error.message);

type Q = Record<string, never>;
type Ask = (q: Q, a: SectionAskers, ctx: HandlerContext) => Promise<SectionAnswer>;

const place = (q: Q) => {
  const ref = placeRefOf(q);
  if ('invalid' in ref) throw new Error(`a section's place query without its place: ${ref.invalid}`);
  return ref;
};
const property = (q: Q) => {
  const ref = propertyRefOf(q);
  if ('invalid' in ref) throw new Error(`a section's property query without its property: ${ref.invalid}`);
  return ref;
};

const location = (a: SectionAskers, command: Parameters<Asker['ask']>[1], data: unknown, ctx: HandlerContext) =>
  a.asker.ask('location', command, data as never, ctx).then((asked) => fromAsked(asked));

/** Each operation a section is drawn from, asked as its gateway handler asks it. */
const asks: Record<string, Ask> = {
  uprn_address_lookup: (q, a, ctx) => location(a, locationIntelligence.DescribeAddress, { property: property(q) }, ctx),
  postcode_lookup: async (q, a) => {
    const postcode = q.postcode as unknown as string;
    const answer = await readModels.postcodeQueries.find(a.db, postcode);
    if (!answer) return refusal('POSTCODE_NOT_FOUND', `No dataset serving holds ${postcode}, live or terminated.`);
    const sources = (await readModels.datasetQueries.servingVersions(a.db, answer.datasets)).map(readModels.sourceOf);
    return { ok: true, data: answer.data, sources };
  },
  property_valuation: async (q, a) => {
    const {
      postcode,
      address,
      months = defaultValuationMonths,
      asOf,
      extensionArea = 0,
      renovationUplift = 0,
    } = q as Record<string, unknown>;
    return fromLocal(await a.local.valueProperty({ postcode, address, months, asOf, extensionArea, renovationUplift } as never));
  },
  property_sold_comparables: async (q, a) => {
    const { postcode, months = defaultComparableMonths, asOf } = q as Record<string, unknown>;
    return fromLocal(await a.local.findSoldComparables({ postcode, months, asOf } as never));
  },
  finance_purchase_tax: async (q, a) => fromLocal(await a.local.taxPurchase(q as never)),
  market_house_price_index: (q, a, ctx) => location(a, marketData.DescribeHousePriceIndex, q, ctx),
  market_bank_rate: (q, a, ctx) => location(a, marketData.DescribeBankRate, q, ctx),
  market_mortgage_rates: (q, a, ctx) => location(a, marketData.DescribeMortgageRates, q, ctx),
  market_inflation: (q, a, ctx) => location(a, marketData.DescribeInflation, q, ctx),
  property_epc: (q, a, ctx) => location(a, epc.DescribeEnergyCertificates, { property: property(q) }, ctx),
  property_boundary: (q, a, ctx) => location(a, locationIntelligence.DescribeBoundary, { property: property(q) }, ctx),
  land_registry_title_lookup: async (q, a, ctx) =>
    fromAsked(await a.asker.ask('land-registry-orders', landRegistry.FindTitles, { search: q as never }, ctx), false),
  property_ground_risk: (q, a, ctx) =>
    location(a, locationIntelligence.ScreenGroundRisk, { place: place(q), radiusMetres: q.radiusMetres }, ctx),
  area_crime: (q, a, ctx) =>
    location(a, locationIntelligence.CountCrimes, { place: place(q), radiusMetres: q.radiusMetres, from: q.from, to: q.to }, ctx),
  area_schools: (q, a, ctx) => {
    const { radiusMetres, phase, includeClosed, limit } = q;
    return location(
      a,
      locationIntelligence.FindSchools,
      { place: place(q), radiusMetres, phases: phase ?? null, includeClosed, limit },
      ctx,
    );
  },
  area_deprivation: (q, a, ctx) => location(a, locationIntelligence.DescribeDeprivation, { postcode: q.postcode }, ctx),
  area_statistics: (q, a, ctx) => location(a, locationIntelligence.DescribeAreaStatistics, { postcode: q.postcode }, ctx),
  area_planning_constraints: (q, a, ctx) =>
    location(a, locationIntelligence.FindPlanningConstraints, { place: place(q), radiusMetres: q.radiusMetres }, ctx),
};

/** The section's input as its operation reads it: a query arrives as text (as in a URL); a POST's body as JSON. */
const readInput = (operation: Operation, input: SectionInput) => {
  const { query, params, body } = operation.request;
  if (body) return body.safeParse(input);
  const asText = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
  return (query ?? params)!.safeParse(asText);
};

/** The answer of the section's operation for its input: the owner's data and sources, or its refusal. */
export const askSection = async (
  a: SectionAskers,
  operationId: string,
  input: SectionInput,
  ctx: HandlerContext,
): Promise<SectionAnswer> => {
  const operation = (dataOperations as Record<string, Operation>)[operationId];
  const ask = asks[operationId];
  if (!operation || !ask) throw new Error(`no report section is drawn from ${operationId}`);
  const read = readInput(operation, input);
  if (!read.success) return refusal('INVALID_PARAMETERS', `The section's query is not one ${operationId} takes: ${read.error.message}`);
  try {
    return await ask(read.data as Q, a, ctx);
  } catch (error) {
    // A defect, not the owner's answer: tried again, then listed as unavailable, rather than holding the report up.
    ctx.logger.error({ err: error, operationId }, 'a report section failed');
    return refusal('INTERNAL_ERROR', `The ${operationId} answer could not be made.`);
  }
};

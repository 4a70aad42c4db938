import {
  areaCrime,
  defaultComparableMonths,
  defaultValuationMonths,
  locationIntelligence,
  marketData,
  squareFeetPerSquareMetre,
  type analysis,
  type DataOf,
  type PropertyAnalysisResult,
  type ReplyOf,
  type SoldComparablesResult,
  type Source,
  type ValuationResult,
} from '@pds/contracts';
import type { HandlerContext, HandlerResult } from '@pds/service-runtime';
import type { Asked, Asker, Sourced } from '../asking/ask-service';
import { findSoldComparables, type SoldComparablesDeps } from '../comparables/find-sold-comparables';
import { describeCouncilTax, type CouncilTaxDeps } from '../council-tax/describe-council-tax';
import { valueProperty } from '../valuation/value-property';
import { comparablesContext, valuationContext } from './price-context';

// `property_analysis`: a price read against everything known of its place, each part the answer its own operation
// gives (the valuation and the comparables made here; the crime, house price index, deprivation and area statistics
// the location service's), all asked at once. A part not had is named in `unavailable` with its operation's code.

type Analysed = DataOf<typeof analysis.AnalysePrice>;
type Result = HandlerResult<ReplyOf<typeof analysis.AnalysePrice>>;
type Unavailable = PropertyAnalysisResult['unavailable'][number];
type Part = { data: Record<string, unknown> | null; sources: Source[] };

export interface PriceAnalysisDeps extends CouncilTaxDeps, SoldComparablesDeps {
  asker: Asker;
}

/** One part; a refusal is named in `unavailable` with its operation's own code and message. */
const partOf = async (part: string, answer: Promise<Asked<Sourced<unknown>>>, unavailable: Unavailable[]): Promise<Part> => {
  const got = await answer;
  if (got.ok) return { data: got.data.data as Record<string, unknown>, sources: got.data.sources };
  unavailable.push({ part, code: got.code, message: got.message });
  return { data: null, sources: [] };
};

/** An answer of this service's own, as a part. */
const own = async <T>(work: Promise<HandlerResult<Sourced<T>>>): Promise<Asked<Sourced<T>>> => {
  const done = await work;
  return done.ok ? { ok: true, data: done.data } : { ok: false, code: done.error.code, message: done.error.message };
};

export const analysePrice = async (deps: PriceAnalysisDeps, q: Analysed, ctx: HandlerContext): Promise<Result> => {
  const unavailable: Unavailable[] = [];
  const { postcode } = q;
  const part = (name: string, answer: Promise<Asked<Sourced<unknown>>>) => partOf(name, answer, unavailable);
  const valuation = q.address
    ? part(
        'valuation',
        own(valueProperty(deps, { postcode, address: q.address, months: defaultValuationMonths, extensionArea: 0, renovationUplift: 0 })),
      )
    : Promise.resolve<Part>({ data: null, sources: [] });
  if (!q.address) unavailable.push({ part: 'valuation', code: 'ADDRESS_NOT_GIVEN', message: 'Give `address` to value the home itself.' });
  // The crime count as its operation counts by default (its radius, the latest month held).
  const crime = areaCrime.request.query.parse({ postcode });
  const hpiType = q.propertyType && q.propertyType !== 'unknown' ? q.propertyType : 'all';
  const councilTaxAsked = q.address ? { property: { address: q.address, postcode } } : { postcode };
  const [valued, comparables, crimes, hpi, deprivation, statistics, councilTax] = await Promise.all([
    valuation,
    part('comparables', own(findSoldComparables(deps, { postcode, months: defaultComparableMonths }))),
    part(
      'crime',
      deps.asker.ask('location', locationIntelligence.CountCrimes, { place: { postcode }, radiusMetres: crime.radiusMetres }, ctx),
    ),
    part('housePriceIndex', deps.asker.ask('location', marketData.DescribeHousePriceIndex, { postcode, propertyType: hpiType }, ctx)),
    part('deprivation', deps.asker.ask('location', locationIntelligence.DescribeDeprivation, { postcode }, ctx)),
    part('areaStatistics', deps.asker.ask('location', locationIntelligence.DescribeAreaStatistics, { postcode }, ctx)),
    part('councilTax', own(describeCouncilTax(deps, councilTaxAsked))),
  ]);
  const parts = [valued, comparables, crimes, hpi, deprivation, statistics, councilTax];
  if (parts.every((p) => p.data === null))
    return {
      ok: false,
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: `No part of the analysis could be had (${unavailable.map((u) => `${u.part}: ${u.code}`).join('; ')}).`,
      },
    };
  const floorArea =
    q.squareMeters ?? (q.squareFeet !== undefined ? Math.round((q.squareFeet / squareFeetPerSquareMetre) * 100) / 100 : null);
  const data: PropertyAnalysisResult = {
    postcode,
    price: q.price,
    listing: {
      propertyType: q.propertyType ?? null,
      bedrooms: q.bedrooms ?? null,
      floorArea,
      pricePerSqM: floorArea ? Math.round(q.price / floorArea) : null,
      portal: q.portal ?? null,
    },
    valuationContext: valuationContext(q.price, valued.data as ValuationResult | null),
    comparablesContext: comparablesContext(comparables.data as SoldComparablesResult | null, q.propertyType),
    valuation: valued.data,
    comparables: comparables.data,
    crime: crimes.data,
    housePriceIndex: hpi.data,
    deprivation: deprivation.data,
    areaStatistics: statistics.data,
    councilTax: councilTax.data,
    unavailable,
  };
  const sources = new Map<string, Source>();
  for (const p of parts) for (const s of p.sources) sources.set(s.dataset, s);
  return { ok: true, data: { data, sources: [...sources.values()] } };
};

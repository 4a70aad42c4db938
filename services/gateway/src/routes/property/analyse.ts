import {
  areaCrime,
  areaDeprivation,
  areaStatistics,
  housePriceIndex,
  propertyAnalysis,
  propertySoldComparables,
  propertyValuation,
  squareFeetPerSquareMetre,
  type Operation,
  type PropertyAnalysisResult,
  type Source,
  type SoldComparablesResult,
  type ValuationResult,
} from '@pds/contracts';
import { handlerOf, type Call, type HandlerOf } from '../../operations/handler';
import { askOperation } from '../ask-operation';
import { areaCrimeHandler } from '../area/crime';
import { areaDeprivationHandler } from '../area/deprivation';
import { areaStatisticsHandler } from '../area/statistics';
import { housePriceIndexHandler } from '../market/market-data';
import { soldComparablesHandler } from './sold-comparables';
import { valuationHandler } from './valuation';

// `property_analysis`: each part is another operation's answer (askOperation), all asked at once; the pipeline charges
// this call's one credit and no part is charged on its own. What is computed here is only the context: the price
// against them.

type Unavailable = PropertyAnalysisResult['unavailable'][number];
type Outcome = { data: Record<string, unknown> | null; sources: Source[] };

/** One part; a refusal is named in `unavailable` with its operation's own code and message. */
const askPart = async <O extends Operation>(
  call: Call<typeof propertyAnalysis>,
  part: string,
  operation: O,
  handler: HandlerOf<O>,
  query: Record<string, string>,
  unavailable: Unavailable[],
): Promise<Outcome> => {
  const answer = await askOperation(call, part, operation, handler, query);
  if (answer.ok) return answer;
  unavailable.push({ part, code: answer.code, message: answer.message });
  return { data: null, sources: [] };
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : Math.round(s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2);
};

const valuationContext = (price: number, v: ValuationResult | null): PropertyAnalysisResult['valuationContext'] => {
  if (!v) return null;
  const difference = price - v.estimatedValue;
  return {
    estimatedValue: v.estimatedValue,
    range: v.range,
    confidenceScore: v.confidence.score,
    priceDifference: Math.round(difference),
    priceDifferencePercent: Math.round((1000 * difference) / v.estimatedValue) / 10,
    position: price < v.range.low ? 'below-range' : price > v.range.high ? 'above-range' : 'within-range',
  };
};

const comparablesContext = (c: SoldComparablesResult | null, type: string | undefined): PropertyAnalysisResult['comparablesContext'] => {
  if (!c) return null;
  const ofType = type ? c.comparables.filter((x) => x.propertyType === type) : c.comparables;
  return {
    count: c.totalResults,
    ofType: ofType.length,
    medianPrice: median(ofType.map((x) => x.price)),
    medianPricePerSqM: median(ofType.flatMap((x) => (x.pricePerSqM === null ? [] : [x.pricePerSqM]))),
  };
};

export const propertyAnalysisHandler = handlerOf(propertyAnalysis, {
  handle: async (call) => {
    const q = call.input.query;
    const unavailable: Unavailable[] = [];
    const ask = <O extends Operation>(part: string, operation: O, handler: HandlerOf<O>, query: Record<string, string>) =>
      askPart(call, part, operation, handler, query, unavailable);
    const { postcode } = q;
    const valuation = q.address
      ? ask('valuation', propertyValuation, valuationHandler, { postcode, address: q.address })
      : Promise.resolve<Outcome>({ data: null, sources: [] });
    if (!q.address) unavailable.push({ part: 'valuation', code: 'ADDRESS_NOT_GIVEN', message: 'Give `address` to value the home itself.' });
    const hpiType = q.propertyType && q.propertyType !== 'unknown' ? q.propertyType : 'all';
    const [valued, comparables, crime, hpi, deprivation, statistics] = await Promise.all([
      valuation,
      ask('comparables', propertySoldComparables, soldComparablesHandler, { postcode, months: '36' }),
      ask('crime', areaCrime, areaCrimeHandler, { postcode }),
      ask('housePriceIndex', housePriceIndex, housePriceIndexHandler, { postcode, propertyType: hpiType }),
      ask('deprivation', areaDeprivation, areaDeprivationHandler, { postcode }),
      ask('areaStatistics', areaStatistics, areaStatisticsHandler, { postcode }),
    ]);
    const parts = [valued, comparables, crime, hpi, deprivation, statistics];
    if (parts.every((p) => p.data === null))
      return {
        ok: false,
        code: 'SERVICE_UNAVAILABLE',
        message: `No part of the analysis could be had (${unavailable.map((u) => `${u.part}: ${u.code}`).join('; ')}). Nothing was charged.`,
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
      crime: crime.data,
      housePriceIndex: hpi.data,
      deprivation: deprivation.data,
      areaStatistics: statistics.data,
      councilTax: null,
      unavailable,
    };
    const sources = new Map<string, Source>();
    for (const p of parts) for (const s of p.sources) sources.set(s.dataset, s);
    return { ok: true, data, sources: [...sources.values()] };
  },
});

import { readModels, type analysis, type ReplyOf, type ValuationResult } from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import type pg from 'pg';
import { lookBackStart } from '../comparables/find-sold-comparables';
import { hpiIndexFor, indexFor, type HpiMonth } from './evidence';
import type { DistrictCache } from './district-sales';
import { valueWithModel, type PropertyTypeCode } from './model';
import { withAdjustments } from './adjustments';
import { placeHome, salesBetween } from './place-home';

// A property's automated valuation on a date (today, or `asOf` in the past): the home placed (place-home.ts: the address
// dataset, its own sales and certificates, or its street), then valued by the model (model.ts) from its own last sale,
// if any, and the comparables, every figure from sales whose date of transfer is before the valuation date
// and certificates lodged before it. Price Paid gives the date of transfer, not of registration: a sale counts as known
// from its transfer date.

type Result = HandlerResult<ReplyOf<typeof analysis.ValueProperty>>;

export interface ValuationDeps {
  db: pg.Pool;
  districts: DistrictCache;
  /** Today's date in the UK (YYYY-MM-DD), on the business clock. */
  today: () => string;
}

export interface ValuationAsked {
  postcode: string;
  address: string;
  months: number;
  asOf?: string | undefined;
  /** An extension (m²) and a renovation uplift (%) the estimate is adjusted by; 0 for none. */
  extensionArea: number;
  renovationUplift: number;
}

const refused = (code: string, message: string): Result => ({ ok: false, error: { code, message } });
type Missing = ValuationResult['missing'][number];

export const valueProperty = async ({ db, districts, today }: ValuationDeps, asked: ValuationAsked): Promise<Result> => {
  const sources = await readModels.datasetQueries.sources(db, ['ppd', 'epc-domestic', 'uk-hpi', 'addressbase']);
  if (!sources.some((s) => s.dataset === 'ppd')) return refused('SERVICE_UNAVAILABLE', 'No Price Paid Data is imported yet.');
  const now = today();
  const asOf = asked.asOf ?? now;
  if (asOf > now) return refused('INVALID_AS_OF', `asOf ${asOf} is after today (${now}): a valuation is made on a past date or today.`);
  const { postcode } = asked;
  const district = await districts.get(db, postcode.split(' ')[0] as string);
  const placed = await placeHome(db, district, asked, asOf);
  if (placed.kind === 'not-residential')
    return refused(
      'PROPERTY_NOT_RESIDENTIAL',
      `"${asked.address}", ${postcode} is classed ${placed.classification} in the address dataset, not a home: only homes are valued.`,
    );
  if (placed.kind === 'not-found')
    return refused(
      'PROPERTY_NOT_FOUND',
      `"${asked.address}" in ${postcode} is not in the address dataset, and no sale before ${asOf} or energy certificate ` +
        'matches it; give the address as registered (flat, house number or name, street).',
    );
  const { homes, ownSales, latestCertificate, propertyType } = placed;

  const subjectKeys = new Set(homes.map((h) => h.key));
  const from = lookBackStart(asOf, asked.months);
  const candidates = salesBetween(district, from, asOf, subjectKeys);
  const earliest = [ownSales.at(-1)?.date ?? from, from].sort()[0] as string;
  const hpi = await hpiOf(db, postcode, propertyType, earliest, asOf);
  const repeatSales = hpi ? null : indexFor(district.pairs, asOf);
  const index = hpi ?? { at: repeatSales!.at };
  const floorArea = latestCertificate?.floorArea ?? null;
  const subject = { postcode, propertyType, duration: ownSales.at(-1)?.duration ?? null, floorArea, sales: ownSales };
  const valuation = valueWithModel(subject, candidates, index.at, asOf);
  if (!valuation)
    return refused(
      'VALUATION_NOT_POSSIBLE',
      `No earlier sale of the home and no sale of its kind in ${district.district} between ${from} and ${asOf}: try more months.`,
    );
  const missing: Missing[] = [
    ...(valuation.ownSale ? [] : ['own-sale' as const]),
    ...(floorArea === null ? ['floor-area' as const] : []),
    ...(propertyType === null ? ['property-type' as const] : []),
    ...(valuation.comparables.some((c) => c.sale.postcode === postcode) ? [] : ['postcode-sales' as const]),
  ];

  const data: ValuationResult = {
    property: {
      address: placed.address,
      postcode,
      propertyType: propertyType ? typeNames[propertyType] : 'unknown',
      floorArea,
      identifiedBy: placed.identifiedBy,
    },
    valuationDate: asOf,
    estimatedValue: valuation.estimate,
    range: { low: valuation.low, high: valuation.high },
    confidence: { score: valuation.score, standardErrorPercent: Math.round(valuation.sigma * 1000) / 10 },
    missing,
    lookBack: { months: asked.months, from, to: asOf },
    index: hpi
      ? { method: 'uk-hpi', area: hpi.area, pairs: null, lastMonth: hpi.last }
      : { method: 'repeat-sales', area: district.district, pairs: repeatSales!.pairs, lastMonth: null },
    ownSale: valuation.ownSale
      ? {
          transactionDate: valuation.ownSale.sale.date,
          price: valuation.ownSale.sale.price,
          indexedPrice: Math.round(valuation.ownSale.indexedPrice),
          weightPercent: Math.round(valuation.ownSale.weight * 1000) / 10,
        }
      : null,
    comparables: valuation.comparables.map((c) => ({
      address: c.sale.address,
      postcode: c.sale.postcode,
      price: c.sale.price,
      transactionDate: c.sale.date,
      propertyType: typeNames[c.sale.propertyType as PropertyTypeCode],
      floorArea: c.sale.floorArea,
      adjustedPrice: Math.round(c.adjustedPrice),
      weightPercent: Math.round(c.weight * 1000) / 10,
    })),
  };
  const identified = (by: string) => placed.identifiedBy.some((i) => i === by);
  const used = (dataset: string) =>
    dataset === 'ppd' ||
    (dataset === 'uk-hpi' ? hpi !== null : dataset === 'addressbase' ? identified('address-dataset') : identified('energy-certificate'));
  const adjusted = withAdjustments(data, asked);
  if (!adjusted.ok) return { ok: false, error: adjusted.error };
  return { ok: true, data: { data: adjusted.valuation, sources: sources.filter((s) => used(s.dataset)) } };
};

const typeNames: Record<PropertyTypeCode, ValuationResult['property']['propertyType']> = {
  D: 'detached',
  S: 'semi-detached',
  T: 'terraced',
  F: 'flat',
};

/** The UK HPI's series of each kind of home. */
const hpiKinds = { D: 'detached', S: 'semi-detached', T: 'terraced', F: 'flat' } as const;

/**
 * The UK HPI of the postcode's local authority for the home's kind (of all kinds when its kind is unknown), when it
 * holds every month needed (else null).
 */
const hpiOf = async (db: pg.Pool, postcode: string, type: PropertyTypeCode | null, earliest: string, asOf: string) => {
  const area = (await readModels.placeQueries.lookUpPostcode(db, postcode))?.areas.localAuthorityCode;
  if (!area) return null;
  const rows = await readModels.hpiQueries.indexOf(db, area, type ? hpiKinds[type] : 'all');
  const index = hpiIndexFor(rows as HpiMonth[], earliest, asOf);
  return index ? { ...index, area } : null;
};

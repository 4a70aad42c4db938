import { readModels, type analysis, type ReplyOf, type ValuationResult } from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import type pg from 'pg';
import { lookBackStart } from '../comparables/find-sold-comparables';
import { certificateForDate, hpiIndexFor, indexFor, typeOfCertificate, type HpiMonth } from './evidence';
import type { DistrictCache, Home } from './district-sales';
import { valueWithModel, type PropertyTypeCode, type Sale } from './model';
import { withAdjustments } from './adjustments';

// A property's automated valuation on a date (today, or `asOf` in the past): the home resolved as every property lookup
// resolves it, then found among the district's registered sales and energy certificates by its address within the
// postcode, then valued by the model (model.ts) from
// its own last sale and the comparables, every figure from sales whose date of transfer is before the valuation date
// and certificates lodged before it. Price Paid gives the date of transfer, not of registration: a sale counts as known
// from its transfer date.

type Result = HandlerResult<ReplyOf<typeof analysis.ValueProperty>>;

const { addressMatches, addressParts, propertyByAddress } = readModels;

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
const codes = new Set(['D', 'S', 'T', 'F']);

const saleOf = (home: Home, s: Home['sales'][number], asOf: string): Sale => ({
  price: s.price,
  date: s.date,
  postcode: home.postcode,
  propertyType: s.propertyType,
  duration: s.duration,
  newBuild: s.newBuild,
  floorArea: certificateForDate(home.certificates, s.date, asOf)?.floorArea ?? null,
  address: home.address,
});

export const valueProperty = async ({ db, districts, today }: ValuationDeps, asked: ValuationAsked): Promise<Result> => {
  const sources = await readModels.datasetQueries.sources(db, ['ppd', 'epc-domestic', 'uk-hpi']);
  if (!sources.some((s) => s.dataset === 'ppd')) return refused('SERVICE_UNAVAILABLE', 'No Price Paid Data is imported yet.');
  const now = today();
  const asOf = asked.asOf ?? now;
  if (asOf > now) return refused('INVALID_AS_OF', `asOf ${asOf} is after today (${now}): a valuation is made on a past date or today.`);
  const { postcode } = asked;
  const district = await districts.get(db, postcode.split(' ')[0] as string);
  // The home as the one resolver finds it in the address dataset (its address as the dataset writes it), else as asked.
  const resolved = await readModels.addressQueries.resolve(db, { address: asked.address, postcode });
  const wanted = resolved.kind === 'found' ? resolved.parts : addressParts(asked.address);

  const homes = district.homes.filter((h) => h.postcode === postcode && addressMatches(wanted, h.parts));
  const ownSales = homes
    .flatMap((h) => h.sales.filter((s) => s.date < asOf).map((s) => saleOf(h, s, asOf)))
    .sort((a, b) => a.date.localeCompare(b.date));
  const certificates = district.certificatesByPostcode.get(postcode) ?? [];
  const found = propertyByAddress(wanted, certificates);
  const ownCertificates = found.kind === 'one' ? found.certificates.filter((c) => c.lodgementDate < asOf) : [];
  if (ownSales.length === 0 && ownCertificates.length === 0)
    return refused(
      'PROPERTY_NOT_FOUND',
      `No sale registered before ${asOf} and no energy certificate matches "${asked.address}" in ${postcode}; give the address as ` +
        'registered (flat, house number or name, street).',
    );
  const latestCertificate = [...ownCertificates].sort((a, b) => a.lodgementDate.localeCompare(b.lodgementDate)).at(-1) ?? null;
  const lastType = ownSales.at(-1)?.propertyType;
  const propertyType = (lastType && codes.has(lastType) ? lastType : typeOfCertificate(latestCertificate)) as PropertyTypeCode | null;
  if (!propertyType)
    return refused(
      'PROPERTY_NOT_FOUND',
      `The kind of home at "${asked.address}", ${postcode} is not known from its sales or certificates.`,
    );

  const subjectKeys = new Set(homes.map((h) => h.key));
  const from = lookBackStart(asOf, asked.months);
  const candidates = district.homes
    .filter((h) => !subjectKeys.has(h.key))
    .flatMap((h) => h.sales.filter((s) => s.date >= from && s.date < asOf).map((s) => saleOf(h, s, asOf)));
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

  const data: ValuationResult = {
    property: {
      address: homes[0]?.address ?? latestCertificate?.address ?? asked.address,
      postcode,
      propertyType: typeNames[propertyType],
      floorArea,
      identifiedBy: [
        ...(ownSales.length > 0 ? ['price-paid' as const] : []),
        ...(ownCertificates.length > 0 ? ['energy-certificate' as const] : []),
      ],
    },
    valuationDate: asOf,
    estimatedValue: valuation.estimate,
    range: { low: valuation.low, high: valuation.high },
    confidence: { score: valuation.score, standardErrorPercent: Math.round(valuation.sigma * 1000) / 10 },
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
  const used = (dataset: string) =>
    dataset === 'ppd' || (dataset === 'uk-hpi' ? hpi !== null : ownCertificates.length > 0 || floorArea !== null);
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

/** The UK HPI of the postcode's local authority for the home's kind, when it holds every month needed (else null). */
const hpiOf = async (db: pg.Pool, postcode: string, type: PropertyTypeCode, earliest: string, asOf: string) => {
  const area = (await readModels.placeQueries.lookUpPostcode(db, postcode))?.areas.localAuthorityCode;
  if (!area) return null;
  const rows = await readModels.hpiQueries.indexOf(db, area, hpiKinds[type]);
  const index = hpiIndexFor(rows as HpiMonth[], earliest, asOf);
  return index ? { ...index, area } : null;
};

import { type analysis, pricePaidFirstDate, type ReplyOf, readModels } from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import { DateTime } from 'luxon';
import type pg from 'pg';
import { comparableOf, matchCertificate, type CertificateCandidate } from './comparable';

// A postcode's standard (category A) registered sales over a look-back ending today (the UK date), or as they stood on
// a past date, most recent first, each with the certificate of the home sold from the imported EPC bulk download.
// Category B is left out: its prices (repossessions, sales to companies, property type Other…) are not open-market
// prices of a home.

type Result = HandlerResult<ReplyOf<typeof analysis.FindSoldComparables>>;

export interface SoldComparablesDeps {
  db: pg.Pool;
  /** Today's date in the UK (YYYY-MM-DD), on the business clock. */
  today: () => string;
}

/** The look-back's first day: the same day `months` months before today (the month's last day when it has no such day). */
export const lookBackStart = (today: string, months: number): string =>
  DateTime.fromISO(today, { zone: 'utc' }).minus({ months }).toISODate() as string;

/**
 * The dates of the sales to list, both included. Up to today, today included; as of a past date, as the valuation's
 * `asOf` counts: only sales transferred before it (Price Paid gives no registration date, so a sale is known from its
 * transfer date), so the window ends the day before. Either way it starts the same day `months` months back.
 */
export const lookBackWindow = (today: string, months: number, asOf?: string): { from: string; to: string } => {
  if (asOf === undefined) return { from: lookBackStart(today, months), to: today };
  const dayBefore = DateTime.fromISO(asOf, { zone: 'utc' }).minus({ days: 1 }).toISODate() as string;
  return { from: lookBackStart(asOf, months), to: dayBefore };
};

export const findSoldComparables = async (
  { db, today }: SoldComparablesDeps,
  { postcode, months, asOf }: { postcode: string; months: number; asOf?: string | undefined },
): Promise<Result> => {
  const now = today();
  if (asOf !== undefined && (asOf > now || asOf < pricePaidFirstDate)) {
    const message = `asOf ${asOf} is not from ${pricePaidFirstDate} (when Price Paid begins) to today (${now}).`;
    return { ok: false, error: { code: 'INVALID_AS_OF', message } };
  }
  const sources = await readModels.datasetQueries.sources(db, ['ppd', 'epc-domestic']);
  if (!sources.some((s) => s.dataset === 'ppd'))
    return { ok: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'No Price Paid Data is imported yet.' } };
  const { from, to } = lookBackWindow(now, months, asOf);
  const sales = await readModels.saleQueries.inPostcode(db, postcode, from, to);
  const candidates: CertificateCandidate[] =
    sales.length === 0
      ? []
      : (await readModels.certificateQueries.forPostcode(db, postcode)).map((row) => ({
          uprn: row.uprn,
          parts: readModels.addressParts(readModels.bulkRowAddress(row)),
          certificate: readModels.certificateOfBulkRow(row),
        }));
  const comparables = sales.map((sale) => comparableOf(sale, matchCertificate(sale, candidates)));
  return {
    ok: true,
    data: {
      data: { postcode, period: `${months} months`, totalResults: comparables.length, comparables },
      sources: sources.filter((s) => s.dataset === 'ppd' || candidates.length > 0),
    },
  };
};

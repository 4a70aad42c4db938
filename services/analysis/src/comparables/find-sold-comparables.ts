import { type analysis, type ReplyOf, readModels } from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import { DateTime } from 'luxon';
import type pg from 'pg';
import { comparableOf, matchCertificate, type CertificateCandidate } from './comparable';

// A postcode's standard (category A) registered sales over a look-back ending today (the UK date), most recent first,
// each with the certificate of the home sold from the imported EPC bulk download. Category B is left out: its prices
// (repossessions, sales to companies, property type Other…) are not open-market prices of a home.

type Result = HandlerResult<ReplyOf<typeof analysis.FindSoldComparables>>;

export interface SoldComparablesDeps {
  db: pg.Pool;
  /** Today's date in the UK (YYYY-MM-DD), on the business clock. */
  today: () => string;
}

/** The look-back's first day: the same day `months` months before today (the month's last day when it has no such day). */
export const lookBackStart = (today: string, months: number): string =>
  DateTime.fromISO(today, { zone: 'utc' }).minus({ months }).toISODate() as string;

export const findSoldComparables = async (
  { db, today }: SoldComparablesDeps,
  { postcode, months }: { postcode: string; months: number },
): Promise<Result> => {
  const sources = await readModels.datasetQueries.sources(db, ['ppd', 'epc-domestic']);
  if (!sources.some((s) => s.dataset === 'ppd'))
    return { ok: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'No Price Paid Data is imported yet.' } };
  const to = today();
  const sales = await readModels.saleQueries.inPostcode(db, postcode, lookBackStart(to, months), to);
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

import { bankRateSeries, readModels, type BankRateResult, type marketData, type ReplyOf, type DataOf } from '@pds/contracts';
import type { HandlerResult, Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { databaseError, refused, reversed } from './months';

// Bank Rate from the imported Bank of England series: the rate in force on a day is the last observation on or before
// it (the series may hold every business day or only the days it changed); a change is an observation that differs
// from the one before it.

type Asked = DataOf<typeof marketData.DescribeBankRate>;
type Result = HandlerResult<ReplyOf<typeof marketData.DescribeBankRate>>;

const boe = readModels.boeSeriesValues.relation;
const day = `to_char(date, 'YYYY-MM-DD')`;

const extentSql = `SELECT to_char(min(date), 'YYYY-MM-DD') AS first, to_char(max(date), 'YYYY-MM-DD') AS last FROM ${boe} WHERE series_code = $1`;
const onSql = `SELECT ${day} AS date, value FROM ${boe} WHERE series_code = $1 AND date <= $2::date ORDER BY date DESC LIMIT 1`;
// The day the rate in force on $2 took effect: the first observation after the last one with another value.
const sinceSql = `SELECT to_char(min(date), 'YYYY-MM-DD') AS since FROM ${boe}
                   WHERE series_code = $1 AND date <= $2::date
                     AND date > coalesce((SELECT max(date) FROM ${boe} WHERE series_code = $1 AND date <= $2::date AND value <> $3), '-infinity')`;
const changesSql = `SELECT ${day} AS date, value, previous FROM (
                      SELECT date, value, lag(value) OVER (ORDER BY date) AS previous FROM ${boe} WHERE series_code = $1) s
                     WHERE date BETWEEN $2::date AND $3::date AND (previous IS NULL OR previous <> value) ORDER BY date`;

/** Percentage points to two decimals, as the Bank moves the rate (0.25, 0.1, 0.15). */
const points = (a: number, b: number) => Math.round((a - b) * 10_000) / 10_000;

/** `today`: the UK date on the business clock, the default day. */
export const describeBankRate = async (deps: { db: pg.Pool; logger: Logger; today: () => string }, q: Asked): Promise<Result> => {
  const { db } = deps;
  if (q.date !== undefined && (q.from !== undefined || q.to !== undefined))
    return refused('INVALID_PARAMETERS', 'Give `date`, or `from` with `to`, not both.');
  if ((q.from === undefined) !== (q.to === undefined)) return refused('INVALID_PARAMETERS', 'Give `from` with `to`.');
  if (q.from !== undefined && q.to !== undefined && q.from > q.to) return reversed(q.from, q.to);
  try {
    const extent = (await db.query<{ first: string | null; last: string | null }>(extentSql, [bankRateSeries])).rows[0];
    if (!extent?.first || !extent.last) return refused('SERVICE_UNAVAILABLE', 'No Bank Rate series (IUDBEDR) is imported yet.');
    const asked = q.from ?? q.date ?? deps.today();
    if (asked < extent.first) {
      const details = `${q.from ? 'from' : 'date'}: ${asked} is before ${extent.first}`;
      return refused('DATE_OUT_OF_RANGE', `The Bank Rate series imported begins on ${extent.first}.`, details);
    }
    const on = (await db.query<{ date: string; value: number }>(onSql, [bankRateSeries, asked])).rows[0]!;
    const since = (await db.query<{ since: string }>(sinceSql, [bankRateSeries, asked, on.value])).rows[0]!.since;
    const changes =
      q.from !== undefined && q.to !== undefined
        ? (await db.query<{ date: string; value: number; previous: number | null }>(changesSql, [bankRateSeries, q.from, q.to])).rows
        : [];
    const sources = await readModels.datasetQueries.sources(db, ['boe-series']);
    const data: BankRateResult = {
      seriesCode: bankRateSeries,
      date: q.from === undefined ? asked : null,
      ratePercent: on.value,
      inForceSince: since,
      from: q.from ?? null,
      to: q.to ?? null,
      changes: changes.map((c) => ({
        date: c.date,
        ratePercent: c.value,
        changePercentagePoints: c.previous === null ? null : points(c.value, c.previous),
      })),
      latestObservation: extent.last,
    };
    return { ok: true, data: { data, sources } };
  } catch (err) {
    deps.logger.error({ err }, 'Bank Rate could not be read');
    return databaseError;
  }
};

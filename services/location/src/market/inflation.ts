import { inflationSeries, readModels, type marketData, type ReplyOf, type DataOf } from '@pds/contracts';
import type { HandlerResult, Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { addMonths, databaseError, refused, reversed } from './months';

// Price inflation from the imported ONS series: the monthly values of the CPI's, CPIH's and RPI's rate and index. A
// measure whose series is not imported answers null, month by month, beside those that are.

type Asked = DataOf<typeof marketData.DescribeInflation>;
type Result = HandlerResult<ReplyOf<typeof marketData.DescribeInflation>>;

const ons = readModels.onsTimeseriesValues.relation;
const measures = ['cpi', 'cpih', 'rpi'] as const;
const codes = measures.flatMap((m) => [inflationSeries[m].annualRate, inflationSeries[m].index]);

export const describeInflation = async (deps: { db: pg.Pool; logger: Logger }, q: Asked): Promise<Result> => {
  const { db } = deps;
  try {
    const latestSql = `SELECT max(period) AS latest FROM ${ons} WHERE cdid = ANY($1) AND frequency = 'month'`;
    const latest = (await db.query<{ latest: string | null }>(latestSql, [codes])).rows[0]?.latest;
    if (!latest) return refused('SERVICE_UNAVAILABLE', `No inflation series (${codes.join(', ')}) is imported yet.`);
    const to = q.to ?? latest;
    const from = q.from ?? addMonths(to, -11);
    if (from > to) return reversed(from, to);
    const rows = (
      await db.query<{ cdid: string; period: string; value: number }>(
        `SELECT cdid, period, value FROM ${ons} WHERE cdid = ANY($1) AND frequency = 'month' AND period BETWEEN $2 AND $3 ORDER BY period`,
        [codes, from, to],
      )
    ).rows;
    const value = (month: string, cdid: string) => rows.find((r) => r.period === month && r.cdid === cdid)?.value ?? null;
    const measure = (month: string, m: (typeof measures)[number]) => ({
      annualRatePercent: value(month, inflationSeries[m].annualRate),
      index: value(month, inflationSeries[m].index),
    });
    const months = [...new Set(rows.map((r) => r.period))].map((month) => ({
      month,
      cpi: measure(month, 'cpi'),
      cpih: measure(month, 'cpih'),
      rpi: measure(month, 'rpi'),
    }));
    const sources = await readModels.datasetQueries.sources(db, ['ons-timeseries']);
    return { ok: true, data: { data: { from, to, series: inflationSeries, months }, sources } };
  } catch (err) {
    deps.logger.error({ err }, 'inflation could not be read');
    return databaseError;
  }
};

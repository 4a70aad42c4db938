import { inflationSeries, readModels, type marketData, type ReplyOf, type DataOf } from '@pds/contracts';
import type { HandlerResult, Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { addMonths, databaseError, refused, reversed } from './months';

// Consumer price inflation from the imported ONS series: the monthly values of the CPI's and CPIH's rate and index.

type Asked = DataOf<typeof marketData.DescribeInflation>;
type Result = HandlerResult<ReplyOf<typeof marketData.DescribeInflation>>;

const ons = readModels.onsTimeseriesValues.relation;
const codes = [inflationSeries.cpi.annualRate, inflationSeries.cpi.index, inflationSeries.cpih.annualRate, inflationSeries.cpih.index];

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
    const months = [...new Set(rows.map((r) => r.period))].map((month) => ({
      month,
      cpi: { annualRatePercent: value(month, inflationSeries.cpi.annualRate), index: value(month, inflationSeries.cpi.index) },
      cpih: { annualRatePercent: value(month, inflationSeries.cpih.annualRate), index: value(month, inflationSeries.cpih.index) },
    }));
    const sources = await readModels.datasetQueries.sources(db, ['ons-timeseries']);
    return { ok: true, data: { data: { from, to, series: inflationSeries, months }, sources } };
  } catch (err) {
    deps.logger.error({ err }, 'inflation could not be read');
    return databaseError;
  }
};

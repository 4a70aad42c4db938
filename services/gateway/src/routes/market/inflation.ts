import { inflation, inflationSeries, readModels } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { servingVersions, sourceOf } from '../reference-data/sources';
import { addMonths, databaseError, reversed } from './months';

// Consumer price inflation from the imported ONS series: the monthly values of the CPI's and CPIH's rate and index.

const ons = readModels.onsTimeseriesValues.relation;
const codes = [inflationSeries.cpi.annualRate, inflationSeries.cpi.index, inflationSeries.cpih.annualRate, inflationSeries.cpih.index];

export const inflationHandler = handlerOf(inflation, {
  work: async ({ input, ctx, deps }) => {
    const q = input.query;
    try {
      const latest = (
        await deps.db.query<{ latest: string | null }>(
          `SELECT max(period) AS latest FROM ${ons} WHERE cdid = ANY($1) AND frequency = 'month'`,
          [codes],
        )
      ).rows[0]?.latest;
      if (!latest)
        return {
          ok: false,
          code: 'SERVICE_UNAVAILABLE',
          message: `No inflation series (${codes.join(', ')}) is imported yet; nothing was charged.`,
        };
      const to = q.to ?? latest;
      const from = q.from ?? addMonths(to, -11);
      if (from > to) return reversed(from, to);
      const rows = (
        await deps.db.query<{ cdid: string; period: string; value: number }>(
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
      const sources = (await servingVersions(deps.db, ['ons-timeseries'])).map(sourceOf);
      return { ok: true, sources, data: { from, to, series: inflationSeries, months } };
    } catch (err) {
      ctx.logger.error({ err }, 'inflation could not be read');
      return databaseError;
    }
  },
});

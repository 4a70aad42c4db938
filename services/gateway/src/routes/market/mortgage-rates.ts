import { defaultMortgageProducts, mortgageProducts, mortgageRates, readModels } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { servingVersions, sourceOf } from '../reference-data/sources';
import { addMonths, databaseError, reversed } from './months';

// The Bank of England's quoted household mortgage rates from the imported series: monthly, one value a month (dated the
// month's last day; should a series hold more than one in a month, the last counts).

const boe = readModels.boeSeriesValues.relation;

export const mortgageRatesHandler = handlerOf(mortgageRates, {
  work: async ({ input, ctx, deps }) => {
    const q = input.query;
    const products = [...new Set(q.products ?? defaultMortgageProducts)];
    const codes = products.map((p) => mortgageProducts[p][0]);
    try {
      const latest = (
        await deps.db.query<{ latest: string | null }>(`SELECT max(month) AS latest FROM ${boe} WHERE series_code = ANY($1)`, [codes])
      ).rows[0]?.latest;
      if (!latest)
        return {
          ok: false,
          code: 'SERVICE_UNAVAILABLE',
          message: `None of the series asked for (${codes.join(', ')}) is imported yet; nothing was charged.`,
        };
      const to = q.to ?? latest;
      const from = q.from ?? addMonths(to, -11);
      if (from > to) return reversed(from, to);
      const rows = (
        await deps.db.query<{ series_code: string; month: string; value: number }>(
          `SELECT DISTINCT ON (series_code, month) series_code, month, value FROM ${boe}
            WHERE series_code = ANY($1) AND month BETWEEN $2 AND $3 ORDER BY series_code, month, date DESC`,
          [codes, from, to],
        )
      ).rows;
      const sources = (await servingVersions(deps.db, ['boe-series'])).map(sourceOf);
      return {
        ok: true,
        sources,
        data: {
          from,
          to,
          products: products.map((product) => {
            const [seriesCode, description] = mortgageProducts[product];
            const months = rows.filter((r) => r.series_code === seriesCode).map((r) => ({ month: r.month, ratePercent: r.value }));
            return { product, seriesCode, description, months };
          }),
        },
      };
    } catch (err) {
      ctx.logger.error({ err }, 'mortgage rates could not be read');
      return databaseError;
    }
  },
});

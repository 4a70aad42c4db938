import { defaultMortgageProducts, mortgageProducts, readModels, type marketData, type ReplyOf, type DataOf } from '@pds/contracts';
import type { HandlerResult, Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { addMonths, databaseError, refused, reversed } from './months';

// The Bank of England's quoted household mortgage rates from the imported series: monthly, one value a month (dated the
// month's last day; should a series hold more than one in a month, the last counts).

type Asked = DataOf<typeof marketData.DescribeMortgageRates>;
type Result = HandlerResult<ReplyOf<typeof marketData.DescribeMortgageRates>>;

const boe = readModels.boeSeriesValues.relation;

export const describeMortgageRates = async (deps: { db: pg.Pool; logger: Logger }, q: Asked): Promise<Result> => {
  const { db } = deps;
  const products = [...new Set(q.products ?? defaultMortgageProducts)];
  const codes = products.map((p) => mortgageProducts[p][0]);
  try {
    const latest = (
      await db.query<{ latest: string | null }>(`SELECT max(month) AS latest FROM ${boe} WHERE series_code = ANY($1)`, [codes])
    ).rows[0]?.latest;
    if (!latest) return refused('SERVICE_UNAVAILABLE', `None of the series asked for (${codes.join(', ')}) is imported yet.`);
    const to = q.to ?? latest;
    const from = q.from ?? addMonths(to, -11);
    if (from > to) return reversed(from, to);
    const rows = (
      await db.query<{ series_code: string; month: string; value: number }>(
        `SELECT DISTINCT ON (series_code, month) series_code, month, value FROM ${boe}
          WHERE series_code = ANY($1) AND month BETWEEN $2 AND $3 ORDER BY series_code, month, date DESC`,
        [codes, from, to],
      )
    ).rows;
    const sources = await readModels.datasetQueries.sources(db, ['boe-series']);
    const data = {
      from,
      to,
      products: products.map((product) => {
        const [seriesCode, description] = mortgageProducts[product];
        const months = rows.filter((r) => r.series_code === seriesCode).map((r) => ({ month: r.month, ratePercent: r.value }));
        return { product, seriesCode, description, months };
      }),
    };
    return { ok: true, data: { data, sources } };
  } catch (err) {
    deps.logger.error({ err }, 'mortgage rates could not be read');
    return databaseError;
  }
};

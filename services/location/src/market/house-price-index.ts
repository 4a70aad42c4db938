import { readModels, type marketData, type ReplyOf, type DataOf } from '@pds/contracts';
import type { HandlerResult, Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { addMonths, databaseError, refused, reversed } from './months';

// The UK HPI of an area, from the imported `uk_hpi_months`: the area by its published name
// or GSS code (or a postcode's local authority), then its months between `from` and `to` for one property type.

const hpi = readModels.ukHpiMonths.relation;

/** The published columns of each property type: price, index, 1-month and 12-month change, sales volume. */
const columnsOf = {
  all: ['average_price', 'hpi_index', 'change_1m', 'change_12m', 'sales_volume'],
  detached: ['detached_price', 'detached_index', 'detached_change_1m', 'detached_change_12m', 'NULL'],
  'semi-detached': ['semi_detached_price', 'semi_detached_index', 'semi_detached_change_1m', 'semi_detached_change_12m', 'NULL'],
  terraced: ['terraced_price', 'terraced_index', 'terraced_change_1m', 'terraced_change_12m', 'NULL'],
  flat: ['flat_price', 'flat_index', 'flat_change_1m', 'flat_change_12m', 'NULL'],
} as const;

// The area a name or code asks for, with its latest month; should a name match more than one code, the one published latest.
const areaSql = `SELECT area_code, region_name, month AS latest FROM ${hpi}
                  WHERE area_code = upper($1) OR lower(region_name) = lower($1) ORDER BY month DESC, area_code LIMIT 1`;

type Month = { month: string; price: number | null; idx: number | null; c1: number | null; c12: number | null; volume: number | null };

type Asked = DataOf<typeof marketData.DescribeHousePriceIndex>;
type Result = HandlerResult<ReplyOf<typeof marketData.DescribeHousePriceIndex>>;

export const describeHousePriceIndex = async (deps: { db: pg.Pool; logger: Logger }, q: Asked): Promise<Result> => {
  const { db } = deps;
  if ((q.area === undefined) === (q.postcode === undefined)) {
    const details = q.area === undefined ? 'area, postcode: one is required' : 'area, postcode: give one, not both';
    return refused('INVALID_PARAMETERS', 'Give exactly one of `area` and `postcode`.', details);
  }
  try {
    let asked = q.area ?? '';
    const datasets = ['uk-hpi'];
    if (q.postcode !== undefined) {
      const found = await readModels.postcodeQueries.find(db, q.postcode);
      if (!found) return refused('POSTCODE_NOT_FOUND', `No dataset serving holds ${q.postcode}.`);
      const authority = found.data.localAuthority;
      if (!authority) return refused('UNKNOWN_AREA', `The postcode datasets give ${q.postcode} no local authority.`);
      asked = authority.code;
      datasets.push(...found.datasets);
    }
    const area = (await db.query<{ area_code: string; region_name: string | null; latest: string }>(areaSql, [asked])).rows[0];
    if (!area) {
      const what = q.postcode === undefined ? `"${asked}"` : `${asked}, the local authority of ${q.postcode},`;
      return refused('UNKNOWN_AREA', `The UK House Price Index imported holds no area ${what}: give a name or GSS code it publishes.`);
    }
    const to = q.to ?? area.latest;
    const from = q.from ?? addMonths(to, -11);
    if (from > to) return reversed(from, to);
    const [price, idx, c1, c12, volume] = columnsOf[q.propertyType];
    const rows = (
      await db.query<Month>(
        `SELECT month, ${price} AS price, ${idx} AS idx, ${c1} AS c1, ${c12} AS c12, ${volume}::integer AS volume
             FROM ${hpi} WHERE area_code = $1 AND month BETWEEN $2 AND $3 ORDER BY month`,
        [area.area_code, from, to],
      )
    ).rows;
    const sources = (await readModels.datasetQueries.servingVersions(db, datasets)).map(readModels.sourceOf);
    return {
      ok: true,
      data: {
        sources,
        data: {
          area: { code: area.area_code, name: area.region_name },
          propertyType: q.propertyType,
          from,
          to,
          series: rows.map((r) => ({
            month: r.month,
            averagePrice: r.price === null ? null : Math.round(r.price),
            index: r.idx,
            change1mPercent: r.c1,
            change12mPercent: r.c12,
            salesVolume: r.volume,
          })),
        },
      },
    };
  } catch (err) {
    deps.logger.error({ err }, 'the house price index could not be read');
    return databaseError;
  }
};

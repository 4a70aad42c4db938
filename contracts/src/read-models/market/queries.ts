import { defineQueries } from '../read-model';
import { ukHpiMonths } from './contract';

// The location service's published reads of the market series, for the services that weigh them (a valuation indexes
// a past price by the UK House Price Index).

/** The UK HPI's series of each kind of home; `all` for the index of all kinds. */
const indexColumns = {
  detached: 'detached_index',
  'semi-detached': 'semi_detached_index',
  terraced: 'terraced_index',
  flat: 'flat_index',
  all: 'hpi_index',
} as const;

export const hpiQueries = defineQueries([ukHpiMonths], {
  /** An area's index month by month, oldest first: of the kind of home where published, else of all kinds. */
  indexOf: async (db, areaCode: string, kind: keyof typeof indexColumns): Promise<Array<{ month: string; index: number | null }>> => {
    const sql = `SELECT month, coalesce(${indexColumns[kind]}, hpi_index) AS index FROM ${ukHpiMonths.relation} WHERE area_code = $1 ORDER BY month`;
    return (await db.query<{ month: string; index: number | null }>(sql, [areaCode])).rows;
  },
});

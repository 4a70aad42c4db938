import { defineQueries } from '../read-model';
import { councilTaxAuthorities } from './contract';

// The location service's published read of council tax: one authority's figures, for the analysis service that
// estimates a band.

export interface CouncilTaxAuthority {
  code: string;
  name: string;
  country: string;
  year: string;
  bandDPence: number | null;
  /** The VOA's dwellings in bands A to I (I in Wales only); null where none are counted. */
  dwellings: Array<number | null>;
  countedOn: string | null;
}

const bandColumns = ['count_a', 'count_b', 'count_c', 'count_d', 'count_e', 'count_f', 'count_g', 'count_h', 'count_i'];

export const councilTaxQueries = defineQueries([councilTaxAuthorities], {
  /** The authority with this GSS code, or undefined when the figures hold none. */
  authority: async (db, code: string): Promise<CouncilTaxAuthority | undefined> => {
    const sql = `SELECT code, name, country, year, band_d_pence, ${bandColumns.join(', ')}, to_char(counted_on, 'YYYY-MM-DD') AS counted_on
                   FROM ${councilTaxAuthorities.relation} WHERE code = $1`;
    const row = (await db.query<Record<string, unknown>>(sql, [code])).rows[0];
    if (!row) return undefined;
    return {
      code: row.code as string,
      name: row.name as string,
      country: row.country as string,
      year: row.year as string,
      bandDPence: row.band_d_pence as number | null,
      dwellings: bandColumns.map((c) => row[c] as number | null),
      countedOn: row.counted_on as string | null,
    };
  },
});

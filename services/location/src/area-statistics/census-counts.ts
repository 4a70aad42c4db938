import type pg from 'pg';
import type { CensusLevel } from '../datasets/census-2021';
import { authorityNamed, type StoredCount } from './area-figures';

// Reads of the imported Census 2021 counts (`census_2021_counts`, the census-2021 dataset): an area's every count is
// one read by its code (or, for a local authority, its name: see authorityOfAreaName).

export interface AreaCounts {
  code: string;
  name: string;
  counts: StoredCount[];
}

const toAreaCounts = (rows: Array<StoredCount & { area_code: string; area_name: string }>): AreaCounts | undefined => {
  const first = rows[0];
  if (!first) return undefined;
  return {
    code: first.area_code,
    name: first.area_name,
    counts: rows
      .filter((r) => r.area_code === first.area_code)
      .map(({ census_table, category, label, count }) => ({ census_table, category, label, count })),
  };
};

const likePattern = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const countsSql = 'SELECT census_table, area_code, area_name, category, label, count FROM census_2021_counts';

/** The counts of the area with this code at this level, if the tables imported hold it. */
export const areaCounts = async (db: pg.Pool, level: CensusLevel, code: string): Promise<AreaCounts | undefined> =>
  toAreaCounts((await db.query(`${countsSql} WHERE area_code = $1 AND level = $2`, [code, level])).rows);

/** The counts of the local authority an area's name is named for (authorityNamed), if the ltla files hold it. */
export const authorityCounts = async (db: pg.Pool, name: string): Promise<AreaCounts | undefined> => {
  const { rows } = await db.query<StoredCount & { area_code: string; area_name: string }>(
    `${countsSql} WHERE level = 'ltla' AND area_name LIKE $1 ORDER BY area_code`,
    [`${likePattern(name)}%`],
  );
  const code = authorityNamed(
    rows.map((r) => ({ code: r.area_code, name: r.area_name })),
    name,
  );
  return code === undefined ? undefined : toAreaCounts(rows.filter((r) => r.area_code === code));
};

/** Whether the tables imported hold an area of this code at this level: it is then a 2021 area's code. */
export const holdsArea = async (db: pg.Pool, level: CensusLevel, code: string): Promise<boolean> =>
  (await db.query('SELECT 1 FROM census_2021_counts WHERE area_code = $1 AND level = $2 LIMIT 1', [code, level])).rows.length > 0;

/** Whether the tables imported hold any area of this level named for this local authority (`Reading 001A`). */
export const holdsAreasOfAuthority = async (db: pg.Pool, level: CensusLevel, authority: string): Promise<boolean> =>
  (
    await db.query(
      `SELECT 1 FROM census_2021_counts
        WHERE level = $1 AND area_name LIKE $2 AND substr(area_name, length($3) + 2) ~ '^[0-9]{3}[A-Z]?$' LIMIT 1`,
      [level, `${likePattern(authority)} %`, authority],
    )
  ).rows.length > 0;

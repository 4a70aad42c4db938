import type { referenceData } from '@pds/contracts';
import type pg from 'pg';
import type { Dataset } from '../datasets/dataset';

// A change file amends the serving version: the new version's table already holds the file's records (additions,
// changes and deletions alike); every record of the serving version whose key the file does not name is copied in
// beside them, and then the deletions are removed. The result is whole before it serves, like any other version.

type Recorded = referenceData.DatasetVersionImported['data'];

export interface AppliedChanges {
  /** Rows of the amended version. */
  rows: number;
  /** Records the file changed or deleted that the serving version held. */
  replaced: number;
  /** Deletions of records the serving version did not hold (nothing to delete). */
  deletionsNotHeld: number;
  /** Undefined when the dataset takes the change file's own. */
  vintage: string | undefined;
  synthetic: boolean;
  attribution: string;
}

const quoted = (name: string) => `"${name}"`;

export const applyChanges = async (
  client: pg.PoolClient,
  dataset: Dataset,
  table: string,
  latest: Recorded | undefined,
  synthetic: string | undefined,
): Promise<AppliedChanges> => {
  const { keyColumn, statusColumn, deleted, vintageSql } = dataset.changes as NonNullable<Dataset['changes']>;
  const key = quoted(keyColumn);
  const status = quoted(statusColumn);
  const count = async (sql: string, values: unknown[] = []) => Number((await client.query<{ n: string }>(sql, values)).rows[0]?.n);
  // For the merge only: the dataset's own indexes are built on the whole version afterwards.
  const mergeIndex = quoted(`${table}__keys`);
  await client.query(`CREATE INDEX ${mergeIndex} ON ${quoted(table)} (${key})`);
  await client.query(`ANALYZE ${quoted(table)}`);
  let replaced = 0;
  let deletionsNotHeld = await count(`SELECT count(*) AS n FROM ${quoted(table)} WHERE ${status} = $1`, [deleted]);
  if (latest) {
    const named = `EXISTS (SELECT 1 FROM ${quoted(table)} n WHERE n.${key} = p.${key})`;
    replaced = await count(`SELECT count(*) AS n FROM ${quoted(latest.table)} p WHERE ${named}`);
    deletionsNotHeld = await count(
      `SELECT count(*) AS n FROM ${quoted(table)} n WHERE n.${status} = $1
          AND NOT EXISTS (SELECT 1 FROM ${quoted(latest.table)} p WHERE p.${key} = n.${key})`,
      [deleted],
    );
    const all = dataset.columns.map((c) => quoted(c.name)).join(', ');
    const copied = await client.query(
      `INSERT INTO ${quoted(table)} (${all}) SELECT ${all} FROM ${quoted(latest.table)} p WHERE NOT ${named}`,
    );
    // The serving table must hold exactly what its version recorded; anything else is not carried forward silently.
    if (copied.rowCount !== latest.rows - replaced)
      throw new Error(
        `${latest.table} gave ${copied.rowCount} rows to carry forward, its version recorded ${latest.rows} less ${replaced}`,
      );
  }
  await client.query(`DELETE FROM ${quoted(table)} WHERE ${status} = $1`, [deleted]);
  await client.query(`DROP INDEX ${mergeIndex}`);
  const rows = await count(`SELECT count(*) AS n FROM ${quoted(table)}`);
  const vintage = vintageSql
    ? ((await client.query<{ vintage: string | null }>(vintageSql.replaceAll('{table}', quoted(table)))).rows[0]?.vintage ?? 'empty')
    : undefined;
  return { rows, replaced, deletionsNotHeld, vintage, ...provenance(dataset, latest, synthetic) };
};

/** A real version amended by a synthetic change file is synthetic as a whole: an answer may come from either. */
const provenance = (dataset: Dataset, latest: Recorded | undefined, synthetic: string | undefined) => {
  if (!synthetic) return { synthetic: latest?.synthetic ?? false, attribution: latest?.attribution ?? dataset.attribution };
  if (!latest || latest.synthetic) return { synthetic: true, attribution: [latest?.attribution, synthetic].filter(Boolean).join(' ') };
  return { synthetic: true, attribution: `${latest.attribution} Amended by SYNTHETIC changes: ${synthetic}` };
};

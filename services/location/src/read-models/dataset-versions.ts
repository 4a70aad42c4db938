import { referenceData } from '@pds/contracts';
import type { RecordedEvent } from '@pds/service-runtime';
import type pg from 'pg';
import { datasetCatalogue } from '../datasets/catalogue';

/** Versions kept behind the serving one, so an operator can look back at what served before (older ones are dropped). */
export const versionsKept = 1;

const quoted = (name: string) => {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a table name: ${name}`);
  return `"${name}"`;
};

/**
 * `dataset_versions` and the datasets' views: each recorded version becomes the one serving, and the dataset's view
 * is pointed at its table, in the transaction that moves the projection's checkpoint. A replay from the start points
 * each view at the latest version whose table still exists.
 */
export const datasetVersionsProjection = async (events: RecordedEvent[], tx: pg.PoolClient): Promise<void> => {
  for (const recorded of events) {
    const event = referenceData.DatasetEvent.parse({ type: recorded.type, data: recorded.data });
    const d = event.data;
    const dataset = datasetCatalogue.get(d.dataset);
    if (!dataset) throw new Error(`${recorded.streamId}: no dataset ${d.dataset} in the catalogue`);
    await tx.query(
      `INSERT INTO dataset_versions
         (dataset, version, vintage, title, publisher, licence, attribution, checksum, rows, rejected, table_name, imported_at, synthetic)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (dataset, version) DO NOTHING`,
      [
        d.dataset,
        d.version,
        d.vintage,
        d.title,
        d.publisher,
        d.licence,
        d.attribution,
        d.checksum,
        d.rows,
        d.rejected,
        d.table,
        d.importedAt,
        d.synthetic,
      ],
    );
    const exists = (await tx.query('SELECT to_regclass($1) AS t', [d.table])).rows[0]?.t !== null;
    if (!exists) continue; // a replay: this version's table was dropped when a later one served
    await tx.query('UPDATE dataset_versions SET serving = false WHERE dataset = $1 AND serving', [d.dataset]);
    await tx.query('UPDATE dataset_versions SET serving = true WHERE dataset = $1 AND version = $2', [d.dataset, d.version]);
    await tx.query(`CREATE OR REPLACE VIEW ${quoted(dataset.relation)} AS SELECT * FROM ${quoted(d.table)}`);
    const stale = await tx.query<{ table_name: string }>(
      'SELECT table_name FROM dataset_versions WHERE dataset = $1 AND version < $2::int - $3::int AND to_regclass(table_name) IS NOT NULL',
      [d.dataset, d.version, versionsKept],
    );
    for (const { table_name } of stale.rows) await tx.query(`DROP TABLE ${quoted(table_name)}`);
  }
};

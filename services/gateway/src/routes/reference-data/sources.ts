import { readModels, type Source, type z } from '@pds/contracts';
import type pg from 'pg';

// The `sources` of an answer: the serving version of each dataset it was built from, from the location service's
// `dataset_versions_serving` read model. Read per answer (one indexed query) so that an import that lands between two
// calls is credited on the second.

type Row = z.output<typeof readModels.datasetVersions.row>;

export const servingVersions = async (db: pg.Pool, datasets?: readonly string[]): Promise<Row[]> => {
  const sql = `SELECT dataset, version, vintage, title, publisher, licence, attribution, rows, rejected, checksum, synthetic, imported_at
                 FROM ${readModels.datasetVersions.relation}${datasets ? ' WHERE dataset = ANY($1)' : ''} ORDER BY dataset`;
  return (await db.query<Row>(sql, datasets ? [datasets] : [])).rows;
};

export const sourceOf = (row: Row): Source => ({
  dataset: row.dataset,
  title: row.title,
  publisher: row.publisher,
  vintage: row.vintage,
  licence: row.licence,
  attribution: row.attribution,
  ...(row.synthetic ? { synthetic: true } : {}),
});

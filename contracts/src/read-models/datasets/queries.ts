import type { Source } from '../../rest/sources';
import type { z } from '../../zod';
import { defineQueries } from '../read-model';
import { datasetImportsUnderWay, datasetVersions } from './contract';

// The location service's published reads of which version of each reference dataset serves: for `/datasets`, and for
// the `sources` every answer built from reference data carries. Read per answer (one indexed query), so that an import
// landing between two calls is credited on the second.

export type ServingVersion = z.output<typeof datasetVersions.row>;
export type ImportUnderWay = z.output<typeof datasetImportsUnderWay.row>;

/** A serving version as an answer's `sources` entry names it. */
export const sourceOf = (row: Pick<ServingVersion, keyof Source | 'synthetic'>): Source => ({
  dataset: row.dataset,
  title: row.title,
  publisher: row.publisher,
  vintage: row.vintage,
  licence: row.licence,
  attribution: row.attribution,
  ...(row.synthetic ? { synthetic: true } : {}),
});

export const datasetQueries = defineQueries([datasetVersions], {
  /** Every dataset serving (or those named), by name. */
  servingVersions: async (db, datasets?: readonly string[]): Promise<ServingVersion[]> => {
    const sql = `SELECT dataset, version, vintage, title, publisher, licence, attribution, rows, rejected, checksum, synthetic, imported_at
                   FROM ${datasetVersions.relation}${datasets ? ' WHERE dataset = ANY($1)' : ''} ORDER BY dataset`;
    return (await db.query<ServingVersion>(sql, datasets ? [datasets] : [])).rows;
  },

  /** `sources` for an answer built from these datasets: each one serving, in the order given (one not serving is left out). */
  sources: async (db, datasets: readonly string[]): Promise<Source[]> => {
    const sql = `SELECT dataset, title, publisher, vintage, licence, attribution, synthetic
                   FROM ${datasetVersions.relation} WHERE dataset = ANY($1)`;
    const { rows } = await db.query<Source & { synthetic: boolean }>(sql, [datasets]);
    return datasets.flatMap((d) => {
      const row = rows.find((r) => r.dataset === d);
      return row ? [sourceOf(row)] : [];
    });
  },
});

/** What /healthz and the answers built from reference data say while a dataset is still arriving. */
export const datasetImportQueries = defineQueries([datasetImportsUnderWay], {
  /** Imports under way or queued (their leases current), first versions first, then by name. */
  importsUnderWay: async (db): Promise<ImportUnderWay[]> => {
    // The row count as a number (a bigint comes as a string), well inside a double's exact integers.
    const sql = `SELECT dataset, state, requested_by, fraction_done, rows_read::float8 AS rows_read, since, first_version
                   FROM ${datasetImportsUnderWay.relation} ORDER BY first_version DESC, dataset`;
    return (await db.query<ImportUnderWay>(sql)).rows;
  },
});

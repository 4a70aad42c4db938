import type { Source } from '@pds/contracts';
import type pg from 'pg';

/** `sources` for an answer built from these datasets: each one's serving version, in the order given. */
export const servingSources = async (db: pg.Pool, datasets: readonly string[]): Promise<Source[]> => {
  const { rows } = await db.query<Source & { synthetic: boolean }>(
    `SELECT dataset, title, publisher, vintage, licence, attribution, synthetic
       FROM dataset_versions_serving WHERE dataset = ANY($1)`,
    [datasets],
  );
  return datasets.flatMap((d) => {
    const row = rows.find((r) => r.dataset === d);
    if (!row) return [];
    const { synthetic, ...source } = row;
    return [synthetic ? { ...source, synthetic: true } : source];
  });
};

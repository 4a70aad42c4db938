import { datasetsList, readModels } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';

/** `datasets_list`: free; every dataset serving, as the location service recorded its import. */
export const datasets = handlerOf(datasetsList, {
  handle: async ({ ctx, deps }) => {
    const rows = await readModels.datasetQueries.servingVersions(deps.db).catch((err: unknown) => {
      ctx.logger.error({ err }, 'dataset versions could not be read');
      return undefined;
    });
    if (!rows) return { ok: false, code: 'DATABASE_ERROR', message: 'The datasets could not be read; nothing was charged. Retry shortly.' };
    return {
      ok: true,
      data: {
        datasets: rows.map((r) => ({
          dataset: r.dataset,
          title: r.title,
          publisher: r.publisher,
          vintage: r.vintage,
          version: r.version,
          rows: Number(r.rows),
          rejected: Number(r.rejected),
          importedAt: r.imported_at.toISOString(),
          licence: r.licence,
          attribution: r.attribution,
          synthetic: r.synthetic,
        })),
      },
    };
  },
});

import { postcodeLookup, readModels } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';

const { postcodeQueries, datasetQueries, sourceOf } = readModels;

/** `postcode_lookup`: free; the postcode as the location service's postcode datasets hold it. */
export const postcodes = handlerOf(postcodeLookup, {
  handle: async ({ input, ctx, deps }) => {
    const { postcode } = input.params;
    let answer: Awaited<ReturnType<typeof postcodeQueries.find>>;
    try {
      answer = await postcodeQueries.find(deps.db, postcode);
    } catch (err) {
      ctx.logger.error({ err }, 'postcode datasets could not be read');
      return { ok: false, code: 'DATABASE_ERROR', message: 'The postcode could not be read; nothing was charged. Retry shortly.' };
    }
    if (!answer) return { ok: false, code: 'POSTCODE_NOT_FOUND', message: `No dataset serving holds ${postcode}, live or terminated.` };
    const sources = (await datasetQueries.servingVersions(deps.db, answer.datasets)).map(sourceOf);
    return { ok: true, data: answer.data, sources };
  },
});

import { postcodeLookup, readModels } from '@pds/contracts';
import type pg from 'pg';
import { handlerOf } from '../../operations/handler';
import { postcodeAnswer, type PostcodeRows } from './postcode-answer';
import { servingVersions, sourceOf } from './sources';

const { codepointPostcodes, onsPostcodeAreas, onspdPostcodes } = readModels;

// The ONSPD row without `published` (every column as published: not needed for the answer, and large).
const onspdColumns = Object.keys(onspdPostcodes.row.shape).filter((c) => c !== 'published');

/** One round trip for the three datasets' rows (each an index lookup on its view). */
const rowsSql = `
  SELECT (SELECT row_to_json(c) FROM ${codepointPostcodes.relation} c WHERE c.postcode = $1) AS codepoint,
         (SELECT row_to_json(a) FROM ${onsPostcodeAreas.relation} a WHERE a.postcode = $1) AS areas,
         (SELECT json_build_object(${onspdColumns.map((c) => `'${c}', o.${c}`).join(', ')})
            FROM ${onspdPostcodes.relation} o WHERE o.postcode = $1) AS onspd`;

/** A postcode's answer from the datasets serving, or undefined when none holds it; throws when they cannot be read. */
export const findPostcode = async (db: pg.Pool, postcode: string) => {
  const found = (await db.query<{ codepoint: unknown; areas: unknown; onspd: unknown }>(rowsSql, [postcode])).rows[0];
  const rows = {
    codepoint: found?.codepoint ?? undefined,
    areas: found?.areas ?? undefined,
    onspd: found?.onspd ?? undefined,
  } as PostcodeRows;
  return postcodeAnswer(postcode, rows);
};

/** `postcode_lookup`: free. */
export const postcodes = handlerOf(postcodeLookup, {
  handle: async ({ input, ctx, deps }) => {
    const { postcode } = input.params;
    let answer: Awaited<ReturnType<typeof findPostcode>>;
    try {
      answer = await findPostcode(deps.db, postcode);
    } catch (err) {
      ctx.logger.error({ err }, 'postcode datasets could not be read');
      return { ok: false, code: 'DATABASE_ERROR', message: 'The postcode could not be read; nothing was charged. Retry shortly.' };
    }
    if (!answer) return { ok: false, code: 'POSTCODE_NOT_FOUND', message: `No dataset serving holds ${postcode}, live or terminated.` };
    const sources = (await servingVersions(deps.db, answer.datasets)).map(sourceOf);
    return { ok: true, data: answer.data, sources };
  },
});

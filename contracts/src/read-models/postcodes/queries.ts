import { defineQueries } from '../read-model';
import { codepointPostcodes, onsPostcodeAreas, onspdPostcodes } from './contract';
import { postcodeAnswer, type PostcodeRows } from './postcode-answer';

// The location service's published reads of the postcode datasets: a postcode as the postcode lookup answers it.

// The ONSPD row without `published` (every column as published: not needed for the answer, and large).
const onspdColumns = Object.keys(onspdPostcodes.row.shape).filter((c) => c !== 'published');

/** One round trip for the three datasets' rows (each an index lookup on its view). */
const rowsSql = `
  SELECT (SELECT row_to_json(c) FROM ${codepointPostcodes.relation} c WHERE c.postcode = $1) AS codepoint,
         (SELECT row_to_json(a) FROM ${onsPostcodeAreas.relation} a WHERE a.postcode = $1) AS areas,
         (SELECT json_build_object(${onspdColumns.map((c) => `'${c}', o.${c}`).join(', ')})
            FROM ${onspdPostcodes.relation} o WHERE o.postcode = $1) AS onspd`;

export const postcodeQueries = defineQueries([codepointPostcodes, onsPostcodeAreas, onspdPostcodes], {
  /** A postcode's answer from the datasets serving, or undefined when none holds it; throws when they cannot be read. */
  find: async (db, postcode: string) => {
    const found = (await db.query<{ codepoint: unknown; areas: unknown; onspd: unknown }>(rowsSql, [postcode])).rows[0];
    const rows = {
      codepoint: found?.codepoint ?? undefined,
      areas: found?.areas ?? undefined,
      onspd: found?.onspd ?? undefined,
    } as PostcodeRows;
    return postcodeAnswer(postcode, rows);
  },
});

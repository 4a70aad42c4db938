import {
  addressAutocompleteFind,
  addressAutocompleteRetrieve,
  addressWords,
  isFullPostcode,
  normalisePostcode,
  readModels,
  type RetrieveResult,
} from '@pds/contracts';
import { handlerOf, type Answer } from '../../operations/handler';
import { propertyOf } from '../property/resolve-property';
import { servingVersions, sourceOf } from '../reference-data/sources';
import { checkSelectionId, issueSelectionId } from './selection-id';

// Autocomplete over the address dataset (the `addresses` read model). A full postcode lists its addresses; other text
// is words in any order, each a prefix (the user is still typing), ranked by words matched whole, then by how much
// they cover, then shorter addresses first. One indexed query either way (GIN on the search words).

const { addresses } = readModels;

const byPostcode = `SELECT uprn::text AS uprn, single_line FROM ${addresses.relation} WHERE postcode = $1`;
const byWords = `
  SELECT uprn::text AS uprn, single_line
    FROM ${addresses.relation}, to_tsquery('simple', $1) AS prefixes, to_tsquery('simple', $2) AS whole
   WHERE search @@ prefixes
   ORDER BY ts_rank(search, whole) DESC, ts_rank(search, prefixes) DESC, length(single_line), single_line
   LIMIT $3`;

/** `address_autocomplete_find`: free. */
export const autocompleteFind = handlerOf(addressAutocompleteFind, {
  handle: async ({ input, deps }): Promise<Answer> => {
    const { query, limit } = input.query;
    let rows: { uprn: string; single_line: string }[];
    if (isFullPostcode(query)) {
      const found = await deps.db.query<{ uprn: string; single_line: string }>(byPostcode, [normalisePostcode(query)]);
      rows = found.rows.sort((a, b) => a.single_line.localeCompare(b.single_line, 'en', { numeric: true })).slice(0, limit);
    } else {
      // Words are letters and digits only (addressWords), so they are safe in a tsquery.
      const words = [...new Set(addressWords(query))];
      rows =
        words.length === 0 ? [] : (await deps.db.query(byWords, [words.map((w) => `${w}:*`).join(' & '), words.join(' | '), limit])).rows;
    }
    const issuedAt = deps.clock.now();
    const suggestions = rows.map((r) => ({ id: issueSelectionId(r.uprn, issuedAt), text: r.single_line }));
    return { ok: true, data: { query, suggestions }, sources: (await servingVersions(deps.db, ['addressbase'])).map(sourceOf) };
  },
});

const nothingCharged = 'Nothing was charged.';

/** `address_autocomplete_retrieve`: 35 credits, captured by the pipeline only for an address retrieved. */
export const autocompleteRetrieve = handlerOf(addressAutocompleteRetrieve, {
  handle: async ({ input, deps }): Promise<Answer> => {
    const checked = checkSelectionId(input.query.id, deps.clock.now());
    if (!checked.ok) {
      return checked.reason === 'expired'
        ? { ok: false, code: 'SELECTION_EXPIRED', message: `The selection id is more than 30 minutes old; search again. ${nothingCharged}` }
        : { ok: false, code: 'SELECTION_INVALID', message: `The selection id is not one we issued, or was altered. ${nothingCharged}` };
    }
    const { rows } = await deps.db.query(
      `SELECT uprn::text AS uprn, line1, line2, line3, town, postcode, single_line, country, class, latitude, longitude, x_coordinate,
              y_coordinate, sub_building, building_name, building_number
         FROM ${addresses.relation} WHERE uprn = $1`,
      [checked.uprn],
    );
    if (!rows[0]) {
      return {
        ok: false,
        code: 'SELECTION_UNKNOWN',
        message: `The selected address is no longer in the dataset; search again. ${nothingCharged}`,
      };
    }
    const p = propertyOf(rows[0]);
    const [line1 = '', line2 = '', ...rest] = p.lines;
    const data: RetrieveResult = {
      uprn: p.uprn,
      address: { lines: p.lines, town: p.town, postcode: p.postcode, singleLine: p.singleLine },
      form: { line1, line2, line3: rest.join(', '), town: p.town, postcode: p.postcode },
      postcode: p.postcode,
      latitude: p.latitude,
      longitude: p.longitude,
      eastings: p.eastings,
      northings: p.northings,
    };
    return { ok: true, data, sources: (await servingVersions(deps.db, ['addressbase'])).map(sourceOf) };
  },
});

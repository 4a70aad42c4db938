import { addressWords } from '../../rest/address-text';
import { isFullPostcode, normalisePostcode } from '../../rest/postcode';
import { defineQueries } from '../read-model';
import { addresses, inspireParcels } from './contract';
import { parcelUnderPoint } from './parcel-under-point';
import { addressColumns, inReadingOrder, propertyOf, resolveProperty, type AddressRow, type FoundProperty } from './resolve-property';

// The location service's published reads of the address dataset and the INSPIRE index polygons: autocomplete, an
// address by UPRN, the one property resolver (resolve-property.ts), and the polygon under a point.

type Suggestion = { uprn: string; single_line: string };

const byPostcode = `SELECT uprn::text AS uprn, single_line FROM ${addresses.relation} WHERE postcode = $1`;

// A full postcode lists its addresses; other text is words in any order, each a prefix (the user is still typing),
// ranked by words matched whole, then by how much they cover, then shorter addresses first. One indexed query either way
// (GIN on the search words).
const byWords = `
  SELECT uprn::text AS uprn, single_line
    FROM ${addresses.relation}, to_tsquery('simple', $1) AS prefixes, to_tsquery('simple', $2) AS whole
   WHERE search @@ prefixes
   ORDER BY ts_rank(search, whole) DESC, ts_rank(search, prefixes) DESC, length(single_line), single_line
   LIMIT $3`;

export const addressQueries = defineQueries([addresses], {
  /** Up to `limit` addresses for what a user has typed so far: a full postcode's in street order, or the best by words. */
  suggestions: async (db, query: string, limit: number): Promise<Suggestion[]> => {
    if (isFullPostcode(query)) {
      const found = await db.query<Suggestion>(byPostcode, [normalisePostcode(query)]);
      return found.rows.sort(inReadingOrder).slice(0, limit);
    }
    // Words are letters and digits only (addressWords), so they are safe in a tsquery.
    const words = [...new Set(addressWords(query))];
    if (words.length === 0) return [];
    return (await db.query<Suggestion>(byWords, [words.map((w) => `${w}:*`).join(' & '), words.join(' | '), limit])).rows;
  },

  /** The address with this UPRN; undefined when the dataset has none. */
  byUprn: async (db, uprn: string): Promise<FoundProperty | undefined> => {
    const { rows } = await db.query<AddressRow>(`SELECT ${addressColumns} FROM ${addresses.relation} WHERE uprn = $1`, [uprn]);
    return rows[0] && propertyOf(rows[0]);
  },

  resolve: resolveProperty,
});

export const parcelQueries = defineQueries([inspireParcels], { underPoint: parcelUnderPoint });

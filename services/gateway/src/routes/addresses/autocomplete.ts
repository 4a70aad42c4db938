import { addressAutocompleteFind, addressAutocompleteRetrieve, readModels, type RetrieveResult } from '@pds/contracts';
import { handlerOf, type Answer } from '../../operations/handler';
import { checkSelectionId, issueSelectionId } from './selection-id';

// Autocomplete over the address dataset, through the location service's published reads of its `addresses` read
// model. The selection id the gateway signs lets a caller retrieve, for 30 minutes, only an address it was offered.

const { addressQueries, datasetQueries, sourceOf } = readModels;
const addressSources = async (db: readModels.Queryable) => (await datasetQueries.servingVersions(db, ['addressbase'])).map(sourceOf);

/** `address_autocomplete_find`: free. */
export const autocompleteFind = handlerOf(addressAutocompleteFind, {
  handle: async ({ input, deps }): Promise<Answer> => {
    const { query, limit } = input.query;
    const rows = await addressQueries.suggestions(deps.db, query, limit);
    const issuedAt = deps.clock.now();
    const suggestions = rows.map((r) => ({ id: issueSelectionId(r.uprn, issuedAt), text: r.single_line }));
    return { ok: true, data: { query, suggestions }, sources: await addressSources(deps.db) };
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
    const p = await addressQueries.byUprn(deps.db, checked.uprn);
    if (!p) {
      return {
        ok: false,
        code: 'SELECTION_UNKNOWN',
        message: `The selected address is no longer in the dataset; search again. ${nothingCharged}`,
      };
    }
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
    return { ok: true, data, sources: await addressSources(deps.db) };
  },
});

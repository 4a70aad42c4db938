import { propertyRefOf, uprnAddressLookup, type AddressLookupResult, readModels } from '@pds/contracts';
import { handlerOf, type Answer } from '../../operations/handler';
import { resolutionRefusal } from '../property/resolution-refusal';

/** `uprn_address_lookup`: 35 credits, captured by the pipeline only for an address found. */
export const uprnLookup = handlerOf(uprnAddressLookup, {
  handle: async ({ input, deps }): Promise<Answer> => {
    const ref = propertyRefOf(input.query);
    if ('invalid' in ref)
      return { ok: false, code: 'INVALID_PARAMETERS', message: `Name the property: ${ref.invalid}. Nothing was charged.` };
    if ('postcode' in ref && ref.postcode.startsWith('BT')) {
      return {
        ok: false,
        code: 'OUTSIDE_GREAT_BRITAIN',
        message: `${ref.postcode} is in Northern Ireland; the address dataset covers Great Britain. Nothing was charged.`,
      };
    }
    const resolved = await readModels.addressQueries.resolve(deps.db, ref);
    if (resolved.kind !== 'found') return resolutionRefusal(resolved, ref);
    const p = resolved.property;
    const data: AddressLookupResult = {
      uprn: p.uprn,
      address: { lines: p.lines, town: p.town, postcode: p.postcode, singleLine: p.singleLine },
      postcode: p.postcode,
      direction: 'uprn' in ref ? 'uprn_to_address' : 'address_to_uprn',
      matchType: resolved.matchType,
      classification: p.classification,
      country: p.country,
      latitude: p.latitude,
      longitude: p.longitude,
      eastings: p.eastings,
      northings: p.northings,
    };
    return {
      ok: true,
      data,
      sources: (await readModels.datasetQueries.servingVersions(deps.db, ['addressbase'])).map(readModels.sourceOf),
    };
  },
});

import { readModels, type AddressLookupResult, type DataOf, type locationIntelligence, type ReplyOf } from '@pds/contracts';
import type { HandlerResult } from '@pds/service-runtime';
import type pg from 'pg';

// `uprn_address_lookup`: the address of a UPRN, or the UPRN of an address, as the one property resolver finds it in the
// address dataset (AddressBase Plus: Great Britain).

type Asked = DataOf<typeof locationIntelligence.DescribeAddress>;
type Result = HandlerResult<ReplyOf<typeof locationIntelligence.DescribeAddress>>;

export const describeAddress = async (db: pg.Pool, { property: ref }: Asked): Promise<Result> => {
  if ('postcode' in ref && ref.postcode.startsWith('BT'))
    return {
      ok: false,
      error: {
        code: 'OUTSIDE_GREAT_BRITAIN',
        message: `${ref.postcode} is in Northern Ireland; the address dataset covers Great Britain.`,
      },
    };
  const resolved = await readModels.addressQueries.resolve(db, ref);
  if (resolved.kind !== 'found') return { ok: false, error: readModels.resolutionRefusal(resolved, ref) };
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
  return { ok: true, data: { data, sources: await readModels.datasetQueries.sources(db, ['addressbase']) } };
};

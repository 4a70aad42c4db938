import { areaStatistics, locationIntelligence, isOutsideEnglandAndWales } from '@pds/contracts';
import { readInput } from '../../operations/read-input';
import { handlerOf } from '../../operations/handler';

import { ownerWork } from '../ask-owner';

/**
 * `area_statistics`: answered by the location service; charged only when answered. A postcode in an area wholly in
 * Scotland or Northern Ireland is refused before anything is reserved (the location service refuses the rest of
 * theirs, TD and CA across the border, by the country the postcode datasets give).
 */
export const areaStatisticsHandler = handlerOf(areaStatistics, {
  read: (raw) => {
    const read = readInput(areaStatistics, raw);
    if (!read.ok || !isOutsideEnglandAndWales(read.value.query.postcode)) return read;
    return {
      ok: false,
      code: 'OUTSIDE_ENGLAND_AND_WALES',
      message:
        `${read.value.query.postcode} is in Scotland or Northern Ireland. The Census 2021 here is England and Wales's; Scotland's ` +
        "census (2022) and Northern Ireland's are published separately. Nothing was charged.",
      details: 'postcode: outside England and Wales',
    };
  },
  work: async (call) =>
    ownerWork('location', locationIntelligence.DescribeAreaStatistics, { postcode: call.input.query.postcode }, 'area statistics'),
});

import { defaultComparableMonths, locationIntelligence, propertySoldComparables } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { askLocation } from '../area/ask-location';

/** `property_sold_comparables`: the postcode's sales, found by the location service; 1 credit, also for none. */
export const soldComparablesHandler = handlerOf(propertySoldComparables, {
  handle: (call) => {
    const { postcode, months = defaultComparableMonths } = call.input.query;
    return askLocation(call, locationIntelligence.FindSoldComparables, { postcode, months }, 'list of sales');
  },
});

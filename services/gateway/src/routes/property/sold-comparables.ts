import { defaultComparableMonths, locationIntelligence, propertySoldComparables } from '@pds/contracts';
import { locationWork } from '../area/ask-location';
import { handlerOf } from '../../operations/handler';

/** `property_sold_comparables`: the postcode's sales, found by the location service; 1 credit, also for none. */
export const soldComparablesHandler = handlerOf(propertySoldComparables, {
  work: async (call) => {
    const { postcode, months = defaultComparableMonths } = call.input.query;
    return locationWork(locationIntelligence.FindSoldComparables, { postcode, months }, 'list of sales');
  },
});

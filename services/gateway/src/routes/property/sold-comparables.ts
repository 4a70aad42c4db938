import { analysis, defaultComparableMonths, propertySoldComparables } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';

/** `property_sold_comparables`: the postcode's sales, found by the analysis service; 1 credit, also for none. */
export const soldComparablesHandler = handlerOf(propertySoldComparables, {
  work: async (call) => {
    const { postcode, months = defaultComparableMonths, asOf } = call.input.query;
    return ownerWork('analysis', analysis.FindSoldComparables, { postcode, months, asOf }, 'list of sales');
  },
});

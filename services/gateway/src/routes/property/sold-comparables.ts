import { defaultComparableMonths, locationIntelligence, propertySoldComparables } from '@pds/contracts';
import { locationWork } from '../area/ask-location';
import { commandHandler } from '../../operations/command-work';

/** `property_sold_comparables`: the postcode's sales, found by the location service; 1 credit, also for none. */
export const soldComparablesHandler = commandHandler(propertySoldComparables, {
  work: (call) => {
    const { postcode, months = defaultComparableMonths } = call.input.query;
    return locationWork(locationIntelligence.FindSoldComparables, { postcode, months }, 'list of sales');
  },
});

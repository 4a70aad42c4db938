import { analysis, defaultValuationMonths, propertyValuation } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';

/** `property_valuation`: the analysis service's, with any extension or uplift; 1 credit, charged only for an answer. */
export const valuationHandler = handlerOf(propertyValuation, {
  work: async (call) => {
    const { postcode, address, months = defaultValuationMonths, asOf, extensionArea = 0, renovationUplift = 0 } = call.input.query;
    return ownerWork('analysis', analysis.ValueProperty, { postcode, address, months, asOf, extensionArea, renovationUplift }, 'valuation');
  },
});

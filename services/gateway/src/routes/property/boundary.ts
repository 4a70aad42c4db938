import { locationIntelligence, propertyBoundary, propertyRefOf } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';

/** `property_boundary`: answered by the location service; 35 credits, captured only for a boundary answered. */
export const propertyBoundaryHandler = handlerOf(propertyBoundary, {
  work: async (call) => {
    const ref = propertyRefOf(call.input.query);
    if ('invalid' in ref)
      return { ok: false, code: 'INVALID_PARAMETERS', message: `Name the property: ${ref.invalid}. Nothing was charged.` };
    const { titleNumber } = call.input.query;
    return ownerWork('location', locationIntelligence.DescribeBoundary, { property: ref, titleNumber }, 'boundary lookup');
  },
});

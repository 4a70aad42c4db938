import { locationIntelligence, propertyOwnership } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';

/** `property_ownership`: by title number or postcode (exactly one), from the location service; 1 credit per lookup. */
export const ownershipHandler = handlerOf(propertyOwnership, {
  work: async (call) => {
    const { titleNumber, postcode } = call.input.query;
    if ((titleNumber === undefined) === (postcode === undefined))
      return {
        ok: false,
        code: 'INVALID_PARAMETERS',
        message: 'Give exactly one of `titleNumber` and `postcode`. Nothing was charged.',
        details: titleNumber === undefined ? 'titleNumber, postcode: one is required' : 'titleNumber, postcode: give one, not both',
      } as const;
    const asked = titleNumber !== undefined ? { titleNumber } : { postcode: postcode as string };
    return ownerWork('location', locationIntelligence.FindCompanyOwners, asked, 'ownership lookup');
  },
});

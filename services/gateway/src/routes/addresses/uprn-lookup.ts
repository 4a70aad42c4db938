import { locationIntelligence, propertyRefOf, uprnAddressLookup } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';

/** `uprn_address_lookup`: answered by the location service; 35 credits, captured only for an address found. */
export const uprnLookup = handlerOf(uprnAddressLookup, {
  work: async (call) => {
    const ref = propertyRefOf(call.input.query);
    if ('invalid' in ref)
      return { ok: false, code: 'INVALID_PARAMETERS', message: `Name the property: ${ref.invalid}. Nothing was charged.` };
    return ownerWork('location', locationIntelligence.DescribeAddress, { property: ref }, 'address lookup');
  },
});

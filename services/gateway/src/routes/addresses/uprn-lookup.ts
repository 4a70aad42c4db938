import { locationIntelligence, propertyRefOf, uprnAddressLookup } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { askOwner } from '../ask-owner';

/** `uprn_address_lookup`: answered by the location service; 35 credits, captured only for an address found. */
export const uprnLookup = handlerOf(uprnAddressLookup, {
  handle: async (call) => {
    const ref = propertyRefOf(call.input.query);
    if ('invalid' in ref)
      return { ok: false, code: 'INVALID_PARAMETERS', message: `Name the property: ${ref.invalid}. Nothing was charged.` };
    return askOwner(call, 'location', locationIntelligence.DescribeAddress, { property: ref }, 'address lookup');
  },
});

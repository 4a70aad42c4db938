import { areaDeprivation, locationIntelligence } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';

/** `area_deprivation`: looked up by the location service; charged only when answered. */
export const areaDeprivationHandler = handlerOf(areaDeprivation, {
  work: async (call) =>
    ownerWork('location', locationIntelligence.DescribeDeprivation, { postcode: call.input.query.postcode }, 'deprivation lookup'),
});

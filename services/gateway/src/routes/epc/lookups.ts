import { epc, propertyEpc, propertyFloorArea, type PropertyQuery } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';
import { readPropertyQuery } from './property-query';

// The EPC and floor-area lookups: answered by the location service, which owns the bulk certificates and the live
// register's adapter; charged only when answered.

const propertyOf = ({ uprn, address, postcode }: PropertyQuery) =>
  uprn !== undefined ? { uprn } : { address: address as string, postcode: postcode as string };

/** `property_epc`: the latest certificate and the earlier ones. */
export const propertyEpcHandler = handlerOf(propertyEpc, {
  read: readPropertyQuery,
  work: async (call) =>
    ownerWork('location', epc.DescribeEnergyCertificates, { property: propertyOf(call.input.query) }, 'certificate lookup'),
});

/** `property_floor_area`: from the latest certificate recording a floor area. */
export const floorAreaHandler = handlerOf(propertyFloorArea, {
  read: readPropertyQuery,
  work: async (call) => ownerWork('location', epc.DescribeFloorArea, { property: propertyOf(call.input.query) }, 'floor area lookup'),
});

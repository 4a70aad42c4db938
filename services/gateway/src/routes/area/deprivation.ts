import { areaDeprivation, locationIntelligence } from '@pds/contracts';
import { commandHandler } from '../../operations/command-work';
import { locationWork } from './ask-location';

/** `area_deprivation`: looked up by the location service; charged only when answered. */
export const areaDeprivationHandler = commandHandler(areaDeprivation, {
  work: (call) => locationWork(locationIntelligence.DescribeDeprivation, { postcode: call.input.query.postcode }, 'deprivation lookup'),
});

import { areaCrime, locationIntelligence } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';
import { placeOf, readPlaceQuery } from './place-query';

/** `area_crime`: counted by the location service; charged only when answered. */
export const areaCrimeHandler = handlerOf(areaCrime, {
  read: readPlaceQuery<typeof areaCrime>(areaCrime.request.query),
  work: async (call) => {
    const { radiusMetres, from, to } = call.input.query;
    return ownerWork(
      'location',
      locationIntelligence.CountCrimes,
      { place: placeOf(call.input.query), radiusMetres, from, to },
      'crime count',
    );
  },
});

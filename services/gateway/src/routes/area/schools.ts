import { areaSchools, locationIntelligence } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';
import { placeOf, readPlaceQuery } from './place-query';

/** `area_schools`: found by the location service, which owns the GIAS datasets; charged only when answered. */
export const areaSchoolsHandler = handlerOf(areaSchools, {
  read: readPlaceQuery<typeof areaSchools>(areaSchools.request.query),
  work: async (call) => {
    const { radiusMetres, phase, includeClosed, limit } = call.input.query;
    const command = { place: placeOf(call.input.query), radiusMetres, phases: phase ?? null, includeClosed, limit };
    return ownerWork('location', locationIntelligence.FindSchools, command, 'schools search');
  },
});

import { areaPlanningConstraints, locationIntelligence } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';
import { placeOf, readPlaceQuery } from './place-query';

/** `area_planning_constraints`: found by the location service; charged only when answered. */
export const planningConstraintsHandler = handlerOf(areaPlanningConstraints, {
  read: readPlaceQuery<typeof areaPlanningConstraints>(areaPlanningConstraints.request.query),
  work: async (call) =>
    ownerWork(
      'location',
      locationIntelligence.FindPlanningConstraints,
      { place: placeOf(call.input.query), radiusMetres: call.input.query.radiusMetres },
      'planning constraints',
    ),
});

import { locationIntelligence, propertyGroundRisk } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';
import { placeOf, readPlaceQuery } from './place-query';

/**
 * `property_ground_risk`: screened by the location service; the pipeline captures the credits only for an answer (a
 * partial screen is an answer), which is "charged after a successful response".
 */
export const groundRiskHandler = handlerOf(propertyGroundRisk, {
  read: readPlaceQuery<typeof propertyGroundRisk>(propertyGroundRisk.request.query),
  work: async (call) =>
    ownerWork(
      'location',
      locationIntelligence.ScreenGroundRisk,
      { place: placeOf(call.input.query), radiusMetres: call.input.query.radiusMetres },
      'ground-risk screen',
    ),
});

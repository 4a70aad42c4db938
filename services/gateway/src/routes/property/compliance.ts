import { analysis, propertyCompliance, propertyRefOf } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';
import { readPropertyQuery } from '../epc/property-query';

/** `property_compliance`: the lettings checks, made by the analysis service; charged when at least one is made. */
export const complianceHandler = handlerOf(propertyCompliance, {
  read: readPropertyQuery,
  work: async (call) => {
    const ref = propertyRefOf(call.input.query);
    if ('invalid' in ref) return { ok: false, code: 'INVALID_PARAMETERS', message: `Give ${ref.invalid}. Nothing was charged.` };
    return ownerWork('analysis', analysis.CheckCompliance, { property: ref }, 'compliance check');
  },
});

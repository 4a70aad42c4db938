import { analysis, propertyProfile, type PropertyProfile } from '@pds/contracts';
import { handlerOf } from '../../../operations/handler';
import { askOwner } from '../../ask-owner';
import { readProfileRequest } from './read-request';

/**
 * `property_profile`: made by the analysis service. 100 credits are charged only for a complete profile: one missing a
 * part (named in `unavailable`) is answered free (`freeBecause`), so that asking again costs only the complete one.
 */
export const propertyProfileHandler = handlerOf(propertyProfile, {
  read: (raw) => {
    const ref = readProfileRequest(raw);
    return ref.ok ? { ok: true, value: { query: undefined, params: undefined, headers: undefined, body: { property: ref.value } } } : ref;
  },
  handle: async (call) => {
    const answer = await askOwner(call, 'analysis', analysis.ProfileProperty, { property: call.input.body.property }, 'property profile');
    if (!answer.ok) return answer;
    const { complete, unavailable } = answer.data as PropertyProfile;
    return complete ? answer : { ...answer, freeBecause: `incomplete profile: ${unavailable.join(', ')} not had` };
  },
});

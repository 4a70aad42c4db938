import { propertyEpc } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { epcAnswer } from './answers';
import { askForCertificates } from './certificates';
import { readPropertyQuery } from './property-query';

/** `property_epc`: the latest certificate and the earlier ones; charged only when answered. */
export const propertyEpcHandler = handlerOf(propertyEpc, {
  read: readPropertyQuery,
  handle: async (call) => {
    const found = await askForCertificates(call, 'EPC_NOT_FOUND');
    if (!found.ok) return found;
    return { ok: true, data: epcAnswer(found.certificates, call.deps.clock.now()), sources: found.certificates.sources };
  },
});

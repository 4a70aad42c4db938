import { propertyFloorArea } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { floorAreaAnswer } from './answers';
import { askForCertificates } from './certificates';
import { readPropertyQuery } from './property-query';

/** `property_floor_area`: from the latest certificate recording a floor area; charged only when answered. */
export const floorAreaHandler = handlerOf(propertyFloorArea, {
  read: readPropertyQuery,
  handle: async (call) => {
    const found = await askForCertificates(call, 'FLOOR_AREA_NOT_FOUND');
    if (!found.ok) return found;
    const data = floorAreaAnswer(found.certificates);
    if (!data) {
      const { address, postcode } = found.certificates.property;
      return {
        ok: false,
        code: 'FLOOR_AREA_NOT_FOUND',
        message: `No certificate of ${address}, ${postcode} records a floor area. Nothing was charged.`,
      };
    }
    return { ok: true, data, sources: found.certificates.sources };
  },
});

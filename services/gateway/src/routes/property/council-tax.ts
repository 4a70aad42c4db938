import { analysis, propertyCouncilTax, propertyRefOf } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';

// `property_council_tax`: a property (`uprn`, or `address` with `postcode`) or a postcode alone, answered by the
// analysis service; a Northern Irish postcode is refused before anything is reserved (domestic rates, not council tax).

export const councilTaxHandler = handlerOf(propertyCouncilTax, {
  work: async (call) => {
    const q = call.input.query;
    if (q.postcode?.startsWith('BT'))
      return {
        ok: false,
        code: 'OUTSIDE_GREAT_BRITAIN',
        message: `${q.postcode} is in Northern Ireland, where homes pay domestic rates, not council tax. Nothing was charged.`,
      };
    if (q.uprn === undefined && q.address === undefined && q.postcode !== undefined)
      return ownerWork('analysis', analysis.DescribeCouncilTax, { postcode: q.postcode }, 'council tax');
    const ref = propertyRefOf(q);
    if ('invalid' in ref)
      return { ok: false, code: 'INVALID_PARAMETERS', message: `Give ${ref.invalid}, or \`postcode\` alone. Nothing was charged.` };
    return ownerWork('analysis', analysis.DescribeCouncilTax, { property: ref }, 'council tax');
  },
});

import { analysis, purchaseTax } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';

/** `finance_purchase_tax`: worked out by the analysis service, in the nation given or the postcode's; charged on answer. */
export const purchaseTaxHandler = handlerOf(purchaseTax, {
  work: async ({ input }) => {
    const q = input.query;
    if ((q.country === undefined) === (q.postcode === undefined)) {
      return {
        ok: false,
        code: 'INVALID_PARAMETERS',
        message: 'Give exactly one of `country` and `postcode`; nothing was charged.',
        details: q.country === undefined ? 'country, postcode: one is required' : 'country, postcode: give one, not both',
      };
    }
    const { price, country, postcode, transactionDate, buyerType, nonUkResident } = q;
    const asked = { price, country, postcode, transactionDate, buyerType, nonUkResident };
    return ownerWork('analysis', analysis.CalculatePurchaseTax, asked, 'calculation', 'INTERNAL_ERROR');
  },
});

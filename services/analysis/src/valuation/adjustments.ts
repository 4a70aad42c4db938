import { RenovationUpliftResult, type ValuationResult } from '@pds/contracts';
import type { DomainError } from '@pds/service-runtime';
import { calculateRenovationUplift } from '../renovation-uplift/calculate';

// A valuation with an extension or a renovation uplift: the estimate is taken as the value the renovation calculator
// adjusts, so that both operations apply one set of rules.

export const withAdjustments = (
  valuation: ValuationResult,
  { extensionArea, renovationUplift }: { extensionArea: number; renovationUplift: number },
): { ok: true; valuation: ValuationResult } | { ok: false; error: DomainError } => {
  if (extensionArea === 0 && renovationUplift === 0) return { ok: true, valuation };
  const { floorArea } = valuation.property;
  if (extensionArea > 0 && floorArea === null)
    return {
      ok: false,
      error: {
        code: 'FLOOR_AREA_NOT_FOUND',
        message: 'An extension is valued by the price per m² of the home, and no certificate of it gives its floor area.',
      },
    };
  // An uplift alone does not depend on the floor area (adjusted = value × (1 + uplift%)): any area gives the same value.
  const input = { value: valuation.estimatedValue, floorArea: floorArea ?? 1, extensionArea, renovationUplift };
  const calculated = RenovationUpliftResult.safeParse(calculateRenovationUplift(input));
  if (!calculated.success) return { ok: false, error: { code: 'INTERNAL_ERROR', message: 'The renovation calculation failed.' } };
  const adjustments = {
    baseValue: valuation.estimatedValue,
    extensionArea,
    renovationUplift,
    adjustedValue: calculated.data.result.adjustedValue,
  };
  return { ok: true, valuation: { ...valuation, adjustments } };
};

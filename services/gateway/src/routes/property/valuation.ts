import { analysis, defaultValuationMonths, locationIntelligence, propertyValuation, type ValuationResult } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { askAnalysis } from '../ask-analysis';
import { askLocation } from '../area/ask-location';

// `property_valuation`: the estimate is the location service's (it owns Price Paid and the certificates); an extension
// or a renovation uplift is then the renovation calculator's, asked of the analysis service with the estimate as the
// value, so that both operations apply one set of rules. 1 credit, charged only for an answer.

export const valuationHandler = handlerOf(propertyValuation, {
  work: async (call) => {
    const { postcode, address, months = defaultValuationMonths, asOf, extensionArea = 0, renovationUplift = 0 } = call.input.query;
    const valued = await askLocation(call, locationIntelligence.ValueProperty, { postcode, address, months, asOf }, 'valuation');
    if (!valued.ok || (extensionArea === 0 && renovationUplift === 0)) return valued;
    const valuation = valued.data as ValuationResult;
    const { floorArea } = valuation.property;
    if (extensionArea > 0 && floorArea === null)
      return {
        ok: false,
        code: 'FLOOR_AREA_NOT_FOUND',
        message:
          'An extension is valued by the price per m² of the home, and no certificate of it gives its floor area. Nothing was charged.',
      };
    // An uplift alone does not depend on the floor area (adjusted = value × (1 + uplift%)): any area gives the same value.
    const calculated = await askAnalysis(call, analysis.CalculateRenovationUplift, {
      value: valuation.estimatedValue,
      floorArea: floorArea ?? 1,
      extensionArea,
      renovationUplift,
    });
    if (!calculated.ok) return calculated;
    const adjustments = {
      baseValue: valuation.estimatedValue,
      extensionArea,
      renovationUplift,
      adjustedValue: calculated.data.result.adjustedValue,
    };
    return { ...valued, data: { ...valuation, adjustments } };
  },
});

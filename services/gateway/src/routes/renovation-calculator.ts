import { analysis, renovationUpliftCalculator } from '@pds/contracts';
import { handlerOf } from '../operations/handler';
import { askAnalysis } from './ask-analysis';

/** The calculation is the analysis service's; the pipeline has checked the inputs and reserved the credit. */
export const renovationCalculator = handlerOf(renovationUpliftCalculator, {
  handle: async (call) => askAnalysis(call, analysis.CalculateRenovationUplift, call.input.query),
});

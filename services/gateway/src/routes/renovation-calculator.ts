import { analysis, renovationUpliftCalculator } from '@pds/contracts';
import { analysisWork } from './calculation-work';
import { handlerOf } from '../operations/handler';

/** The calculation is the analysis service's; the pipeline has checked the inputs and charges the answer. */
export const renovationCalculator = handlerOf(renovationUpliftCalculator, {
  work: async (call) => analysisWork(analysis.CalculateRenovationUplift, call.input.query),
});

import { analysis, renovationUpliftCalculator } from '@pds/contracts';
import { analysisWork } from './ask-analysis';
import { commandHandler } from '../operations/command-work';

/** The calculation is the analysis service's; the pipeline has checked the inputs and charges the answer. */
export const renovationCalculator = commandHandler(renovationUpliftCalculator, {
  work: (call) => analysisWork(analysis.CalculateRenovationUplift, call.input.query),
});

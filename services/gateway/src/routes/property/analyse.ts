import { analysis, propertyAnalysis } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { ownerWork } from '../ask-owner';

/** `property_analysis`: a price read against its place by the analysis service; charged when a part is answered. */
export const propertyAnalysisHandler = handlerOf(propertyAnalysis, {
  work: async (call) => ownerWork('analysis', analysis.AnalysePrice, call.input.query, 'analysis'),
});

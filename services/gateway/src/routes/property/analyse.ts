import { analysis, propertyAnalysis } from '@pds/contracts';
import { handlerOf } from '../../operations/handler';
import { askOwner } from '../ask-owner';

/** `property_analysis`: a price read against its place by the analysis service; charged when a part is answered. */
export const propertyAnalysisHandler = handlerOf(propertyAnalysis, {
  handle: (call) => askOwner(call, 'analysis', analysis.AnalysePrice, call.input.query, 'analysis'),
});

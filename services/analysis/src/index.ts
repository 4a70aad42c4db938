// What other workspaces (the benchmarks) use of the analysis service in-process.
export { calculateRenovationUplift, sqFtPerM2 } from './renovation-uplift/calculate';
export { DistrictCache } from './valuation/district-sales';
export { valueProperty } from './valuation/value-property';
export { AuthorityValues } from './council-tax/authority-values';
export { describeCouncilTax } from './council-tax/describe-council-tax';
export { estimateBand, rankDriftSigma } from './council-tax/estimate-band';
export { nationBands } from './council-tax/bands';

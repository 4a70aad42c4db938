// What other workspaces (the benchmarks) use of the analysis service in-process.
export { calculateRenovationUplift, sqFtPerM2 } from './renovation-uplift/calculate';
export { DistrictCache } from './valuation/district-sales';
export { valueProperty } from './valuation/value-property';

// What other workspaces (the benchmarks) use of the location service in-process.
export { importDataset, type ImportDeps } from './import/import-dataset';
export { silentProgress } from './import/progress';
export { datasetCatalogue } from './datasets/catalogue';

// The publishers' formats as this service reads them, for the demo region's generators (infra/demo-data), which write
// files in exactly these layouts and read the real files' positions as the importers do.
export { addressBasePlusColumns } from './datasets/addressbase';
export { codePointRow } from './datasets/codepoint-open';
export { csvRecords } from './datasets/csv';
export { legacyHeader, textOf } from './datasets/epc-columns';
export { giasLinksHeader } from './datasets/gias-files';
export { planningEntityColumns } from './datasets/planning-data';
export { builtForms, codeOf, constructionAgeBandCode, propertyTypes, rdsapFuels, transactionTypes } from './epc/register/codes';
export { bngToWgs84 } from './geo/coordinates';
export { openZipMember } from './import/files';

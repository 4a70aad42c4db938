// What other workspaces (the benchmarks) use of the location service in-process.
export { importDataset } from './import/import-dataset';
export { silentProgress } from './import/progress';
export { datasetCatalogue } from './datasets/catalogue';

import { apiCallers } from './accounts';
import { addresses, inspireParcels } from './addresses';
import { datasetVersions } from './datasets';
import { boeSeriesValues, onsTimeseriesValues, ukHpiMonths } from './market';
import { codepointPostcodes, onsPostcodeAreas, onspdPostcodes } from './postcodes';
import type { ReadModel } from './read-model';
import { titleOrderFiles, titleOrderViews } from './title-orders';

export * from './read-model';
export {
  addresses,
  boeSeriesValues,
  onsTimeseriesValues,
  ukHpiMonths,
  apiCallers,
  codepointPostcodes,
  inspireParcels,
  datasetVersions,
  onsPostcodeAreas,
  onspdPostcodes,
  titleOrderFiles,
  titleOrderViews,
};

/** Every read model one service offers another. */
export const readModels: readonly ReadModel[] = [
  apiCallers,
  titleOrderViews,
  titleOrderFiles,
  datasetVersions,
  codepointPostcodes,
  onsPostcodeAreas,
  onspdPostcodes,
  addresses,
  inspireParcels,
  ukHpiMonths,
  boeSeriesValues,
  onsTimeseriesValues,
];

import { apiCallers } from './accounts';
import { datasetVersions } from './datasets';
import { codepointPostcodes, onsPostcodeAreas, onspdPostcodes } from './postcodes';
import type { ReadModel } from './read-model';
import { titleOrderFiles, titleOrderViews } from './title-orders';

export * from './read-model';
export { apiCallers, codepointPostcodes, datasetVersions, onsPostcodeAreas, onspdPostcodes, titleOrderFiles, titleOrderViews };

/** Every read model one service offers another. */
export const readModels: readonly ReadModel[] = [
  apiCallers,
  titleOrderViews,
  titleOrderFiles,
  datasetVersions,
  codepointPostcodes,
  onsPostcodeAreas,
  onspdPostcodes,
];

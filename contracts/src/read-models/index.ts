import { accountApiKeys, apiCallers } from './accounts/contract';
import { accountMovements } from './account-movements/contract';
import { accountUsageDays, accountUsageProgress } from './account-usage/contract';
import { addresses, inspireParcels } from './addresses/contract';
import { councilTaxAuthorities } from './council-tax/contract';
import { datasetImportsUnderWay, datasetVersions } from './datasets/contract';
import { boeSeriesValues, onsTimeseriesValues, ukHpiMonths } from './market/contract';
import { codepointPostcodes, onsPostcodeAreas, onspdPostcodes } from './postcodes/contract';
import type { ReadModel } from './read-model';
import { titleOrderFiles, titleOrderViews } from './title-orders/contract';
import { reportFiles, reportViews } from './reports/contract';
import { energyCertificates } from './energy-certificates/contract';
import { pricePaidSales } from './price-paid/contract';

export * from './read-model';
export * from './title-orders/queries';
export * from './reports/queries';
export * from './datasets/queries';
export * from './postcodes/queries';
export * from './addresses/queries';
export * from './accounts/queries';
export * from './account-usage/queries';
export * from './account-movements/queries';
export * from './account-movements/figures';
export { movementKinds, type MovementKind } from './account-movements/contract';
export * from './postcodes/look-up';
export * from './price-paid/queries';
export * from './energy-certificates/queries';
export * from './addresses/address-match';
export { addressParts, type AddressParts } from './addresses/address-parts';
export * from './market/queries';
export * from './council-tax/queries';
export { resolutionRefusal, resolveAmongRows, type AddressRow, type FoundProperty, type Resolution } from './addresses/resolve-property';
export type { Parcel } from './addresses/parcel-under-point';
export { documentNotFound } from './title-orders/document-downloads';
export {
  addresses,
  boeSeriesValues,
  onsTimeseriesValues,
  ukHpiMonths,
  apiCallers,
  accountApiKeys,
  accountUsageDays,
  accountUsageProgress,
  accountMovements,
  codepointPostcodes,
  inspireParcels,
  datasetVersions,
  datasetImportsUnderWay,
  onsPostcodeAreas,
  onspdPostcodes,
  titleOrderFiles,
  titleOrderViews,
  reportViews,
  reportFiles,
  energyCertificates,
  pricePaidSales,
  councilTaxAuthorities,
};

/** Every read model one service offers another. */
export const readModels: readonly ReadModel[] = [
  apiCallers,
  accountApiKeys,
  accountUsageDays,
  accountUsageProgress,
  accountMovements,
  titleOrderViews,
  titleOrderFiles,
  reportViews,
  reportFiles,
  datasetVersions,
  datasetImportsUnderWay,
  codepointPostcodes,
  onsPostcodeAreas,
  onspdPostcodes,
  addresses,
  inspireParcels,
  ukHpiMonths,
  boeSeriesValues,
  onsTimeseriesValues,
  energyCertificates,
  pricePaidSales,
  councilTaxAuthorities,
];

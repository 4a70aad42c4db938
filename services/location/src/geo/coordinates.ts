import { bngToWgs84 as convert } from '@pds/geo';

/**
 * Latitude and longitude (WGS84, taken as ETRS89; 6 decimals, about 0.1 m) of a National Grid point, by OS's OSTN15
 * transformation (libs/geo). A point OS gives no position for (Code-Point's quality 90, published at 0,0) is never
 * converted: the caller leaves it without coordinates.
 */
export const bngToWgs84 = (easting: number, northing: number): { latitude: number; longitude: number } => {
  const { latitude, longitude } = convert(easting, northing);
  return { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
};

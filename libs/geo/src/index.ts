// Coordinates for reference data: British National Grid (EPSG:27700) eastings and northings to WGS84 latitude and
// longitude and back, by Ordnance Survey's OSTN15 transformation (Helmert outside its grid, and said so in the result).
export { bngToWgs84, wgs84ToBng, type ConversionMethod, type NationalGridPosition, type Wgs84Position } from './convert';

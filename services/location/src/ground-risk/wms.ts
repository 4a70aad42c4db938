// A WMS 1.3.0 GetFeatureInfo at a point of the National Grid: a 21 × 21 pixel map of 1 m pixels centred on the point,
// asked about its middle pixel (I, J = 10). In EPSG:27700 the BBOX is easting,northing (WMS 1.3.0 follows the CRS's
// axis order, and the National Grid's is easting first).

export interface GridPoint {
  easting: number;
  northing: number;
}

const halfSizeMetres = 10;

export const featureInfoQuery = (point: GridPoint, layers: readonly string[], infoFormat: string): URLSearchParams => {
  const { easting: e, northing: n } = point;
  const size = String(2 * halfSizeMetres + 1);
  return new URLSearchParams({
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetFeatureInfo',
    LAYERS: layers.join(','),
    QUERY_LAYERS: layers.join(','),
    STYLES: '',
    CRS: 'EPSG:27700',
    BBOX: [e - halfSizeMetres, n - halfSizeMetres, e + halfSizeMetres, n + halfSizeMetres].map((v) => v.toFixed(2)).join(','),
    WIDTH: size,
    HEIGHT: size,
    I: String(halfSizeMetres),
    J: String(halfSizeMetres),
    FORMAT: 'image/png',
    INFO_FORMAT: infoFormat,
    FEATURE_COUNT: '50',
  });
};

export const capabilitiesQuery = () => new URLSearchParams({ SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetCapabilities' });

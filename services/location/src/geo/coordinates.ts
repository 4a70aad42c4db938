import proj4 from 'proj4';

// British National Grid to WGS84. For now proj4 with the National Grid's projection and OS's 7-parameter Helmert
// transformation to WGS84 (good to a few metres); OS's OSTN15 grid, which ONSPD's published coordinates follow, is to
// replace it (libs/geo).

const nationalGrid =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';
const toWgs84 = proj4(nationalGrid, 'WGS84');

/** Latitude and longitude (degrees, 6 decimals: about 0.1 m) of a National Grid point. */
export const bngToWgs84 = (easting: number, northing: number): { latitude: number; longitude: number } => {
  const [longitude, latitude] = toWgs84.forward([easting, northing]) as [number, number];
  return { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
};

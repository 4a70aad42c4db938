// The projections the conversion needs, all done by proj4: the only maths of our own is OSTN15's shift lookup and the
// iteration (ostn15/, convert.ts).
import proj4 from 'proj4';

/** The National Grid's projection (OS: true origin 49°N 2°W, scale factor 0.9996012717, false origin 400 km W and 100 km N of it). */
const nationalGridProjection = '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +units=m +no_defs';

/** ETRS89 latitude and longitude on GRS80. */
const etrs89Geographic = '+proj=longlat +ellps=GRS80 +no_defs';

/** The National Grid's projection on GRS80, "ETRS89 / National Grid": the plane OSTN15's shifts are tabulated in. */
const etrs89NationalGrid = `${nationalGridProjection} +ellps=GRS80`;

/**
 * OSGB36 / British National Grid (Airy 1830) with OS's 7-parameter Helmert transformation to WGS84, which OS describe as
 * good to a few metres: only for points outside OSTN15's grid.
 */
const osgb36NationalGridHelmert = `${nationalGridProjection} +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489`;

const etrs89Grid = proj4(etrs89Geographic, etrs89NationalGrid);
const helmert = proj4(osgb36NationalGridHelmert, 'EPSG:4326');

export interface GridPoint {
  readonly eastingM: number;
  readonly northingM: number;
}

export interface GeographicPoint {
  readonly latitudeDeg: number;
  readonly longitudeDeg: number;
}

/** ETRS89 latitude/longitude to ETRS89 / National Grid coordinates. */
export const projectEtrs89 = (latitudeDeg: number, longitudeDeg: number): GridPoint => {
  const { x, y } = etrs89Grid.forward({ x: longitudeDeg, y: latitudeDeg });
  return { eastingM: x, northingM: y };
};

/** ETRS89 / National Grid coordinates back to ETRS89 latitude/longitude. */
export const unprojectEtrs89 = (eastingM: number, northingM: number): GeographicPoint => {
  const { x, y } = etrs89Grid.inverse({ x: eastingM, y: northingM });
  return { latitudeDeg: y, longitudeDeg: x };
};

/** OSGB36 National Grid coordinates to WGS84 by the Helmert transformation. */
export const helmertToWgs84 = (eastingM: number, northingM: number): GeographicPoint => {
  const { x, y } = helmert.forward({ x: eastingM, y: northingM });
  return { latitudeDeg: y, longitudeDeg: x };
};

/** WGS84 latitude/longitude to OSGB36 National Grid coordinates by the Helmert transformation. */
export const helmertToNationalGrid = (latitudeDeg: number, longitudeDeg: number): GridPoint => {
  const { x, y } = helmert.inverse({ x: longitudeDeg, y: latitudeDeg });
  return { eastingM: x, northingM: y };
};

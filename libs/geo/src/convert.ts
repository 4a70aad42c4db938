// British National Grid (OSGB36 / National Grid, EPSG:27700) to WGS84 latitude/longitude and back, by OS's OSTN15
// method: ETRS89 latitude/longitude ⇄ ETRS89 / National Grid (proj4) ⇄ OSGB36 / National Grid (OSTN15's shifts).
// WGS84 is taken to be ETRS89, as OS and the ONS Postcode Directory do (see docs/api/reference-data.md, Coordinates).
import { helmertToNationalGrid, helmertToWgs84, projectEtrs89, unprojectEtrs89, type GridPoint } from './projections';
import { ostn15ShiftsAt } from './ostn15/shifts';
import { loadOstn15Table, type Ostn15Table } from './ostn15/table';

/**
 * OSTN15 inside its grid (0 to 700 km east, 0 to 1,250 km north); Helmert, good to a few metres, in the rest of the
 * National Grid: north of about 1,250 km, and within about 100 m of its western edge (where OSTN15's shifts of 82 to 111 m
 * would take the point off the grid).
 */
export type ConversionMethod = 'OSTN15' | 'Helmert';

export interface Wgs84Position {
  /** Degrees north. */
  readonly latitude: number;
  /** Degrees east (west is negative). */
  readonly longitude: number;
  readonly method: ConversionMethod;
}

export interface NationalGridPosition {
  /** Metres east of the National Grid's false origin. */
  readonly easting: number;
  /** Metres north of the National Grid's false origin. */
  readonly northing: number;
  readonly method: ConversionMethod;
}

/** The inverse stops when an iteration moves the point by less than this (OS's test output iterates to 0.1 mm). */
const inverseToleranceM = 0.0001;
/** The shifts change by ~1e-4 m per metre, so two or three iterations converge; more means something is wrong. */
const inverseIterationsMax = 10;

let table: Ostn15Table | undefined;
/** Read on first use (two 1.75 MB files, some 35 ms), then kept (3.5 MB). */
const ostn15 = (): Ostn15Table => (table ??= loadOstn15Table());

/**
 * The ETRS89 / National Grid position whose OSTN15 shifts take it to the given OSGB36 / National Grid position, by OS's
 * iteration: start from the OSGB36 coordinates, subtract the shifts found there, look the shifts up again at the result,
 * until the result stops moving. Null when the iteration leaves OSTN15's grid.
 */
export const ostn15Inverse = (eastingM: number, northingM: number): GridPoint | null => {
  let etrs89: GridPoint = { eastingM, northingM };
  for (let iteration = 1; iteration <= inverseIterationsMax; iteration++) {
    const shifts = ostn15ShiftsAt(ostn15(), etrs89.eastingM, etrs89.northingM);
    if (shifts === null) return null;
    const next = { eastingM: eastingM - shifts.eastM, northingM: northingM - shifts.northM };
    const movedM = Math.max(Math.abs(next.eastingM - etrs89.eastingM), Math.abs(next.northingM - etrs89.northingM));
    etrs89 = next;
    if (movedM < inverseToleranceM) return etrs89;
  }
  throw new Error(`OSTN15 inverse did not converge in ${inverseIterationsMax} iterations at ${eastingM}, ${northingM}`);
};

/**
 * The National Grid's own extent (OS: 0 to 700 km east, 0 to 1,300 km north of the false origin). Coordinates outside it
 * are not National Grid coordinates, so they are refused rather than given a Helmert answer far from where it holds.
 */
const nationalGridExtent = { maxEastingM: 700_000, maxNorthingM: 1_300_000 } as const;

/** False for NaN too, which the projections give far from Britain. */
const insideNationalGrid = (eastingM: number, northingM: number): boolean =>
  eastingM >= 0 && eastingM <= nationalGridExtent.maxEastingM && northingM >= 0 && northingM <= nationalGridExtent.maxNorthingM;

const outsideNationalGrid = (what: string) =>
  new RangeError(`${what} is outside the National Grid (0 to 700 km east, 0 to 1,300 km north of its false origin)`);

/** National Grid easting and northing (metres) to WGS84 latitude and longitude (degrees), unrounded. */
export const bngToWgs84 = (easting: number, northing: number): Wgs84Position => {
  if (!Number.isFinite(easting) || !Number.isFinite(northing)) {
    throw new RangeError(`easting and northing must be finite numbers of metres (got ${easting}, ${northing})`);
  }
  if (!insideNationalGrid(easting, northing)) throw outsideNationalGrid(`easting ${easting}, northing ${northing}`);
  const etrs89 = ostn15Inverse(easting, northing);
  if (etrs89 === null) {
    const { latitudeDeg, longitudeDeg } = helmertToWgs84(easting, northing);
    return { latitude: latitudeDeg, longitude: longitudeDeg, method: 'Helmert' };
  }
  const { latitudeDeg, longitudeDeg } = unprojectEtrs89(etrs89.eastingM, etrs89.northingM);
  return { latitude: latitudeDeg, longitude: longitudeDeg, method: 'OSTN15' };
};

/** WGS84 latitude and longitude (degrees) to National Grid easting and northing (metres), unrounded. */
export const wgs84ToBng = (latitude: number, longitude: number): NationalGridPosition => {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new RangeError(`latitude must be within ±90 and longitude within ±180 degrees (got ${latitude}, ${longitude})`);
  }
  const etrs89 = projectEtrs89(latitude, longitude);
  const shifts = ostn15ShiftsAt(ostn15(), etrs89.eastingM, etrs89.northingM);
  if (shifts === null) {
    const { eastingM, northingM } = helmertToNationalGrid(latitude, longitude);
    if (!insideNationalGrid(eastingM, northingM)) throw outsideNationalGrid(`latitude ${latitude}, longitude ${longitude}`);
    return { easting: eastingM, northing: northingM, method: 'Helmert' };
  }
  return { easting: etrs89.eastingM + shifts.eastM, northing: etrs89.northingM + shifts.northM, method: 'OSTN15' };
};

// OSTN15's shift at a point: bilinear interpolation between the four nodes of the kilometre square around it, as OS's
// "Transformations and OSGM15 user guide" sets out (the ETRS89 / National Grid position picks the square; the shifts are
// weighted by the position inside it).
import { ostn15Grid, type Ostn15Table } from './table';

export interface Ostn15Shifts {
  /** Added to an ETRS89 / National Grid easting, gives the OSGB36 / National Grid easting. */
  readonly eastM: number;
  readonly northM: number;
}

const lastCellColumn = ostn15Grid.columns - 2;
const lastCellRow = ostn15Grid.rows - 2;
const maxEastingM = (ostn15Grid.columns - 1) * ostn15Grid.spacingM;
const maxNorthingM = (ostn15Grid.rows - 1) * ostn15Grid.spacingM;

/** Whether OSTN15 covers an ETRS89 / National Grid position: the rectangle of its nodes, edges included. */
export const insideOstn15 = (eastingM: number, northingM: number): boolean =>
  eastingM >= 0 && eastingM <= maxEastingM && northingM >= 0 && northingM <= maxNorthingM;

/** The shifts at an ETRS89 / National Grid position, or null outside OSTN15's grid. */
export const ostn15ShiftsAt = (table: Ostn15Table, eastingM: number, northingM: number): Ostn15Shifts | null => {
  if (!insideOstn15(eastingM, northingM)) return null;
  const eastKm = eastingM / ostn15Grid.spacingM;
  const northKm = northingM / ostn15Grid.spacingM;
  // The grid's far edges belong to the last square (at its far side), so they need no node beyond the table.
  const column = Math.min(Math.floor(eastKm), lastCellColumn);
  const row = Math.min(Math.floor(northKm), lastCellRow);
  const t = eastKm - column;
  const u = northKm - row;
  const southWest = column + row * ostn15Grid.columns;
  const southEast = southWest + 1;
  const northWest = southWest + ostn15Grid.columns;
  const northEast = northWest + 1;
  const weightSw = (1 - t) * (1 - u);
  const weightSe = t * (1 - u);
  const weightNw = (1 - t) * u;
  const weightNe = t * u;
  const { eastShiftsMm: east, northShiftsMm: north } = table;
  // The weights add up to 1, so each file's offset is added once, after the interpolation.
  const eastMm = weightSw * east[southWest]! + weightSe * east[southEast]! + weightNw * east[northWest]! + weightNe * east[northEast]!;
  const northMm = weightSw * north[southWest]! + weightSe * north[southEast]! + weightNw * north[northWest]! + weightNe * north[northEast]!;
  return { eastM: (eastMm + ostn15Grid.eastShiftOffsetMm) / 1000, northM: (northMm + ostn15Grid.northShiftOffsetMm) / 1000 };
};

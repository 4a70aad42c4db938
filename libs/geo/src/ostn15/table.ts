// OSTN15's shifts as a table in memory, read from the files ostn15/fetch.sh puts in libs/geo/ostn15/target.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * OSTN15's grid: a node every kilometre over the National Grid's rectangle, 0 to 700 km east and 0 to 1,250 km north,
 * numbered row by row from the south-west corner (OS's record number - 1 = east_index + north_index × 701).
 * Each node holds the shift from ETRS89 / National Grid to OSGB36 / National Grid coordinates in whole millimetres,
 * stored as an unsigned 16-bit offset from the smallest shift (the number in each file's name).
 */
export const ostn15Grid = {
  columns: 701,
  rows: 1251,
  spacingM: 1000,
  eastShiftOffsetMm: 82_140,
  northShiftOffsetMm: -84_180,
} as const;

export const ostn15Files = { east: 'ostn_east_shift_82140', north: 'ostn_north_shift_-84180' } as const;

export interface Ostn15Table {
  /** The node's east shift in mm minus ostn15Grid.eastShiftOffsetMm, at index east_index + north_index × 701. */
  readonly eastShiftsMm: Uint16Array;
  /** The node's north shift in mm minus ostn15Grid.northShiftOffsetMm. */
  readonly northShiftsMm: Uint16Array;
}

/** Where ostn15/fetch.sh leaves the table (the same two levels up from src/ostn15 and dist/ostn15). */
export const defaultOstn15Directory = resolve(__dirname, '..', '..', 'ostn15', 'target');

const nodeCount = ostn15Grid.columns * ostn15Grid.rows;

/** Reads one file of little-endian unsigned 16-bit values (the byte order the files are published in). */
const readShifts = (directory: string, file: string): Uint16Array => {
  const path = join(directory, file);
  if (!existsSync(path)) {
    throw new Error(`OSTN15 table not found: ${path} is missing; run libs/geo/ostn15/fetch.sh (node infra/bootstrap.js runs it)`);
  }
  const bytes = readFileSync(path);
  if (bytes.length !== nodeCount * 2) {
    throw new Error(`OSTN15 table ${path} has ${bytes.length} bytes, expected ${nodeCount * 2}; run libs/geo/ostn15/fetch.sh again`);
  }
  const shifts = new Uint16Array(nodeCount);
  for (let node = 0; node < nodeCount; node++) shifts[node] = bytes.readUInt16LE(node * 2);
  return shifts;
};

export const loadOstn15Table = (directory: string = defaultOstn15Directory): Ostn15Table => ({
  eastShiftsMm: readShifts(directory, ostn15Files.east),
  northShiftsMm: readShifts(directory, ostn15Files.north),
});

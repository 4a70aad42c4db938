import { destination, greatCircleMetres, ringAround, sphereRadiusMetres } from './great-circle';

describe('great-circle distances on the sphere PostGIS uses', () => {
  it('has the mean radius (2a + b) / 3 of WGS84', () => {
    // a = 6,378,137 m, b = 6,356,752.314245 m: (2a + b) / 3 = 6,371,008.7714 m.
    expect(sphereRadiusMetres).toBeCloseTo(6_371_008.7714, 4);
  });

  it('makes a degree of latitude πR/180 metres, and a degree of longitude that times cos(latitude)', () => {
    expect(greatCircleMetres({ latitude: 53, longitude: -1.5 }, { latitude: 54, longitude: -1.5 })).toBeCloseTo(111_195.08, 1);
    // On a parallel the great circle is a little shorter than the arc of the parallel (111,195.08 × cos 60° = 55,597.54).
    const alongParallel = greatCircleMetres({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 });
    expect(alongParallel).toBeLessThan(55_597.54);
    expect(alongParallel).toBeGreaterThan(55_597.0);
  });

  it('goes out and comes back the same distance', () => {
    const from = { latitude: 53.7997, longitude: -1.5492 };
    for (const bearing of [0, 45, 90, 200, 333])
      expect(greatCircleMetres(from, destination(from, bearing, 1_234.5))).toBeCloseTo(1_234.5, 6);
  });

  it('makes a ring whose every side lies outside the circle', () => {
    const centre = { latitude: 53.8, longitude: -1.55 };
    const ring = ringAround(centre, 2_000, 16);
    expect(ring).toHaveLength(16);
    // A side's midpoint is its nearest point to the centre (about): it must be beyond the radius.
    for (let i = 0; i < ring.length; i++) {
      const [a, b] = [ring[i]!, ring[(i + 1) % ring.length]!];
      const mid = { latitude: (a[0] + b[0]) / 2, longitude: (a[1] + b[1]) / 2 };
      expect(greatCircleMetres(centre, mid)).toBeGreaterThan(2_000);
    }
  });
});

import { haversineMetres } from './sphere-distance';

describe('the haversine distance on the PostGIS sphere', () => {
  it('is the radius times the angle along a meridian or the equator', () => {
    // One degree: 6,371,008.771 m × π / 180 = 111,195.080 m.
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195.08, 2);
    expect(haversineMetres({ latitude: 0, longitude: 10 }, { latitude: 0, longitude: 11 })).toBeCloseTo(111_195.08, 2);
  });

  it('is the same both ways, and shrinks with the cosine of the latitude along a parallel (short distances)', () => {
    const leeds = { latitude: 53.7997, longitude: -1.5492 };
    const east = { latitude: 53.7997, longitude: -1.5392 };
    expect(haversineMetres(leeds, east)).toBe(haversineMetres(east, leeds));
    expect(haversineMetres(leeds, east)).toBeCloseTo(111_195.08 * 0.01 * Math.cos((53.7997 * Math.PI) / 180), 1);
    expect(haversineMetres(leeds, leeds)).toBe(0);
  });
});

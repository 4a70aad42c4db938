import { parcelsOf, ringOf, type Parcel } from './parcels';

const bounds = (p: Parcel) => {
  const ring = ringOf(p);
  const xs = ring.map(([x]) => x!);
  const ys = ring.map(([, y]) => y!);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
};
const overlap = (a: Parcel, b: Parcel) => {
  const [p, q] = [bounds(a), bounds(b)];
  return p.minX < q.maxX && q.minX < p.maxX && p.minY < q.maxY && q.minY < p.maxY;
};

describe('synthetic parcels', () => {
  it('gives a lone building a 20 m square centred on it', () => {
    const [parcel] = parcelsOf([{ x: 470248, y: 173483 }]);
    expect(ringOf(parcel!)).toEqual([
      [470238, 173473],
      [470258, 173473],
      [470258, 173493],
      [470238, 173493],
      [470238, 173473],
    ]);
  });

  it('keeps neighbours apart: two buildings 6 m apart east-west get squares of 2 × 0.49 × 6 = 5.88 m a side', () => {
    const parcels = parcelsOf([
      { x: 1000, y: 1000 },
      { x: 1006, y: 1001 },
    ]);
    expect(parcels.map((p) => p.halfSide)).toEqual([2.94, 2.94]);
    expect(overlap(parcels[0]!, parcels[1]!)).toBe(false);
  });

  it('over a dense random street, no two squares overlap and each holds its own point', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    // 400 distinct points on a 10 cm lattice within 200 m × 200 m.
    const keys = new Set<string>();
    while (keys.size < 400) keys.add(`${Math.floor(random() * 2000)},${Math.floor(random() * 2000)}`);
    const buildings = [...keys].map((k) => ({ x: 470000 + Number(k.split(',')[0]) / 10, y: 173000 + Number(k.split(',')[1]) / 10 }));
    const parcels = parcelsOf(buildings);
    for (const [i, a] of parcels.entries()) {
      const box = bounds(a);
      expect(box.minX <= a.building.x && a.building.x <= box.maxX && box.minY <= a.building.y && a.building.y <= box.maxY).toBe(true);
      for (const b of parcels.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    }
  });
});

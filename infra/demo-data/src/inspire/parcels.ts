// SYNTHETIC INSPIRE index polygons for the demo region: one parcel for each building of the demo addresses, so that
// the boundary lookup has a polygon under every demo property. Real INSPIRE polygons are HM Land Registry's and cannot
// be shipped here; these are squares, centred on the building's point, as large as they can be (up to 20 m a side)
// without touching a neighbour's: two squares of half-sides a and b centred c metres apart on the larger axis overlap
// only when a + b ≥ c, so each half-side is kept below half of its nearest neighbour's distance on that measure.

export interface Building {
  /** The building's point, British National Grid metres. */
  x: number;
  y: number;
}

export interface Parcel {
  building: Building;
  /** Half the side of the square, metres. */
  halfSide: number;
}

const maxHalfSide = 10;
const cell = 2 * maxHalfSide;

/** Chebyshev distance (the larger of the two axis distances): the measure under which squares overlap. */
const chebyshev = (a: Building, b: Building) => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

const centimetres = (n: number) => Math.round(n * 100) / 100;

/**
 * A parcel for each building, none overlapping another. Points are taken to the centimetre and half-sides rounded down
 * to it, so the rings written are exactly the squares checked; points closer than 5 cm must be merged by the caller.
 */
export const parcelsOf = (input: readonly Building[]): Parcel[] => {
  const buildings = input.map(({ x, y }) => ({ x: centimetres(x), y: centimetres(y) }));
  // Neighbours are looked for in a grid of 20 m cells: farther ones cannot limit a square of at most 20 m a side.
  const grid = new Map<string, Building[]>();
  const key = (cx: number, cy: number) => `${cx}:${cy}`;
  for (const b of buildings) {
    const k = key(Math.floor(b.x / cell), Math.floor(b.y / cell));
    grid.set(k, [...(grid.get(k) ?? []), b]);
  }
  return buildings.map((building) => {
    const cx = Math.floor(building.x / cell);
    const cy = Math.floor(building.y / cell);
    let nearest = Infinity;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (const other of grid.get(key(cx + dx, cy + dy)) ?? [])
          if (other !== building) nearest = Math.min(nearest, chebyshev(building, other));
    // 0.49, not 0.5: neighbours' squares keep a gap of at least 2% of their distance.
    return { building, halfSide: Math.max(0.01, Math.min(maxHalfSide, Math.floor(49 * nearest) / 100)) };
  });
};

/** The square's exterior ring, closed, anticlockwise from its south-west corner, to the centimetre. */
export const ringOf = ({ building: { x, y }, halfSide: h }: Parcel): number[][] => {
  const r = centimetres;
  return [
    [r(x - h), r(y - h)],
    [r(x + h), r(y - h)],
    [r(x + h), r(y + h)],
    [r(x - h), r(y + h)],
    [r(x - h), r(y - h)],
  ];
};

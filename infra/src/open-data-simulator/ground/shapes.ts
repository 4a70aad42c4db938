// The shapes of the synthetic map layers, in British National Grid metres: a point is in a circle, a box, or (for
// point features such as mine entries) within the few metres a map service's pixel tolerance reaches.

export type Shape =
  | { kind: 'circle'; easting: number; northing: number; radiusMetres: number }
  | { kind: 'box'; minEasting: number; minNorthing: number; maxEasting: number; maxNorthing: number }
  | { kind: 'point'; easting: number; northing: number };

/** A point feature is hit within this distance (a map service's tolerance of a pixel or two). */
export const pointToleranceMetres = 2;

export const contains = (shape: Shape, e: number, n: number): boolean => {
  switch (shape.kind) {
    case 'circle':
      return Math.hypot(e - shape.easting, n - shape.northing) <= shape.radiusMetres;
    case 'box':
      return e >= shape.minEasting && e <= shape.maxEasting && n >= shape.minNorthing && n <= shape.maxNorthing;
    case 'point':
      return Math.hypot(e - shape.easting, n - shape.northing) <= pointToleranceMetres;
  }
};

// Distances on the sphere PostGIS uses for geography's spherical distance (`use_spheroid` false): the WGS84
// ellipsoid's mean radius (2a + b) / 3. Counting "within a radius" the same way in SQL and here keeps the bulk and the
// live answers the same test.

export const sphereRadiusMetres = (2 * 6_378_137 + 6_356_752.314245179) / 3;

export interface LatLon {
  latitude: number;
  longitude: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance by the haversine formula, metres. */
export const greatCircleMetres = (a: LatLon, b: LatLon): number => {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * sphereRadiusMetres * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** The point `distanceMetres` from `from` on the initial bearing (degrees clockwise from north). */
export const destination = (from: LatLon, bearingDeg: number, distanceMetres: number): LatLon => {
  const d = distanceMetres / sphereRadiusMetres;
  const lat1 = rad(from.latitude);
  const theta = rad(bearingDeg);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(theta));
  const lon2 =
    rad(from.longitude) + Math.atan2(Math.sin(theta) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: deg(lat2), longitude: ((deg(lon2) + 540) % 360) - 180 };
};

/**
 * A ring of `sides` vertices (`[latitude, longitude]`) enclosing the circle: each vertex at radius / cos(π / sides),
 * plus 1 % for the sphere's curvature, so every point of the circle is inside; points inside the ring but outside
 * the circle are dropped by distance afterwards.
 */
export const ringAround = (centre: LatLon, radiusMetres: number, sides = 16): Array<[number, number]> => {
  const vertexMetres = (radiusMetres / Math.cos(Math.PI / sides)) * 1.01;
  return Array.from({ length: sides }, (_, i) => {
    const p = destination(centre, (360 * i) / sides, vertexMetres);
    return [p.latitude, p.longitude] as [number, number];
  });
};

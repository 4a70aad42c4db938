// Distances worked out in the tests, separately from the services' own: the haversine formula on the sphere PostGIS
// uses for geography's spherical distance, of radius (2a + b) / 3 of WGS84 = 6,371,008.771 m.

const radiusMetres = (2 * 6_378_137 + 6_356_752.314245179) / 3;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

export interface LatLon {
  latitude: number;
  longitude: number;
}

export const haversineMetres = (a: LatLon, b: LatLon) =>
  2 *
  radiusMetres *
  Math.asin(
    Math.sqrt(
      Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
        Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2,
    ),
  );

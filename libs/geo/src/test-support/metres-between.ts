// Distance between two nearby latitude/longitude points, for tests that compare positions metres or millimetres apart.
// A local flat approximation on the GRS80 ellipsoid (radii of curvature at the first point): its error is far below a
// millimetre for points a few kilometres apart, and proportionally smaller for closer ones.
const semiMajorAxisM = 6_378_137;
const eccentricitySquared = 0.0066943800229;
const radiansPerDegree = Math.PI / 180;

export const metresBetween = (latitudeA: number, longitudeA: number, latitudeB: number, longitudeB: number): number => {
  const latitude = latitudeA * radiansPerDegree;
  const w = Math.sqrt(1 - eccentricitySquared * Math.sin(latitude) ** 2);
  const meridianRadiusM = (semiMajorAxisM * (1 - eccentricitySquared)) / w ** 3;
  const primeVerticalRadiusM = semiMajorAxisM / w;
  const northM = (latitudeB - latitudeA) * radiansPerDegree * meridianRadiusM;
  const eastM = (longitudeB - longitudeA) * radiansPerDegree * primeVerticalRadiusM * Math.cos(latitude);
  return Math.hypot(northM, eastM);
};

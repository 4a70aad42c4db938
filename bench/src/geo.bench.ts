// Times @pds/geo over as many points as OS Code-Point Open has postcodes (1,743,449 in the April 2025 release; POINTS
// sets the count): National Grid to WGS84, then back. `npm run bench:geo` (also the last part of `npm run bench`).
// The points are spread over Great Britain's extent in the grid by a fixed sequence, so every run converts the same ones.
import { bngToWgs84, wgs84ToBng } from '@pds/geo';

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Code-Point Open's eastings and northings lie within these (all of its 1.7 M postcodes, April 2025). */
const extent = { minEastingM: 63_000, maxEastingM: 656_000, minNorthingM: 8_000, maxNorthingM: 1_214_000 };

/** A fixed low-discrepancy sequence (additive recurrence with the golden ratio's fractional parts): even cover, no randomness. */
const pointAt = (i: number) => ({
  easting: extent.minEastingM + ((i * 0.6180339887498949) % 1) * (extent.maxEastingM - extent.minEastingM),
  northing: extent.minNorthingM + ((i * 0.7548776662466927) % 1) * (extent.maxNorthingM - extent.minNorthingM),
});

const main = () => {
  const points = Number(process.env.POINTS ?? 1_743_449);
  const latitudes = new Float64Array(points);
  const longitudes = new Float64Array(points);
  bngToWgs84(400_000, 400_000); // loads the OSTN15 table, so the timing is of conversions only

  let startedAt = performance.now();
  for (let i = 0; i < points; i++) {
    const { easting, northing } = pointAt(i);
    const position = bngToWgs84(easting, northing);
    latitudes[i] = position.latitude;
    longitudes[i] = position.longitude;
  }
  const toWgs84Ms = performance.now() - startedAt;

  startedAt = performance.now();
  let worstRoundTripM = 0;
  for (let i = 0; i < points; i++) {
    const grid = wgs84ToBng(latitudes[i]!, longitudes[i]!);
    const { easting, northing } = pointAt(i);
    worstRoundTripM = Math.max(worstRoundTripM, Math.hypot(grid.easting - easting, grid.northing - northing));
  }
  const toBngMs = performance.now() - startedAt;

  const rate = (ms: number) => `${((points / ms) * 1000).toFixed(0)} points/s`;
  log(`@pds/geo, ${points.toLocaleString('en-GB')} points over Great Britain:`);
  log(`  National Grid to WGS84 (OSTN15, iterated): ${(toWgs84Ms / 1000).toFixed(2)} s, ${rate(toWgs84Ms)}`);
  log(`  WGS84 to National Grid (OSTN15):           ${(toBngMs / 1000).toFixed(2)} s, ${rate(toBngMs)}`);
  log(`  worst round trip: ${(worstRoundTripM * 1e6).toFixed(3)} µm`);
};

main();

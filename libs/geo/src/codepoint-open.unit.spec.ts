// OS Code-Point Open's eastings and northings, converted, against the ONS Postcode Directory's published latitude and
// longitude, for the postcodes in both the real Code-Point Open zip and the ONSPD sample (live there), from the shared
// data. Code-Point's Data/CSV/ab.csv has no header: Postcode, Positional_quality_indicator, Eastings, Northings, then
// codes (OS's Doc/Code-Point_Open_Column_Headers.csv). Attribution: "Contains OS data © Crown copyright and database right
// 2025" (Code-Point Open, OGL v3.0).
//
// Only part of this can agree within 1 m, and the rest is explained by the data, not the conversion (see
// onspd-sample.unit.spec.ts): ONSPD's position for most of these postcodes was computed with the Helmert transformation,
// 46 live ONSPD positions are far from ONSPD's own grid reference, and Code-Point (April 2025) and the ONSPD release
// sampled give some postcodes different grid references. Each postcode must be one of those cases or agree within 1 m.
import { join } from 'node:path';
import yauzl from 'yauzl';
import { bngToWgs84 } from './convert';
import { metresBetween } from './test-support/metres-between';
import { comparePublished, readOnspdSample, sharedDataDirectory } from './test-support/onspd-sample';

const readZipMember = async (zipPath: string, member: string): Promise<string> => {
  const zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false });
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== member) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    }
  } finally {
    zip.close();
  }
  throw new Error(`${zipPath} has no ${member}`);
};

/** Code-Point's CSV quotes its text fields ("AB10 1AB") and not its numbers; postcodes are compared without spaces. */
const readCodePoint = (csv: string) =>
  csv
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(',').map((field) => field.replace(/^"|"$/g, '')))
    .map(([postcode, quality, easting, northing]) => ({
      key: postcode!.replace(/ /g, ''),
      quality: Number(quality),
      easting: Number(easting),
      northing: Number(northing),
    }));

type Reason = 'agrees within 1 m' | 'grid references differ' | 'ONSPD used Helmert' | 'ONSPD far from its grid reference' | 'unexplained';

describe("Code-Point Open (AB area) converted, against ONSPD's published latitude/longitude", () => {
  it('agrees within 1 m wherever ONSPD used OSTN15 on the same grid reference, and every other postcode is explained', async () => {
    const zip = join(sharedDataDirectory, 'os_codepoint_open', 'codepo_gb.zip');
    const codePoint = readCodePoint(await readZipMember(zip, 'Data/CSV/ab.csv'));
    // OS's own count for the file, from the zip's Doc/metadata.txt ("      AB\t17389").
    const metadataCount = /^\s*AB\t(\d+)$/m.exec(await readZipMember(zip, 'Doc/metadata.txt'));
    expect(codePoint).toHaveLength(Number(metadataCount![1]));
    const onspd = new Map(readOnspdSample().map((entry) => [entry.postcode.replace(/ /g, ''), entry]));

    const reasons = new Map<Reason, number>();
    const unexplained: string[] = [];
    let worstM = 0;
    let worstSameReferenceM = 0;
    let furthestMoveM = 0;
    let inBoth = 0;
    for (const point of codePoint) {
      const published = onspd.get(point.key);
      // Positional quality 90: Code-Point has no grid reference for the postcode (its eastings and northings are 0).
      if (published === undefined || !published.live || point.quality === 90) continue;
      inBoth++;
      const ours = bngToWgs84(point.easting, point.northing);
      expect(ours.method).toBe('OSTN15');
      const distanceM = metresBetween(published.latitude, published.longitude, ours.latitude, ours.longitude);
      worstM = Math.max(worstM, distanceM);
      const sameReference = point.easting === published.easting && point.northing === published.northing;
      if (!sameReference)
        furthestMoveM = Math.max(furthestMoveM, Math.hypot(point.easting - published.easting, point.northing - published.northing));
      const onspdMethod = comparePublished(published).method;
      if (sameReference && onspdMethod === 'OSTN15') {
        // The acceptance, where ONSPD's own figures allow it: the same conversion, to ONSPD's precision.
        expect(distanceM).toBeLessThanOrEqual(0.1);
        worstSameReferenceM = Math.max(worstSameReferenceM, distanceM);
      }
      const reason: Reason =
        distanceM <= 1
          ? 'agrees within 1 m'
          : !sameReference
            ? 'grid references differ'
            : onspdMethod === 'Helmert'
              ? 'ONSPD used Helmert'
              : onspdMethod === 'neither'
                ? 'ONSPD far from its grid reference'
                : 'unexplained';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      if (reason === 'unexplained') unexplained.push(`${published.postcode} ${distanceM.toFixed(2)} m`);
    }
    process.stdout.write(
      `Code-Point Open ab.csv: ${codePoint.length} postcodes, ${inBoth} also in the ONSPD sample and live there\n` +
        [...reasons].map(([reason, n]) => `  ${reason}: ${n}`).join('\n') +
        `\n  worst distance from ONSPD's position: ${worstM.toFixed(1)} m; ` +
        `where ONSPD used OSTN15 on the same grid reference: ${worstSameReferenceM.toFixed(3)} m\n` +
        `  furthest Code-Point grid reference from ONSPD's: ${furthestMoveM.toFixed(0)} m\n`,
    );
    expect(unexplained).toEqual([]);
    expect(reasons.get('agrees within 1 m')).toBeGreaterThan(0);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import yauzl from 'yauzl';
import { legacyHeader } from '@pds/location';
import { syntheticUprn } from '../synthetic-uprn';
import { bulkFile, description, generate, registerFile, releaseDate } from './generate';
import { pricePaidAddresses } from './price-paid-addresses';
import { bandOf } from './synthetic-certificate';
import { demoDataDir as demoData } from '../paths';

// The generators read real files (Price Paid, Code-Point Open, the links file) and make the demo files again: seconds of
// work alone, several times that while the rest of the suite runs beside them.
jest.setTimeout(60_000);

// The committed synthetic EPC files are what their generator makes, labelled synthetic, in the published layout, and
// plausible: flats smaller than houses, bands that follow scores, UPRNs by the synthetic UPRN rule of the real Price
// Paid addresses, homes with an older and a newer certificate, some without a UPRN, and junk in optional columns.

/** Every member of a zip held in memory, by name. */
const unzip = (zip: Buffer): Promise<Map<string, string>> =>
  new Promise((resolve, reject) => {
    const members = new Map<string, string>();
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            members.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            file.readEntry();
          });
        }),
      );
      file.on('end', () => resolve(members));
      file.readEntry();
    });
  });

/** Fields of one line of quoted CSV (these files have no line breaks inside fields). */
const fieldsOf = (line: string): string[] =>
  [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => (m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!));

type Row = Record<(typeof legacyHeader)[number], string>;

let committed: Map<string, string>;
let rows: Row[];
let register: { description: string; certificates: Array<{ certificateNumber: string; document: Record<string, unknown> }> };

beforeAll(async () => {
  committed = await unzip(readFileSync(join(demoData, bulkFile)));
  rows = [...committed.entries()]
    .filter(([name]) => name.endsWith('/certificates.csv'))
    .flatMap(([, text]) => {
      const [header, ...lines] = text.split('\r\n').filter((l) => l !== '');
      expect(header).toBe(legacyHeader.join(','));
      return lines.map((line) => {
        const fields = fieldsOf(line);
        expect(fields).toHaveLength(93);
        return Object.fromEntries(legacyHeader.map((h, i) => [h, fields[i]!])) as Row;
      });
    });
  register = JSON.parse(gunzipSync(readFileSync(join(demoData, registerFile))).toString('utf8'));
});

describe('the synthetic EPC demo files', () => {
  it('are what the generator makes from the Price Paid files', async () => {
    const made = generate(demoData);
    expect(await unzip(made.zip)).toEqual(committed);
    expect(JSON.parse(gunzipSync(made.register).toString('utf8'))).toEqual(register);
  });

  it('say they are synthetic: in their names, inside the zip and in the register', () => {
    expect([bulkFile, registerFile].every((f) => f.startsWith('SYNTHETIC_'))).toBe(true);
    expect(committed.get('SYNTHETIC-README.txt')).toContain(description);
    expect(register.description).toBe(description);
    expect(description).toMatch(/^SYNTHETIC .*not MHCLG data, not real certificates\.$/);
  });

  it('hold a folder per local authority, with certificates.csv and recommendations.csv', () => {
    expect([...committed.keys()].sort()).toEqual([
      'SYNTHETIC-README.txt',
      'domestic-E06000037-West-Berkshire/certificates.csv',
      'domestic-E06000037-West-Berkshire/recommendations.csv',
      'domestic-E06000038-Reading/certificates.csv',
      'domestic-E06000038-Reading/recommendations.csv',
    ]);
  });

  it('give UPRNs by the synthetic rule of real Price Paid addresses, address matched, and leave some blank', () => {
    const addresses = pricePaidAddresses(['RG30', 'RG31'].map((d) => join(demoData, `pp-complete_postcode-district-${d}.csv.gz`)));
    const uprns = new Set(addresses.map((a) => syntheticUprn(a.postcode, a.paon, a.saon)));
    const withUprn = rows.filter((r) => r.UPRN !== '');
    expect(withUprn.every((r) => uprns.has(r.UPRN) && r.UPRN_SOURCE === 'Address Matched')).toBe(true);
    const blank = rows.length - withUprn.length;
    expect(blank / rows.length).toBeGreaterThan(0.03);
    expect(blank / rows.length).toBeLessThan(0.12);
  });

  it('have homes with an older and a newer certificate', () => {
    const byHome = new Map<string, string[]>();
    for (const r of rows) byHome.set(`${r.POSTCODE}|${r.ADDRESS}`, [...(byHome.get(`${r.POSTCODE}|${r.ADDRESS}`) ?? []), r.LODGEMENT_DATE]);
    const several = [...byHome.values()].filter((dates) => dates.length >= 2);
    expect(several.length).toBeGreaterThan(100);
    expect(several.every((dates) => new Set(dates).size === dates.length)).toBe(true);
  });

  it('are plausible: bands follow scores, flats are smaller than houses, detached houses the largest', () => {
    expect(rows.every((r) => r.CURRENT_ENERGY_RATING === bandOf(Number(r.CURRENT_ENERGY_EFFICIENCY)))).toBe(true);
    expect(rows.every((r) => Number(r.POTENTIAL_ENERGY_EFFICIENCY) >= Number(r.CURRENT_ENERGY_EFFICIENCY))).toBe(true);
    const meanArea = (keep: (r: Row) => boolean) => {
      const areas = rows.filter((r) => keep(r) && /^\d/.test(r.TOTAL_FLOOR_AREA)).map((r) => Number(r.TOTAL_FLOOR_AREA));
      return areas.reduce((a, b) => a + b, 0) / areas.length;
    };
    const flats = meanArea((r) => ['Flat', 'Maisonette'].includes(r.PROPERTY_TYPE));
    const terraces = meanArea((r) => r.PROPERTY_TYPE === 'House' && r.BUILT_FORM.endsWith('Terrace'));
    const detached = meanArea((r) => r.PROPERTY_TYPE !== 'Flat' && r.BUILT_FORM === 'Detached');
    expect(flats).toBeLessThan(terraces);
    expect(terraces).toBeLessThan(detached);
  });

  it('have the anomaly markers of real files in optional columns', () => {
    const markers = (column: keyof Row) => rows.filter((r) => ['NO DATA!', 'NODATA!', 'INVALID!'].includes(r[column])).length;
    for (const column of ['CONSTRUCTION_AGE_BAND', 'BUILT_FORM', 'GLAZED_AREA', 'TENURE'] as const)
      expect([column, markers(column) > 0]).toEqual([column, true]);
  });

  it('keep certificates lodged after the release out of the bulk file and in the register', () => {
    expect(rows.every((r) => r.LODGEMENT_DATE <= releaseDate)).toBe(true);
    const later = register.certificates.filter((c) => String(c.document.registration_date) > releaseDate);
    expect(later.length).toBeGreaterThan(20);
    expect(register.certificates.length).toBe(rows.length + later.length);
  });
});

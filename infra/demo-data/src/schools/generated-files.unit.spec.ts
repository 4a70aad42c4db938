import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeWindows1252 } from '../../../../test/support/windows-1252';
import { openZipMember } from '@pds/location';
import { establishmentsFile, firstUrn, fixture2024, generate, linksFile } from './generate';
import { locationDir as location } from '../paths';

// The generators read real files (Price Paid, Code-Point Open, the links file) and make the demo files again: seconds of
// work alone, several times that while the rest of the suite runs beside them.
jest.setTimeout(60_000);

// The committed synthetic GIAS files are what their generator makes, byte for byte, and are in DfE's published form:
// the real headers (test-data/gias), Windows-1252, CRLF, quoted as GIAS quotes; labelled synthetic; linked only among
// themselves with the real links file's LinkType values; standing at their postcodes' Code-Point Open positions.
// Read here with the tests' own Windows-1252 table and plain string splitting, not the importer's reader.

const demoData = join(location, 'demo-data');
const testData = join(location, 'src', 'datasets', 'test-data', 'gias');
const decode = decodeWindows1252;
/** Fields of one line: quoted ones unquoted (no value holds a quote), bare ones as they are; whether each was quoted. */
const fieldsOf = (line: string) =>
  [...line.matchAll(/(?:^|,)("[^"]*"|[^,"]*)/g)].map((m) => ({ value: m[1]!.replace(/^"|"$/g, ''), quoted: m[1]!.startsWith('"') }));
/** Bare when not empty: the seven numeric columns of the establishments file (research/gias.md §2b), URN and LinkURN of the links file (§4). */
const bare = new Set(['URN', 'LinkURN', 'StatutoryLowAge', 'StatutoryHighAge', 'SchoolCapacity', 'UKPRN', 'Easting', 'Northing']);

type Table = { header: string[]; rows: Array<Record<string, string>>; lines: string[] };
const tableOf = (bytes: Buffer): Table => {
  const lines = decode(bytes).split('\r\n');
  const header = fieldsOf(lines[0]!).map((f) => f.value);
  const rows = lines.slice(1).map((line) => {
    const fields = fieldsOf(line);
    expect(fields).toHaveLength(header.length);
    fields.forEach((f, i) => expect([header[i], f.quoted]).toEqual([header[i], !(bare.has(header[i]!) && f.value !== '')]));
    return Object.fromEntries(header.map((h, i) => [h, fields[i]!.value]));
  });
  return { header, rows, lines };
};

let made: Awaited<ReturnType<typeof generate>>;
let establishments: Table;
let links: Table;
let fixture: Table;

beforeAll(async () => {
  made = await generate();
  establishments = tableOf(readFileSync(join(demoData, establishmentsFile)));
  links = tableOf(readFileSync(join(demoData, linksFile)));
  fixture = tableOf(readFileSync(fixture2024));
});

describe('the synthetic GIAS files', () => {
  it('are the generator output, byte for byte', () => {
    expect(made.establishments.equals(readFileSync(join(demoData, establishmentsFile)))).toBe(true);
    expect(made.links.equals(readFileSync(join(demoData, linksFile)))).toBe(true);
    expect(made.fixture2024.equals(readFileSync(fixture2024))).toBe(true);
  });

  it('say they are synthetic: file names, description, establishment names, URNs beyond every real one', () => {
    expect([establishmentsFile, linksFile, fixture2024.split('/').at(-1)].every((f) => f?.startsWith('SYNTHETIC_'))).toBe(true);
    const { imports } = JSON.parse(readFileSync(join(demoData, 'demo.json'), 'utf8')) as { imports: Array<Record<string, string>> };
    const described = (dataset: string) => imports.find((i) => i.dataset === dataset)?.synthetic ?? '';
    expect(described('gias')).toMatch(/^SYNTHETIC .*demo-data\/src\/schools\/generate\.ts.*not Department for Education data/);
    expect(described('gias-links')).toMatch(/^The real GIAS .* with SYNTHETIC links .*demo-data\/src\/schools\/generate\.ts/);
    expect(establishments.rows.every((r) => r.EstablishmentName!.startsWith('Synthetic '))).toBe(true);
    expect(establishments.rows.every((r) => Number(r.URN) >= firstUrn)).toBe(true);
  });

  it('have the real headers: 135 columns, and 139 with the Ofsted columns in the 2024 fixture', () => {
    expect(establishments.lines[0]).toBe(readFileSync(join(testData, 'edubasealldata_header_135cols_2025.csv'), 'latin1').trimEnd());
    expect(`${fixture.lines[0]}\r\n`).toBe(readFileSync(join(testData, 'edubasealldata_header_139cols_2024-07.csv'), 'latin1'));
    expect(links.lines[0]).toBe('"URN","LinkURN","LinkName","LinkType","LinkEstablishedDate"');
    expect([establishments.header.length, fixture.header.length]).toEqual([135, 139]);
  });

  it('are Windows-1252 with CRLF between lines and none after the last', () => {
    for (const file of [join(demoData, establishmentsFile), join(demoData, linksFile), fixture2024]) {
      const bytes = readFileSync(file);
      expect(bytes.toString('latin1').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(bytes.subarray(-2).toString('latin1')).not.toBe('\r\n');
    }
    const bytes = readFileSync(join(demoData, establishmentsFile));
    expect(bytes.includes(Buffer.from([0x92]))).toBe(true); // ’ in "St Mary’s" and "St Anne’s"
    expect(establishments.rows.filter((r) => r.EstablishmentName!.includes('\u2019'))).toHaveLength(3);
  });

  it('hold schools of every status, kind and phase a town has, some without a position', () => {
    const count = (column: string) => {
      const counts: Record<string, number> = {};
      for (const r of establishments.rows) counts[r[column]!] = (counts[r[column]!] ?? 0) + 1;
      return counts;
    };
    expect(establishments.rows).toHaveLength(72);
    expect(count('EstablishmentStatus (name)')).toEqual({ Open: 48, Closed: 20, 'Open, but proposed to close': 2, 'Proposed to open': 2 });
    expect(Object.keys(count('PhaseOfEducation (name)')).sort()).toEqual([
      '16 plus',
      'All-through',
      'Not applicable',
      'Nursery',
      'Primary',
      'Secondary',
    ]);
    expect(count('LA (name)')).toMatchObject({ Leeds: 48 });
    expect(
      establishments.rows
        .filter((r) => r.Easting === '')
        .map((r) => r['EstablishmentStatus (name)'])
        .sort(),
    ).toEqual(['Closed', 'Closed', 'Proposed to open', 'Proposed to open']);
  });

  it('stand at their postcodes: the easting and northing Code-Point Open gives each postcode', async () => {
    const positions = new Map<string, string>();
    for (const area of ['rg', 'ls']) {
      const { stream } = await openZipMember(join(demoData, 'codepo_gb_RG_LS_WF.zip'), `Data/CSV/${area}.csv`);
      const text = (await stream.toArray()).map((c: Buffer) => c.toString('latin1')).join('');
      for (const line of text.split(/\r?\n/).filter(Boolean)) {
        const f = line.split(',').map((v) => v.replace(/"/g, ''));
        positions.set(f[0]!, `${f[2]} ${f[3]}`);
      }
    }
    const placed = establishments.rows.filter((r) => r.Easting !== '');
    expect(placed.every((r) => positions.get(r.Postcode!) === `${r.Easting} ${r.Northing}`)).toBe(true);
    expect(placed.every((r) => /^(RG3[01]|LS\d+) /.test(r.Postcode!))).toBe(true);
  });

  it('link only synthetic schools, both ways, with LinkType values of the real links file', () => {
    const real = decode(gunzipSync(readFileSync(join(demoData, 'links_edubasealldata20250422.csv.gz'))))
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => fieldsOf(line));
    const realTypes = new Set(real.map((f) => f[3]!.value));
    expect(realTypes.size).toBe(17);
    expect(real.every((f) => Number(f[0]!.value) < firstUrn && Number(f[1]!.value) < firstUrn)).toBe(true);
    const urns = new Map(establishments.rows.map((r) => [r.URN!, r]));
    expect(links.rows).toHaveLength(34);
    for (const l of links.rows) {
      expect(realTypes.has(l.LinkType!)).toBe(true);
      expect(urns.get(l.LinkURN!)?.EstablishmentName).toBe(l.LinkName);
      const back = links.rows.find((b) => b.URN === l.LinkURN && b.LinkURN === l.URN);
      expect(back?.LinkType?.replace('Predecessor', 'Successor')).toBe(l.LinkType!.replace('Predecessor', 'Successor'));
      // A successor link is dated by the predecessor's closing, a predecessor link by the successor's opening (or undated).
      const from = urns.get(l.URN!)!;
      if (l.LinkEstablishedDate !== '')
        expect(l.LinkEstablishedDate).toBe(l.LinkType!.startsWith('Successor') ? from.CloseDate : from.OpenDate);
    }
  });

  it('give Ofsted ratings and dates in the 2024 fixture only, from the published value set', () => {
    expect(establishments.header.filter((h) => h.startsWith('Ofsted'))).toEqual([]);
    const rated = fixture.rows.filter((r) => r['OfstedRating (name)'] !== '');
    expect(rated.length).toBeGreaterThan(10);
    expect(rated.every((r) => ['Outstanding', 'Good', 'Requires improvement', 'Inadequate'].includes(r['OfstedRating (name)']!))).toBe(
      true,
    );
    expect(rated.every((r) => /^\d{2}-\d{2}-20(1[4-9]|2[0-4])$/.test(r.OfstedLastInsp!))).toBe(true);
    const ymd = (d: string) => d.split('-').reverse().join('-');
    // Inspected while open: not before it opened, not after it closed.
    expect(
      rated.filter((r) => ymd(r.OfstedLastInsp!) < ymd(r.OpenDate!) || (r.CloseDate !== '' && ymd(r.OfstedLastInsp!) > ymd(r.CloseDate!))),
    ).toEqual([]);
    expect(fixture.rows.map((r) => r.URN)).toEqual(establishments.rows.slice(0, fixture.rows.length).map((r) => r.URN));
  });
});

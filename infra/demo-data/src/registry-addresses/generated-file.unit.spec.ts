import { registeredTitles } from '@pds/infra';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { addressesFile } from '../addresses/generate';
import { demoDataDir, testDataDir } from '../paths';
import { generateRegistryAddresses, registryAddressesFile } from './generate';

// The committed file is exactly what the generator makes from the registry test environment's titles, and it holds
// every UPRN of every title the demo region's address file does not: a test importing both files finds every title's
// property by UPRN, and no UPRN is in both (one import of the two would refuse a duplicate).

const committed = readFileSync(join(testDataDir, registryAddressesFile), 'utf8');
const uprnsOf = (csv: string) =>
  csv
    .split('\r\n')
    .filter((l) => l !== '')
    .map((l) => l.slice(0, l.indexOf(',')));
const demoUprns = new Set(uprnsOf(gunzipSync(readFileSync(join(demoDataDir, addressesFile))).toString('utf8')));

describe("the registry test environment's synthetic addresses", () => {
  it('are the generator output, byte for byte', () => {
    expect(generateRegistryAddresses().csv).toBe(committed);
  });

  it("hold every UPRN of the titles outside the demo region's file, once, and none of that file's", () => {
    const outside = registeredTitles.filter((t) => t.uprns.some((u) => !demoUprns.has(u)));
    // The three demo-region titles (194 and 250 Oxford Road) are the only ones the demo file has.
    expect(registeredTitles.filter((t) => !outside.includes(t)).map((t) => t.titleNumber)).toEqual(['BK301194', 'BK302250', 'BK302251']);
    const held = uprnsOf(committed);
    expect(new Set(held).size).toBe(held.length);
    expect(held.filter((u) => demoUprns.has(u))).toEqual([]);
    expect([...new Set(outside.flatMap((t) => t.uprns))].sort()).toEqual([...held].sort());
  });

  it('are in the published layout: 77 fields a line, CRLF, no header', () => {
    const lines = committed.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.some((l) => l.includes('\n'))).toBe(false);
    // No field here holds a comma, so a split counts the fields; each line starts with its UPRN (no header).
    for (const line of lines) {
      expect(line.split(',')).toHaveLength(77);
      expect(line).toMatch(/^[1-9]\d{0,11},/);
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDemoPlanningFiles } from './generate';
import { demoDataDir } from '../paths';

// The generators read real files (Price Paid, Code-Point Open, the links file) and make the demo files again: seconds of
// work alone, several times that while the rest of the suite runs beside them.
jest.setTimeout(60_000);

// The committed SYNTHETIC planning files are the generator's output, byte for byte.

describe("the demo region's synthetic planning constraints", () => {
  it.each(generateDemoPlanningFiles().map((f) => [f.name, f.bytes] as const))('%s is the generator output', (name, bytes) => {
    expect(readFileSync(join(demoDataDir, name)).equals(bytes)).toBe(true);
  });
});

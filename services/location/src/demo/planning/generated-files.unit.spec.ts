import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDemoPlanningFiles } from './generate';

// The committed SYNTHETIC planning files are the generator's output, byte for byte.

describe("the demo region's synthetic planning constraints", () => {
  it.each(generateDemoPlanningFiles().map((f) => [f.name, f.bytes] as const))('%s is the generator output', (name, bytes) => {
    expect(readFileSync(join(__dirname, '..', '..', '..', 'demo-data', name)).equals(bytes)).toBe(true);
  });
});

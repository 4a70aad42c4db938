import { join } from 'node:path';

// Where the generators write: the location service's demo region (`npm start` loads it, infra/src/demo-data.ts) and
// its importers' test data. The same from src (tests) and dist (`node infra/demo-data/dist/…/generate.js`).

const repoRoot = join(__dirname, '..', '..', '..');

export const locationDir = join(repoRoot, 'services', 'location');
export const demoDataDir = join(locationDir, 'demo-data');
export const testDataDir = join(locationDir, 'test-data');

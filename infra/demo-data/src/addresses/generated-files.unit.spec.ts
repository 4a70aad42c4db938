import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addressesFile, generateDemoAddresses, inspireFile } from './generate';
import { demoDataDir as demoData } from '../paths';

// The generators read real files (Price Paid, Code-Point Open, the links file) and make the demo files again: seconds of
// work alone, several times that while the rest of the suite runs beside them.
jest.setTimeout(60_000);

// The committed synthetic files are exactly what the generator makes from the committed real inputs: nobody edited
// them by hand, and a change to the generator is seen here until the files are made again.

describe('the demo region synthetic addresses and polygons', () => {
  it('are the generator output, byte for byte', async () => {
    const made = await generateDemoAddresses();
    expect(made.addresses.equals(readFileSync(join(demoData, addressesFile)))).toBe(true);
    expect(made.inspire.equals(readFileSync(join(demoData, inspireFile)))).toBe(true);
    // 18,517 distinct addresses sold (postcode, SAON, PAON, street) of which 7 have postcodes Code-Point Open does not place.
    expect([made.sold.length, made.placed.length]).toEqual([18_517, 18_510]);
  });
});

import { registeredTitles } from '../../infra/src/registry-simulator/titles/dataset';
import { syntheticUprn } from '../../infra/demo-data/src/synthetic-uprn';

// The registry test environment's demo-region titles carry the demo region's synthetic UPRNs, so that a property
// found in the demo addresses is found at the registry too. The rule lives with the demo region's generators
// (infra/demo-data, which read the location service's formats) and the titles in infra's registry test environment
// (which imports no service), so the two are held together here.

describe("the registry test environment's demo-region titles", () => {
  const demo = registeredTitles.filter((t) => /^RG3[01] /.test(t.postcode));

  it('are the three titles of 194 and 250 Oxford Road', () => {
    expect(demo.map((t) => t.titleNumber)).toEqual(['BK301194', 'BK302250', 'BK302251']);
  });

  it.each(demo.map((t) => [t.titleNumber, t] as const))('%s has the synthetic UPRN of its address', (_n, title) => {
    // "194 Oxford Road, Reading" and "Land at the rear of 250 Oxford Road, Reading": the PAON is the house number.
    const paon = /(\d+) Oxford Road/.exec(title.address)![1]!;
    expect(title.uprns).toEqual([syntheticUprn(title.postcode, paon)]);
  });
});

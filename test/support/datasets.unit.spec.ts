import { existsSync, readFileSync } from 'node:fs';
import { demoFile, demoImport } from './datasets';

describe('the demo imports', () => {
  it("give a dataset's files as demo.json lists them, in the demo data folder, and its description", () => {
    expect(demoImport('ppd')).toEqual({
      dataset: 'ppd',
      files: [demoFile('pp-complete_postcode-district-RG30.csv.gz'), demoFile('pp-complete_postcode-district-RG31.csv.gz')],
    });
    expect(demoImport('epc-domestic').synthetic).toMatch(/^SYNTHETIC energy performance certificates/);
  });

  it('name files that are there, for every dataset demo.json imports', () => {
    const { imports } = JSON.parse(readFileSync(demoFile('demo.json'), 'utf8')) as { imports: Array<{ dataset: string }> };
    expect(imports.length).toBeGreaterThan(10);
    for (const { dataset } of imports)
      for (const file of demoImport(dataset).files) expect([dataset, existsSync(file)]).toEqual([dataset, true]);
  });

  it('refuses a dataset demo.json does not import', () => {
    expect(() => demoImport('onspd')).toThrow('demo.json imports no dataset onspd');
  });
});

import { reportCreate } from '../rest/report-operations';
import { reportPlans, reportPrices } from './sections';
import { priceLines, sumOfSections } from './pricing';

// Each report's fixed price is below what its sections cost called one by one. The sums, from the specification's
// costs: a property pack draws on the address lookup (35), valuation (1), purchase tax (1), sold comparables (1), house
// price index (1), EPC (5), boundary (35), title lookup (25), ground risk (5), crime (2), schools (2), deprivation (1),
// area statistics (2), planning constraints (2), Bank Rate (1) and mortgage rates (1): 120. An area pack on the
// postcode lookup (free), sold comparables (1), house price index (1), crime (2), schools (2), deprivation (1), area
// statistics (2), planning constraints (2), ground risk (5), Bank Rate (1), mortgage rates (1) and inflation (1): 19.

describe('report prices', () => {
  it('are below the sum of the operations each type draws on', () => {
    expect(sumOfSections('property-pack')).toBe(120);
    expect(sumOfSections('area-pack')).toBe(19);
    expect(reportPrices).toEqual({ 'property-pack': 90, 'area-pack': 15 });
    for (const type of Object.keys(reportPlans) as Array<keyof typeof reportPlans>)
      expect(reportPrices[type]).toBeLessThan(sumOfSections(type));
  });

  it('are written into the operation’s description and its cost, from the same figures', () => {
    expect(priceLines()).toEqual([
      '- `property-pack`: **90 credits**; its 16 sections called one by one would cost 120',
      '- `area-pack`: **15 credits**; its 12 sections called one by one would cost 19',
    ]);
    for (const line of priceLines()) expect(reportCreate.description).toContain(line);
    expect(reportCreate.cost).toEqual({ kind: 'per_report', credits: { 'property-pack': 90, 'area-pack': 15 } });
  });
});

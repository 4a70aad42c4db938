import { RenovationUpliftQuery } from './renovation-calculator';

const parse = (query: Record<string, unknown>) => RenovationUpliftQuery.safeParse(query);
const failingField = (query: Record<string, unknown>) => {
  const r = parse(query);
  return r.success ? undefined : r.error.issues[0]?.path[0];
};

describe('renovation calculator query', () => {
  it('reads numbers from query text and applies the defaults', () => {
    expect(parse({ value: '250000', floorArea: '85.5' })).toEqual({
      success: true,
      data: { value: 250000, floorArea: 85.5, extensionArea: 0, renovationUplift: 0 },
    });
    expect(parse({ value: '2.5e5', floorArea: '100', extensionArea: '0', renovationUplift: '50' }).data).toEqual({
      value: 250000,
      floorArea: 100,
      extensionArea: 0,
      renovationUplift: 50,
    });
  });

  it.each([
    [{ floorArea: '100' }, 'value'],
    [{ value: '', floorArea: '100' }, 'value'],
    [{ value: '0', floorArea: '100' }, 'value'],
    [{ value: '-5', floorArea: '100' }, 'value'],
    [{ value: 'abc', floorArea: '100' }, 'value'],
    [{ value: 'Infinity', floorArea: '100' }, 'value'],
    [{ value: '0x10', floorArea: '100' }, 'value'],
    [{ value: ['1', '2'], floorArea: '100' }, 'value'],
    [{ value: '100' }, 'floorArea'],
    [{ value: '100', floorArea: '0' }, 'floorArea'],
    [{ value: '100', floorArea: '10', extensionArea: '-1' }, 'extensionArea'],
    [{ value: '100', floorArea: '10', renovationUplift: '50.01' }, 'renovationUplift'],
    [{ value: '100', floorArea: '10', renovationUplift: '-1' }, 'renovationUplift'],
  ])('rejects %j at %s', (query, field) => {
    expect(failingField(query)).toBe(field);
  });

  // Found in review: these passed validation and then failed in the calculation (500). Worked by hand: 1e12 / 1e-300
  // is 1e312, beyond any double (Infinity); 1e12 / 1 × 10,000 m² of extension is an extension value of 1e16 pounds,
  // above 2^53 (9.007e15), so the whole-pound figures could not be exact.
  it.each([
    [{ value: '1e12', floorArea: '1e-300' }, 'floorArea'],
    [{ value: '1000000000000', floorArea: '1', extensionArea: '10000' }, 'extensionArea'],
    // 1e12 / 0.001 = 1e15 per m² is still allowed; at 0.0009 m² it is 1.1e15.
    [{ value: '1e12', floorArea: '0.0009' }, 'floorArea'],
    // 1e12 × (1 + 665/1) × 1.5 = 9.99e14 is allowed; with 667 m² it is 1e12 × 668 × 1.5 = 1.002e15.
    [{ value: '1e12', floorArea: '1', extensionArea: '667', renovationUplift: '50' }, 'extensionArea'],
  ])('refuses %j at %s, whose answer would exceed £10^15', (query, field) => {
    expect(failingField(query)).toBe(field);
  });

  it('accepts inputs whose answer stays at or below £10^15', () => {
    expect(parse({ value: '1e12', floorArea: '0.001' }).success).toBe(true);
    expect(parse({ value: '1e12', floorArea: '1', extensionArea: '665', renovationUplift: '50' }).success).toBe(true);
  });
});

import { syntheticUprn } from './synthetic-uprn';

describe('synthetic UPRNs of the demo addresses', () => {
  it('are 12 digits starting 99, the same for the same address however it is spaced or cased', () => {
    const a = syntheticUprn('RG30 1AA', '12', null);
    expect(a).toMatch(/^99\d{10}$/);
    expect(syntheticUprn('rg301aa', ' 12 ', '')).toBe(a);
    expect(syntheticUprn('RG30 1AA', '12', 'FLAT 2')).not.toBe(a);
    expect(syntheticUprn('RG30 1AB', '12', null)).not.toBe(a);
  });
});

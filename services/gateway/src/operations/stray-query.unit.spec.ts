import { datasetsList, postcodeLookup, renovationUpliftCalculator } from '@pds/contracts';
import type { RawInput } from './handler';
import { readInput, strayQuery } from './read-input';

// A query parameter an operation does not take is refused, whether the operation takes other query parameters (its
// schema is strict) or none at all (nothing would read it).

const raw = (query: Record<string, string>, params: Record<string, string> = {}): RawInput => ({
  query,
  params,
  header: () => undefined,
  body: undefined,
  bodyPresent: false,
});

describe('a query parameter an operation does not take', () => {
  it('is refused by an operation that takes none, naming each', () => {
    expect(strayQuery(datasetsList, raw({ format: 'csv', page: '2' }))).toEqual({
      ok: false,
      code: 'INVALID_PARAMETERS',
      message: 'This operation takes no query parameters; nothing was charged.',
      details: 'format: not allowed; page: not allowed',
    });
    expect(strayQuery(postcodeLookup, raw({}, { postcode: 'RG30 1AA' }))).toBeUndefined();
  });

  it("is refused by the calculator's strict query, not taken as its default (extensionAraa is not extensionArea)", () => {
    expect(strayQuery(renovationUpliftCalculator, raw({ value: '250000', floorArea: '100', extensionAraa: '20' }))).toBeUndefined();
    const read = readInput(renovationUpliftCalculator, raw({ value: '250000', floorArea: '100', extensionAraa: '20' }));
    expect(read).toMatchObject({ ok: false, code: 'INVALID_PARAMETERS' });
    expect(read.ok === false && read.details).toContain('extensionAraa');
  });

  it("leaves a parameter with its own code named by it (the calculator's value first)", () => {
    expect(readInput(renovationUpliftCalculator, raw({ value: '-1', floorArea: '100', extensionAraa: '20' }))).toMatchObject({
      ok: false,
      code: 'INVALID_VALUE',
    });
  });
});

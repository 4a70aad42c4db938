import type { RawInput } from '../../operations/handler';
import { readPropertyQuery } from './property-query';

// The EPC and floor-area query: the alternatives told apart first, then the values, then the registers' coverage.

const read = (query: Record<string, unknown>) =>
  readPropertyQuery({ query, params: {}, header: () => undefined, body: undefined, bodyPresent: false } as RawInput);
const refusal = (query: Record<string, unknown>) => {
  const checked = read(query);
  if (checked.ok) throw new Error('expected a refusal');
  return { code: checked.code, details: checked.details };
};

describe('the property query', () => {
  it('accepts a UPRN (one number however padded), or an address with a postcode it normalises', () => {
    expect(read({ uprn: ' 000068132136 ' })).toMatchObject({ ok: true, value: { query: { uprn: '68132136' } } });
    expect(read({ address: '  Flat 2, 10 Oxford Road ', postcode: 'rg301ab' })).toMatchObject({
      ok: true,
      value: { query: { address: 'Flat 2, 10 Oxford Road', postcode: 'RG30 1AB' } },
    });
  });

  it.each([
    ['both alternatives', { uprn: '1', address: '10 Oxford Road', postcode: 'RG30 1AB' }, 'uprn: not allowed with address and postcode'],
    ['neither', {}, 'query: none of uprn, address, postcode given'],
    ['an address alone', { address: '10 Oxford Road' }, 'postcode: required with address'],
    ['a postcode alone', { postcode: 'RG30 1AB' }, 'address: required with postcode'],
    ['another parameter', { uprn: '1', titleNumber: 'BK1' }, 'titleNumber: not allowed'],
  ])('refuses %s, naming the alternatives', (_, query, details) => {
    expect(refusal(query)).toEqual({ code: 'INVALID_PARAMETERS', details });
  });

  it.each([
    ['a UPRN of 13 digits', { uprn: '1234567890123' }, 'uprn: must be 1 to 12 digits'],
    ['a UPRN with letters', { uprn: '99A' }, 'uprn: must be 1 to 12 digits'],
    ['a one-letter address', { address: ' x ', postcode: 'RG30 1AB' }, 'address: Too small: expected string to have >=2 characters'],
    ['a postcode district', { address: '10 Oxford Road', postcode: 'RG30' }, 'postcode: must be a full UK postcode, such as RG30 1AA'],
    ['a repeated parameter', { uprn: ['1', '2'] }, 'uprn: Invalid input: expected string, received array'],
  ])('refuses %s', (_, query, details) => {
    expect(refusal(query)).toEqual({ code: 'INVALID_PARAMETERS', details });
  });

  it.each([['EH1 1YZ'], ['G1 1AA'], ['ZE1 0AA'], ['BT1 1AA']])(
    'refuses %s: Scotland and Northern Ireland have their own registers',
    (postcode) => {
      expect(refusal({ address: '1 High Street', postcode })).toEqual({
        code: 'OUTSIDE_ENGLAND_AND_WALES',
        details: 'postcode: outside England and Wales',
      });
    },
  );

  it('leaves Gloucester (GL) and the border areas (TD, CA) to the lookup', () => {
    for (const postcode of ['GL1 1AA', 'TD15 1AA', 'CA1 1AA']) expect(read({ address: '1 High Street', postcode }).ok).toBe(true);
  });
});

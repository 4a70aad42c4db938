import type { RawInput } from '../../../operations/handler';
import { readProfileRequest } from './read-request';

const read = (body: unknown) => readProfileRequest({ body, query: {}, params: {}, header: () => undefined, bodyPresent: true } as RawInput);

describe("the profile's body", () => {
  it('takes alternative A, a UPRN (leading zeros are the same UPRN)', () => {
    expect(read({ property: { uprn: '993262081585' } })).toEqual({ ok: true, value: { uprn: '993262081585' } });
    expect(read({ property: { uprn: '000012' } })).toEqual({ ok: true, value: { uprn: '12' } });
  });

  it('takes alternative B, an address with its postcode (normalised as the address dataset holds it)', () => {
    expect(read({ property: { address: '194 Oxford Road', postcode: 'rg301aa' } })).toEqual({
      ok: true,
      value: { address: '194 Oxford Road', postcode: 'RG30 1AA' },
    });
  });

  it.each([
    [[], 'body: expected a JSON object'],
    [{}, 'property: required'],
    [{ property: { uprn: '1' }, extra: true }, 'extra: not allowed'],
    [{ property: 'RG30 1AA' }, 'property: expected a JSON object'],
    [{ property: {} }, 'property: none of uprn, address, postcode given'],
    [{ property: { uprn: '1', postcode: 'RG30 1AA' } }, 'property.uprn: not allowed with postcode'],
    [{ property: { address: '194 Oxford Road' } }, 'property.postcode: required with address'],
    [{ property: { uprn: '1', colour: 'red' } }, 'property.colour: not allowed'],
    [{ property: { uprn: '12ab' } }, 'property.uprn: must be 1 to 12 digits'],
    [{ property: { uprn: '1234567890123' } }, 'property.uprn: must be 1 to 12 digits'],
    [{ property: { address: 'x', postcode: 'RG30 1AA' } }, 'property.address:'],
    [{ property: { address: '194 Oxford Road', postcode: 'RG30' } }, 'property.postcode:'],
    [{ property: { address: '194 Oxford Road', postcode: 'NOT A CODE' } }, 'property.postcode: not a full UK postcode'],
  ])('refuses %j: 400 INVALID_PARAMETERS naming %p', (body, detail) => {
    const r = read(body);
    expect(r).toMatchObject({ ok: false, code: 'INVALID_PARAMETERS' });
    expect(!r.ok && r.details).toContain(detail);
  });

  it('refuses Scottish and Northern Irish postcodes before anything else', () => {
    for (const postcode of ['EH2 2EQ', 'BT1 5GS'])
      expect(read({ property: { address: '1 Princes Street', postcode } })).toMatchObject({ ok: false, code: 'OUTSIDE_ENGLAND_AND_WALES' });
  });
});

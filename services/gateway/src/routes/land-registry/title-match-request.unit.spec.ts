import { checkTitleMatch } from './title-match-request';

const refusal = (body: unknown) => {
  const checked = checkTitleMatch(body);
  if (checked.ok) throw new Error('expected a refusal');
  return checked;
};

describe('title-match body', () => {
  it('accepts a UPRN, or an address with its postcode', () => {
    expect(checkTitleMatch({ uprn: '100081043512' })).toEqual({ ok: true, value: { uprn: '100081043512' } });
    expect(checkTitleMatch({ address: '14 Larkspur Close, Wokingham', postcode: 'RG40 9ZZ' })).toEqual({
      ok: true,
      value: { address: '14 Larkspur Close, Wokingham', postcode: 'RG40 9ZZ' },
    });
  });

  it.each([
    ['both alternatives', { uprn: '1', address: '14 Larkspur Close', postcode: 'RG40 9ZZ' }, 'uprn: not allowed with address and postcode'],
    ['neither', {}, 'body: none of uprn, address, postcode given'],
    ['an address without its postcode', { address: '14 Larkspur Close' }, 'postcode: required with address'],
    ['a postcode alone', { postcode: 'RG40 9ZZ' }, 'address: required with postcode'],
    ['only unknown properties', { titleNumber: 'BK509231' }, 'body: none of uprn, address, postcode given; titleNumber: not allowed'],
  ])('names the alternatives when given %s', (_, body, details) => {
    expect(refusal(body)).toEqual({
      ok: false,
      code: 'INVALID_PARAMETERS',
      message: 'Send exactly one of `uprn`, or `address` with `postcode`, and no other properties.',
      details,
    });
  });

  it('names each failing field of the chosen alternative', () => {
    expect(refusal({ uprn: '12-34' })).toMatchObject({ code: 'INVALID_PARAMETERS', details: 'uprn: must be 1 to 12 digits' });
    expect(refusal({ uprn: '1', extra: true })).toMatchObject({ code: 'INVALID_PARAMETERS', details: 'extra: not allowed' });
    const both = refusal({ address: 'x', postcode: 'RG4' });
    expect(both.details).toMatch(/^address: .*2.*; postcode: .*5/);
    expect(refusal({ uprn: 100081043512 }).details).toMatch(/^uprn: .*expected string/);
  });

  it('refuses a body that is not a JSON object', () => {
    for (const body of [undefined, [], 'uprn', null]) {
      expect(refusal(body)).toMatchObject({
        code: 'INVALID_PARAMETERS',
        message: expect.stringContaining('exactly one of `uprn`, or `address` with `postcode`'),
      });
    }
  });

  it('refuses Scottish and Northern Irish postcodes before anything is charged', () => {
    expect(refusal({ address: '1 High Street', postcode: 'EH1 1YZ' })).toMatchObject({
      code: 'OUTSIDE_ENGLAND_AND_WALES',
      details: 'postcode: outside England and Wales',
    });
    expect(refusal({ address: '1 Main Street', postcode: 'bt1 5gs' }).code).toBe('OUTSIDE_ENGLAND_AND_WALES');
    expect(checkTitleMatch({ address: '1 Marygate', postcode: 'TD15 1BN' }).ok).toBe(true);
  });
});

import { hasBody, unsupportedBody } from './body-type';

// Which bodies the API reads: JSON in UTF-8 (RFC 8259 §8.1: JSON exchanged between systems is UTF-8), the charset
// given or not; anything else is refused as its type (415), before it is read.

const withType = (contentType: string | undefined, length = '10') => ({
  headers: { ...(contentType === undefined ? {} : { 'content-type': contentType }), 'content-length': length },
});

describe('the body type', () => {
  it('accepts application/json, with no charset or UTF-8 in any case or quoting', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON; Charset="UTF-8"'])
      expect(unsupportedBody(withType(type))).toBeUndefined();
  });

  it('refuses another charset of JSON as the body parser would (charset.unsupported, 415)', () => {
    for (const type of ['application/json; charset=utf-16', 'application/json; charset=utf-32', 'application/json; charset=latin1'])
      expect(unsupportedBody(withType(type))).toMatchObject({ status: 415, type: 'charset.unsupported' });
  });

  it('refuses any other type, a missing one and an unreadable one (content-type.unsupported, 415)', () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/merge-patch+json', undefined, 'json', ';'])
      expect(unsupportedBody(withType(type))).toMatchObject({ status: 415, type: 'content-type.unsupported' });
  });

  it('says nothing of a request without a body, whatever its type', () => {
    expect(unsupportedBody(withType('text/plain', '0'))).toBeUndefined();
    expect(unsupportedBody({ headers: { 'content-type': 'text/plain' } })).toBeUndefined();
    expect(hasBody({ headers: { 'transfer-encoding': 'chunked' } })).toBe(true);
  });
});

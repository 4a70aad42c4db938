import { namesTag } from './pipeline';

// If-None-Match as RFC 9110 §13.1.2 reads it: a list of entity tags compared weakly, or `*` for any current one.

describe('If-None-Match', () => {
  const etag = '"9f86d081884c7d65"';
  it('names the tag given alone, in a list, or weakly', () => {
    expect(namesTag(etag, etag)).toBe(true);
    expect(namesTag(`"abc", ${etag}`, etag)).toBe(true);
    expect(namesTag(`W/${etag}`, etag)).toBe(true);
    expect(namesTag('*', etag)).toBe(true);
  });
  it('does not name another tag, an unquoted value, or nothing', () => {
    expect(namesTag('"9f86d081884c7d66"', etag)).toBe(false);
    expect(namesTag('9f86d081884c7d65', etag)).toBe(false);
    expect(namesTag(undefined, etag)).toBe(false);
    expect(namesTag('', etag)).toBe(false);
  });
});

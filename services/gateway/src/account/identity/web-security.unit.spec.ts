import { crossSitePost, csrfToken, csrfTokenValid, preSessionKey } from './csrf';
import { safeNext } from './next-path';
import { needsRehash, passwordProblem, Passwords } from './passwords';
import { sessionCookie } from './sessions';
import { addressLimitKey } from './sign-in-limits';

describe('form tokens', () => {
  const key = Buffer.alloc(32, 'k');
  it('are the HMAC-SHA256 of the form path under the key, base64url', () => {
    // Worked out with Python's hmac.new(b'k' * 32, b'/account/sign-in', hashlib.sha256), urlsafe base64 without padding.
    expect(csrfToken(key, '/account/sign-in')).toBe('ILG0bq6wT9lb0GrSscg88cMZCNFde7rRLocv9RXR0cI');
    expect(csrfTokenValid(key, '/account/sign-in', 'ILG0bq6wT9lb0GrSscg88cMZCNFde7rRLocv9RXR0cI')).toBe(true);
  });
  it("refuse another path's token, another key's, a missing one and a truncated one", () => {
    const t = csrfToken(key, '/account/sign-in');
    expect(csrfTokenValid(key, '/account/password', t)).toBe(false);
    expect(csrfTokenValid(Buffer.alloc(32, 'x'), '/account/sign-in', t)).toBe(false);
    expect(csrfTokenValid(key, '/account/sign-in', undefined)).toBe(false);
    expect(csrfTokenValid(key, '/account/sign-in', t.slice(0, 20))).toBe(false);
    expect(preSessionKey(key, 'a').equals(preSessionKey(key, 'b'))).toBe(false);
  });
  it('find a post cross-site by its Origin or Sec-Fetch-Site, and leave absent headers to the token', () => {
    const own = 'http://127.0.0.1:8080';
    expect(crossSitePost({ origin: 'http://evil.example' }, own)).toBe(true);
    expect(crossSitePost({ origin: own, secFetchSite: 'cross-site' }, own)).toBe(true);
    expect(crossSitePost({ origin: own, secFetchSite: 'same-origin' }, own)).toBe(false);
    expect(crossSitePost({}, own)).toBe(false);
  });
});

describe('where sign-in leads', () => {
  it('keeps a path under /account and sends anything else to the overview', () => {
    expect(safeNext('/account/keys')).toBe('/account/keys');
    expect(safeNext('/account/usage?from=2026-01-01&to=2026-01-31')).toBe('/account/usage?from=2026-01-01&to=2026-01-31');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      '%2F%2Fevil.example',
      '/account//evil.example',
      '/accountx',
      '/docs',
      7,
    ]) {
      expect(safeNext(bad)).toBe('/account');
    }
  });
});

describe('sign-in limit keys', () => {
  it('count an IPv4 address whole and an IPv6 address by its /64', () => {
    expect(addressLimitKey('203.0.113.9')).toBe('ip:203.0.113.9');
    expect(addressLimitKey('::ffff:203.0.113.9')).toBe('ip:203.0.113.9');
    expect(addressLimitKey('2001:db8:0:1:aaaa::1')).toBe('ip:2001:db8:0:1::/64');
    expect(addressLimitKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('ip:2001:db8:0:1::/64');
    expect(addressLimitKey('2001:db8::1')).toBe('ip:2001:db8:0:0::/64');
  });
});

describe('session cookies', () => {
  it('are __Host- and Secure over TLS, and narrowed to /account without', () => {
    expect(sessionCookie(true)).toEqual({
      name: '__Host-pds_account',
      options: { path: '/', secure: true, httpOnly: true, sameSite: 'lax' },
    });
    expect(sessionCookie(false)).toEqual({
      name: 'pds_account',
      options: { path: '/account', secure: false, httpOnly: true, sameSite: 'lax' },
    });
  });
});

describe('passwords', () => {
  it('take 12 to 128 characters, not the email, not one character repeated', () => {
    expect(passwordProblem('short', 'a@b.test')).toMatch(/12/);
    expect(passwordProblem('x'.repeat(129), 'a@b.test')).toMatch(/128/);
    expect(passwordProblem('A@B.test.org', 'a@b.test.org')).toMatch(/email/);
    expect(passwordProblem('aaaaaaaaaaaaaa', 'a@b.test')).toBeDefined();
    expect(passwordProblem('correct horse battery', 'a@b.test')).toBeUndefined();
  });

  it('are hashed with Argon2id at 19 MiB, t=2, p=1, and verify only the right one', async () => {
    const passwords = new Passwords();
    const hash = await passwords.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect([await passwords.verify(hash, 'correct horse battery'), await passwords.verify(hash, 'correct horse batterY')]).toEqual([
      true,
      false,
    ]);
    expect(needsRehash(hash)).toBe(false);
    expect(await passwords.verify('not a hash', 'x')).toBe(false);
  });

  it("verify a hash made elsewhere (RFC 9106's reference tool, argon2-cffi's format), and ask for a weaker one to be made again", async () => {
    // The PHC string of "password" with salt "somesalt", m=65536, t=2, p=1, from the argon2 reference CLI's README
    // (`echo -n "password" | ./argon2 somesalt -id -t 2 -m 16 -p 1 -e`).
    const reference = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    expect(await new Passwords().verify(reference, 'password')).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c29tZXNhbHQ$abc')).toBe(true);
  });
});

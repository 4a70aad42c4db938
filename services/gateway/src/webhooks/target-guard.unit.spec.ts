import { vetTarget, type Resolver } from './target-guard';

// A resolver of our own, so that names can resolve anywhere: how a name turned private is met.
const zone: Record<string, Array<{ address: string; family: number }>> = {
  'hooks.example.com': [{ address: '93.184.216.34', family: 4 }],
  'inside.example.com': [{ address: '10.1.2.3', family: 4 }],
  'loop.example.com': [{ address: '127.0.0.1', family: 4 }],
  'mapped.example.com': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'mixed.example.com': [
    { address: '93.184.216.34', family: 4 },
    { address: '169.254.169.254', family: 4 },
  ],
  localhost: [{ address: '127.0.0.1', family: 4 }],
};
const resolve: Resolver = async (host) => {
  const found = zone[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};
const strict = { allowLoopback: false };
const local = { allowLoopback: true };

describe('the target guard', () => {
  it('passes an https name resolving to a public address, with that address to connect to', async () => {
    const vetted = await vetTarget('https://hooks.example.com/pds', strict, resolve);
    expect(vetted).toEqual({ ok: true, url: new URL('https://hooks.example.com/pds'), address: { address: '93.184.216.34', family: 4 } });
  });

  it('refuses a name resolving to a private, loopback or IPv4-mapped loopback address, naming it', async () => {
    expect(await vetTarget('https://inside.example.com/', strict, resolve)).toEqual({
      ok: false,
      reason: 'inside.example.com resolves to 10.1.2.3: a private, loopback, link-local or reserved address',
    });
    expect(await vetTarget('https://loop.example.com/', strict, resolve)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('127.0.0.1'),
    });
    expect(await vetTarget('https://mapped.example.com/', strict, resolve)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('::ffff:127.0.0.1'),
    });
  });

  it('refuses a name when any of its addresses is refused, not only the first', async () => {
    expect(await vetTarget('https://mixed.example.com/', strict, resolve)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('169.254.169.254'),
    });
  });

  it('refuses a name that does not resolve, plain http, and the URL rules', async () => {
    expect(await vetTarget('https://nowhere.example.com/', strict, resolve)).toEqual({
      ok: false,
      reason: 'nowhere.example.com does not resolve to any address',
    });
    expect(await vetTarget('http://hooks.example.com/', strict, resolve)).toEqual({ ok: false, reason: 'the URL must be https' });
    expect(await vetTarget('https://10.0.0.1/', strict, resolve)).toMatchObject({ ok: false, reason: expect.stringContaining('10.0.0.1') });
  });

  it('allows loopback, over http too, only with the setting; other private addresses stay refused', async () => {
    expect(await vetTarget('http://localhost:9911/in', local, resolve)).toMatchObject({ ok: true, address: { address: '127.0.0.1' } });
    expect(await vetTarget('https://loop.example.com/', local, resolve)).toMatchObject({ ok: true });
    expect(await vetTarget('http://127.0.0.1:9911/in', strict, resolve)).toMatchObject({ ok: false });
    expect(await vetTarget('https://inside.example.com/', local, resolve)).toMatchObject({ ok: false });
  });
});

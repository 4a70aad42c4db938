import { execFileSync } from 'node:child_process';
import { signDelivery, verifyDelivery } from './signature';

// The webhook signature, checked against an independent HMAC-SHA256 (openssl's), and a receiver's checks: the body
// as received, the secret, the timestamp's tolerance, a malformed header.

const secret = 'whsec_7f2c9a1e5b3d4c6f8a0b2d4e6f8a1c3e';
const body = '{"id":"evt_01","type":"report.completed","createdAt":"2026-11-29T09:00:00.000Z","data":{"reportId":"rep_x"}}';
const at = new Date('2026-11-29T09:00:05Z'); // 1795942805 s

const opensslHmac = (key: string, message: string) =>
  execFileSync('openssl', ['dgst', '-sha256', '-hmac', key, '-r'], { input: message }).toString().split(' ')[0];

describe('signing a delivery', () => {
  it('is t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>">, as openssl computes it', () => {
    expect(Math.floor(at.getTime() / 1000)).toBe(1795942805);
    expect(signDelivery(secret, body, at)).toBe(`t=1795942805,v1=${opensslHmac(secret, `1795942805.${body}`)}`);
  });
});

describe('verifying a delivery', () => {
  const header = signDelivery(secret, body, at);
  const verify = (overrides: Partial<Parameters<typeof verifyDelivery>[0]> = {}) =>
    verifyDelivery({ secret, body, header, now: new Date(at.getTime() + 60_000), ...overrides });

  it('accepts the body as sent, within the tolerance', () => {
    expect(verify()).toEqual({ ok: true, timestamp: 1795942805 });
    expect(verify({ body: Buffer.from(body) })).toEqual({ ok: true, timestamp: 1795942805 });
  });

  it('refuses a changed body, another secret, or the body re-serialised', () => {
    expect(verify({ body: body.replace('report.completed', 'report.failed') })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verify({ secret: 'whsec_other' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verify({ body: JSON.stringify(JSON.parse(body), null, 2) })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses a replay outside the tolerance, and a timestamp from the future beyond it', () => {
    expect(verify({ now: new Date(at.getTime() + 301_000) })).toEqual({ ok: false, reason: 'outside_tolerance' });
    expect(verify({ now: new Date(at.getTime() - 301_000) })).toEqual({ ok: false, reason: 'outside_tolerance' });
    expect(verify({ now: new Date(at.getTime() + 30_000), toleranceSeconds: 10 })).toEqual({ ok: false, reason: 'outside_tolerance' });
  });

  it('accepts one matching signature among several (a secret being rotated), and refuses a malformed header', () => {
    const other = signDelivery('whsec_old', body, at).split(',')[1];
    expect(verify({ header: `${header},${other}` })).toEqual({ ok: true, timestamp: 1795942805 });
    for (const bad of ['', 'v1=abc', 't=1795942805', `t=soon,${header.split(',')[1]}`, `${header}=x`]) {
      expect(verify({ header: bad })).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

import { createHmac, timingSafeEqual } from 'node:crypto';

// How a webhook delivery proves it comes from this service: the `PDS-Signature` header,
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret>`. The timestamp is signed with
// the body, so a receiver that also refuses a timestamp outside its tolerance refuses a replayed delivery; a header
// may carry several `v1` values (while a secret is being rotated), and one matching is enough. Said once here: the
// sender signs with it, and the docs' receiver example and the tests verify with it or against an independent HMAC.

export const signatureHeader = 'PDS-Signature';

/** How far a delivery's timestamp may be from the receiver's clock, either way, by default. */
export const defaultToleranceSeconds = 300;

const hmac = (secret: string, timestamp: number, body: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

/** The header value for `body` sent at `at`. */
export const signDelivery = (secret: string, body: string | Buffer, at: Date): string => {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
};

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'mismatch' | 'outside_tolerance' };

const readHeader = (header: string): { timestamp: number; signatures: string[] } | null => {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value, ...rest] = part.trim().split('=');
    if (value === undefined || rest.length > 0) return null;
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
};

/** Whether `header` signs `body` (the raw bytes received, not re-serialised JSON) under `secret`, at a time within tolerance of `now`. */
export const verifyDelivery = (check: {
  secret: string;
  body: string | Buffer;
  header: string;
  now: Date;
  toleranceSeconds?: number;
}): SignatureCheck => {
  const read = readHeader(check.header);
  if (!read) return { ok: false, reason: 'malformed' };
  const tolerance = check.toleranceSeconds ?? defaultToleranceSeconds;
  if (Math.abs(Math.floor(check.now.getTime() / 1000) - read.timestamp) > tolerance) return { ok: false, reason: 'outside_tolerance' };
  const expected = Buffer.from(hmac(check.secret, read.timestamp, check.body), 'hex');
  // Compared in constant time, so a receiver's answer times say nothing about how much of a forged value was right.
  const matches = read.signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  return matches ? { ok: true, timestamp: read.timestamp } : { ok: false, reason: 'mismatch' };
};

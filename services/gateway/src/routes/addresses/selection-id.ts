import { createHmac, timingSafeEqual } from 'node:crypto';

// A suggestion's selection id: `s1.<payload>.<signature>`, the payload (base64url JSON: the address's UPRN and when the
// id was issued, business clock) signed with HMAC-SHA256 under the gateway's secret. Unforgeable and bound to its
// address without any state kept: a changed UPRN or time breaks the signature. The secret comes from
// ADDRESS_SELECTION_SECRET; the default is for development and tests only.

const version = 's1';
const lifetimeMs = 30 * 60_000;

export const selectionSecret = () => process.env.ADDRESS_SELECTION_SECRET ?? 'development-only-address-selection-secret';

const signature = (payload: string, secret: string) => createHmac('sha256', secret).update(`${version}.${payload}`).digest('base64url');

export const issueSelectionId = (uprn: string, issuedAt: Date, secret = selectionSecret()): string => {
  const payload = Buffer.from(JSON.stringify({ u: uprn, t: issuedAt.getTime() })).toString('base64url');
  return `${version}.${payload}.${signature(payload, secret)}`;
};

export type SelectionCheck = { ok: true; uprn: string } | { ok: false; reason: 'invalid' | 'expired' };

/** The UPRN an id was issued for, if it is ours, unaltered and in date at `now`. */
export const checkSelectionId = (id: string, now: Date, secret = selectionSecret()): SelectionCheck => {
  const [v, payload, signed, ...rest] = id.split('.');
  if (v !== version || !payload || !signed || rest.length > 0) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signature(payload, secret));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let claims: { u?: unknown; t?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof claims.u !== 'string' || typeof claims.t !== 'number') return { ok: false, reason: 'invalid' };
  // Issued in the future (a clock moved back) counts as in date; past its life it is expired.
  if (now.getTime() - claims.t > lifetimeMs) return { ok: false, reason: 'expired' };
  return { ok: true, uprn: claims.u };
};

import { createHmac } from 'node:crypto';

// The `Stripe-Signature` header of a webhook delivery, as Stripe signs and the official package's
// `webhooks.constructEvent` verifies: `t=<unix seconds>,v1=<hex>`, the signature HMAC-SHA256 keyed by the endpoint's
// whole secret (`whsec_…`, as a string) over `<t>.<raw body>`. The time is real time, never business time: the
// package refuses a header older than its tolerance (300 s by default) by the receiver's real clock.

export const signatureHeader = (payload: string, secret: string, timestampSeconds: number): string => {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
};

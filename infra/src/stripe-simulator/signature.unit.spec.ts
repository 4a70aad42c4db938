import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { signatureHeader } from './signature';

// The header is checked by the official package's own verification (stripe.webhooks), the receiver's side.

const stripe = new Stripe('sk_test_unit', { telemetry: false });
const secret = 'whsec_test_secret_for_the_unit_test';
const payload = JSON.stringify({ id: 'evt_test_1', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_1' } } });

describe('the Stripe-Signature header', () => {
  it('is t=<seconds>,v1=<HMAC-SHA256 of "<t>.<body>" keyed by the secret>', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${payload}`).digest('hex');
    expect(signatureHeader(payload, secret, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it("is what the official package's constructEvent accepts", () => {
    const now = Math.floor(Date.now() / 1000);
    const event = stripe.webhooks.constructEvent(payload, signatureHeader(payload, secret, now), secret);
    expect(event.id).toBe('evt_test_1');
  });

  it("is the header the official package's generateTestHeaderString makes", () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: 1_700_000_000 });
    expect(signatureHeader(payload, secret, 1_700_000_000)).toBe(header);
  });

  it('is refused for another body, another secret, and beyond the default tolerance of 300 s', () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader(payload, secret, now);
    expect(() => stripe.webhooks.constructEvent(payload.replace('in_1', 'in_2'), header, secret)).toThrow(/signature/i);
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(/signature/i);
    expect(() => stripe.webhooks.constructEvent(payload, signatureHeader(payload, secret, now - 301), secret)).toThrow(/tolerance/i);
  });
});

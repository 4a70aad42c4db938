import { paymentSettingsFromEnv } from './settings';

const env = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_BASIC: 'price_b',
  STRIPE_PRICE_STANDARD: 'price_s',
  STRIPE_PRICE_PREMIUM: 'price_p',
};

describe('payment settings', () => {
  it('are absent without a secret key: payments are then not configured', () => {
    expect(paymentSettingsFromEnv({})).toBeUndefined();
  });

  it("default to Stripe's API and name each plan's Price", () => {
    const settings = paymentSettingsFromEnv(env);
    expect([settings?.apiUrl.href, settings?.priceIds, settings?.timeoutMs]).toEqual([
      'https://api.stripe.com/',
      { basic: 'price_b', standard: 'price_s', premium: 'price_p' },
      10_000,
    ]);
  });

  it('refuse what cannot work: a missing Price or secret, a live key outside production, a test key or another API in production', () => {
    expect(() => paymentSettingsFromEnv({ ...env, STRIPE_PRICE_PREMIUM: undefined })).toThrow('STRIPE_PRICE_PREMIUM is required');
    expect(() => paymentSettingsFromEnv({ ...env, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow('whsec_');
    expect(() => paymentSettingsFromEnv({ ...env, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow('outside production');
    expect(() => paymentSettingsFromEnv({ ...env, NODE_ENV: 'production' })).toThrow('live key');
    expect(() =>
      paymentSettingsFromEnv({ ...env, NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_API_URL: 'http://127.0.0.1:9' }),
    ).toThrow('live key');
    expect(paymentSettingsFromEnv({ ...env, NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' })?.secretKey).toBe('sk_live_x');
  });
});

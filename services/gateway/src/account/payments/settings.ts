import { selfServicePlans, type SelfServicePlan } from '@pds/contracts';

// The payment settings (docs/operations.md "Account settings"). Without a secret key payments are not configured:
// the dashboard's payment pages say so, and nothing else changes.

export interface PaymentSettings {
  /** Stripe's API root: `https://api.stripe.com`, or the Stripe test environment outside production. */
  apiUrl: URL;
  secretKey: string;
  webhookSecret: string;
  /** The Price of each self-service plan's monthly subscription. */
  priceIds: Record<SelfServicePlan, string>;
  timeoutMs: number;
}

const stripeApi = 'https://api.stripe.com';

const required = (env: NodeJS.ProcessEnv, name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`${name} is required when STRIPE_SECRET_KEY is set`);
  return value;
};

/** The settings from the environment; undefined when STRIPE_SECRET_KEY is not set. Throws on a setting that cannot work. */
export const paymentSettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): PaymentSettings | undefined => {
  const secretKey = env.STRIPE_SECRET_KEY;
  if (!secretKey) return undefined;
  const production = env.NODE_ENV === 'production';
  const apiUrl = new URL(env.STRIPE_API_URL ?? stripeApi);
  // Live keys go to Stripe only, and only live keys go there from production: a test key there would take no money.
  if (production && (!secretKey.startsWith('sk_live_') || apiUrl.origin !== stripeApi))
    throw new Error('in production STRIPE_SECRET_KEY must be a live key (sk_live_…) and STRIPE_API_URL Stripe’s own');
  if (!production && secretKey.startsWith('sk_live_')) throw new Error('a live Stripe key outside production (NODE_ENV=production)');
  const webhookSecret = required(env, 'STRIPE_WEBHOOK_SECRET');
  if (!webhookSecret.startsWith('whsec_')) throw new Error('STRIPE_WEBHOOK_SECRET is not a webhook signing secret (whsec_…)');
  const priceIds = Object.fromEntries(
    selfServicePlans.map((plan) => [plan, required(env, `STRIPE_PRICE_${plan.toUpperCase()}`)]),
  ) as Record<SelfServicePlan, string>;
  const timeoutMs = Number(env.STRIPE_TIMEOUT_MS ?? 10_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1_000) throw new Error('STRIPE_TIMEOUT_MS must be a whole number of milliseconds ≥ 1000');
  return { apiUrl, secretKey, webhookSecret, priceIds, timeoutMs };
};

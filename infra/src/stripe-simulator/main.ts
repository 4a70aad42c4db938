import { clockFromEnv } from '@pds/service-runtime';
import { portFromEnv, runSimulatorProcess, wholeNumberFromEnv } from '../simulator-kit/process';
import { pricesFromSetting, startStripeSimulator } from './simulator';

// The Stripe test environment as a process: STRIPE_SIM_PORT (0 or absent: any free port, logged),
// STRIPE_SIM_SECRET_KEY (the `sk_test_…` key it accepts; required), STRIPE_SIM_WEBHOOK_SECRET (`whsec_…`; required),
// STRIPE_SIM_WEBHOOK_URL (where events go; absent: kept until a test sets one), STRIPE_SIM_PRICES
// (`basic:price_test_basic:2900,…`), STRIPE_SIM_SWEEP_MS (default 1000; 0 off), STRIPE_SIM_RETRY_BASE_MS (default
// 1000), PDS_CLOCK_FILE (business time, shared with the services), LOG_LEVEL. Logs are JSON lines on stdout.

const required = (name: string, prefix: string) => {
  const value = process.env[name];
  if (!value?.startsWith(prefix)) throw new Error(`${name} must be set to a ${prefix}… value`);
  return value;
};

runSimulatorProcess('stripe-simulator', 'Stripe simulator', async (logger) => {
  const prices = pricesFromSetting(process.env.STRIPE_SIM_PRICES ?? '');
  const running = await startStripeSimulator(
    {
      secretKey: required('STRIPE_SIM_SECRET_KEY', 'sk_test_'),
      webhookSecret: required('STRIPE_SIM_WEBHOOK_SECRET', 'whsec_'),
      webhookUrl: process.env.STRIPE_SIM_WEBHOOK_URL || undefined,
      prices,
      clock: clockFromEnv(),
      sweepMs: wholeNumberFromEnv('STRIPE_SIM_SWEEP_MS', 1_000, 3_600_000),
      retryBaseMs: wholeNumberFromEnv('STRIPE_SIM_RETRY_BASE_MS', 1_000, 3_600_000),
      logger,
    },
    portFromEnv('STRIPE_SIM_PORT'),
    process.env.STRIPE_SIM_HOST ?? '127.0.0.1',
  );
  return { running, serving: { prices: prices.map((p) => p.id), webhookUrl: process.env.STRIPE_SIM_WEBHOOK_URL ?? null } };
});

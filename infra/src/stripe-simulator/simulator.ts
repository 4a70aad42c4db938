import { createLogger, type Clock, type Logger } from '@pds/service-runtime';
import type { Express } from 'express';
import { simulatorApp } from '../simulator-kit/app';
import { listen, type RunningSimulator } from '../simulator-kit/listen';
import { expireOverdueSessions } from './checkout';
import { stripeControlRoutes } from './control-routes';
import { WebhookDelivery } from './delivery';
import { stripeFaultBook } from './faults';
import { hostedPageRoutes } from './hosted-page';
import type { SimPrice } from './records';
import { runRenewals } from './renewal-runner';
import { stripeApiRoutes } from './api-routes';
import { StripeSimState } from './state';

// The Stripe test environment: the v1 API the payments adapter calls (api-routes.ts), Checkout's hosted page
// (hosted-page.ts), signed webhook deliveries (delivery.ts), and test controls at /_control (control-routes.ts). A
// sweep every `sweepMs` expires overdue sessions and takes the renewals due (business time). main.ts runs it as a
// process; tests may start it in theirs.

export interface StripeSimulatorOptions {
  /** The secret key (`sk_test_…`) the API accepts. */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** Where events are delivered; absent: kept, not sent, until a test sets one. */
  webhookUrl?: string;
  prices: readonly SimPrice[];
  clock: Clock;
  /** 0: no sweep (controls only). Default 1000. */
  sweepMs?: number;
  /** The first retry of a failed delivery (default 1000 ms; doubled each time). */
  retryBaseMs?: number;
  logger?: Logger;
}

export interface StripeSimulator {
  app: Express;
  state: StripeSimState;
  /** Stops the sweep and the deliveries. */
  stop(): void;
}

export const createStripeSimulator = (options: StripeSimulatorOptions): StripeSimulator => {
  const logger = options.logger ?? createLogger('stripe-simulator');
  const faults = stripeFaultBook();
  const delivery = new WebhookDelivery({
    secret: options.webhookSecret,
    url: options.webhookUrl ?? null,
    faults,
    logger,
    retryBaseMs: options.retryBaseMs,
  });
  const state = new StripeSimState(options.clock, logger, options.secretKey, faults, delivery, options.prices);
  const sweepMs = options.sweepMs ?? 1_000;
  const sweep =
    sweepMs > 0
      ? setInterval(() => {
          try {
            expireOverdueSessions(state);
            runRenewals(state);
          } catch (err) {
            logger.error({ err }, 'sweep failed');
          }
        }, sweepMs)
      : undefined;
  const app = simulatorApp({
    logger,
    health: () => ({ environment: 'Stripe test environment', prices: [...state.prices.keys()] }),
    routes: (express) => {
      express.use(stripeApiRoutes(state));
      express.use(hostedPageRoutes(state));
    },
    control: stripeControlRoutes(state),
    answers: {
      invalid: (res, status, { message }) => res.status(status).json({ error: { type: 'invalid_request_error', message } }),
      notFound: (res, message) =>
        res.status(404).json({ error: { type: 'invalid_request_error', message: `Unrecognized request URL: ${message}` } }),
      failed: (res) => res.status(500).json({ error: { type: 'api_error', message: 'the Stripe test environment failed; see its log' } }),
    },
  });
  return {
    app,
    state,
    stop: () => {
      clearInterval(sweep);
      delivery.close();
    },
  };
};

export interface RunningStripeSimulator extends RunningSimulator {
  state: StripeSimState;
}

/** Listens on `host` (port 0: any free port); closing stops its sweep and deliveries too. */
export const startStripeSimulator = async (
  options: StripeSimulatorOptions,
  port = 0,
  host = '127.0.0.1',
): Promise<RunningStripeSimulator> => {
  const simulator = createStripeSimulator(options);
  const running = await listen(simulator.app, { port, host });
  return {
    ...running,
    state: simulator.state,
    close: async () => {
      simulator.stop();
      await running.close();
    },
  };
};

/** Prices from `basic:price_test_basic:2900,standard:…` (plan, price id, pence a month). */
export const pricesFromSetting = (setting: string): SimPrice[] =>
  setting
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map((entry) => {
      const [nickname, id, pence] = entry.trim().split(':');
      if (!nickname || !id || !/^\d+$/.test(pence ?? '')) throw new Error(`STRIPE_SIM_PRICES: "${entry}" is not plan:price_id:pence`);
      return { id, productId: `prod_test_${nickname}`, nickname, unitAmountPence: Number(pence), currency: 'gbp', recurring: true };
    });

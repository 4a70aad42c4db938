import type { SelfServicePlan } from '@pds/contracts';
import type { Logger } from '@pds/service-runtime';
import type { FulfilDeps } from './fulfil';
import { paymentSettingsFromEnv, type PaymentSettings } from './settings';
import { stripePaymentsGateway, type PaymentsGateway } from './stripe-adapter';

/** What the dashboard's payment pages and Stripe's webhook use: the gateway to Stripe and what each Price is. */
export interface AccountPayments {
  gateway: PaymentsGateway;
  priceIds: Record<SelfServicePlan, string>;
  planOfPrice: (priceId: string) => SelfServicePlan | undefined;
  logger: Logger;
}

export const accountPayments = (settings: PaymentSettings, logger: Logger, gateway = stripePaymentsGateway(settings)): AccountPayments => {
  const plans = new Map(Object.entries(settings.priceIds).map(([plan, price]) => [price, plan as SelfServicePlan]));
  return { gateway, priceIds: settings.priceIds, planOfPrice: (priceId) => plans.get(priceId), logger };
};

/** Payments as the environment configures them; undefined (the pages then say payments are not configured) without a key. */
export const accountPaymentsFromEnv = (logger: Logger, env: NodeJS.ProcessEnv = process.env): AccountPayments | undefined => {
  const settings = paymentSettingsFromEnv(env);
  return settings && accountPayments(settings, logger);
};

/** Fulfilment's needs, from the dashboard's and the payments' own. */
export const fulfilDeps = (
  deps: Omit<FulfilDeps, 'payments' | 'planOfPrice' | 'priceIds' | 'logger'>,
  payments: AccountPayments,
): FulfilDeps => ({
  db: deps.db,
  ledger: deps.ledger,
  clock: deps.clock,
  payments: payments.gateway,
  planOfPrice: payments.planOfPrice,
  priceIds: payments.priceIds,
  logger: payments.logger,
});

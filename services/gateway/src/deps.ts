import type { Topics } from '@pds/contracts';
import type { Clock, KafkaBus, RequestContext, RequestReplyClient } from '@pds/service-runtime';
import type pg from 'pg';
import type { LedgerClient } from '@pds/ledger-client';
import type { AccountDeps } from './account/account-deps';
import type { Mailer } from './account/mail/mailer';
import type { CallCounts } from './account/usage/call-counts';
import type { ApiKeys } from './auth/api-keys';
import type { BalanceView } from './http/respond';
import type { WebhookSettings } from './webhooks/settings';
import type { Resolver } from './webhooks/target-guard';

/** Everything the routes use, passed in so that tests and the process entry point wire the same app. */
export interface GatewayDeps {
  db: pg.Pool;
  bus: KafkaBus;
  rpc: RequestReplyClient;
  ledger: LedgerClient;
  topics: Topics;
  apiKeys: ApiKeys;
  /** Business time: rate-limit windows and everything dated for the caller. */
  clock: Clock;
  /** How long the gateway waits for the work of a call before giving up and releasing the reservation. */
  workTimeoutMs: number;
  /** The caller's balance for an answer that charged nothing; undefined when the ledger cannot say in time. */
  balanceFor(ctx: RequestContext, accountId: string): Promise<BalanceView | undefined>;
  /** The webhooks' settings, and the resolver a target's host name is checked through. */
  webhooks: { settings: WebhookSettings; resolve: Resolver };
  /** Requests made with each account's keys, counted for its usage. */
  callCounts: CallCounts;
  /** Sends the account emails through SMTP_URL; absent where SMTP_URL is not set. */
  mailer?: Mailer;
  /** The account dashboard at /account; absent in servers built without it (some tests). */
  account?: AccountDeps;
}

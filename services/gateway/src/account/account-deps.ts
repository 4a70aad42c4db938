import type { LedgerClient } from '@pds/ledger-client';
import type { AggregateStore, Clock } from '@pds/service-runtime';
import type pg from 'pg';
import type { Customer, CustomerEvent } from './identity/customer';
import type { Passwords } from './identity/passwords';
import type { Mailer } from './mail/mailer';
import type { AccountPayments } from './payments/account-payments';
import type { AccountSettings } from './settings';

/** What the dashboard uses; the gateway's deps carry it where the dashboard is on. */
export interface AccountDeps {
  db: pg.Pool;
  ledger: LedgerClient;
  clock: Clock;
  customers: AggregateStore<Customer, CustomerEvent>;
  passwords: Passwords;
  /** Absent where SMTP_URL is not set: then no link can be sent, and the pages say so. */
  mailer?: Mailer;
  settings: AccountSettings;
  /** Absent where Stripe is not configured (STRIPE_SECRET_KEY): then the payment pages say so. */
  payments?: AccountPayments;
}

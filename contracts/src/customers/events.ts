import { z } from '../zod';

/**
 * The gateway's customer stream `customer-<customerId>`: who may sign in to the dashboard. Not relayed to Kafka (no
 * other service reads it). No event carries a password hash or a token: those are the gateway's tables, and a stream
 * keeps what it is given for good.
 */
const customerId = z.string();
const credentialId = z.string();

/** A person signed up with an email; `credentialId` names the password they chose (a row of `customer_credentials`). */
export const CustomerSignedUp = z.object({
  type: z.literal('CustomerSignedUp'),
  data: z.object({ customerId, email: z.string(), accountId: z.string(), credentialId }),
});
/** An unverified customer signed up again: the newest credential wins, and links made for the older one verify nothing. */
export const SignUpRepeated = z.object({ type: z.literal('SignUpRepeated'), data: z.object({ customerId, credentialId }) });
/** The link mailed for `credentialId` was followed: the email is the customer's. */
export const EmailVerified = z.object({ type: z.literal('EmailVerified'), data: z.object({ customerId, credentialId }) });
/** The ledger opened the customer's trial account (until then, each sign-in asks it again: opening is idempotent). */
export const TrialAccountOpened = z.object({
  type: z.literal('TrialAccountOpened'),
  data: z.object({ customerId, accountId: z.string() }),
});
export const PasswordChanged = z.object({
  type: z.literal('PasswordChanged'),
  data: z.object({ customerId, credentialId, how: z.enum(['change', 'reset']) }),
});

export const CustomerEvent = z.discriminatedUnion('type', [
  CustomerSignedUp,
  SignUpRepeated,
  EmailVerified,
  TrialAccountOpened,
  PasswordChanged,
]);
export type CustomerEvent = z.infer<typeof CustomerEvent>;

export const customerStreamCategory = 'customer';
export const customerStreamId = (customerId: string) => `${customerStreamCategory}-${customerId}`;

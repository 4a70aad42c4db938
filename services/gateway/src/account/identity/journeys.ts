import { customerEvents } from '@pds/contracts';
import { randomUUID } from 'node:crypto';
import type { AccountDeps } from '../account-deps';
import { takeMailPlace } from '../mail/mail-limits';
import { passwordChanged, resetPassword, signUpAgain, verifyEmail } from '../mail/messages';
import { customerIdFor, type KnownCustomer } from './customer';
import { decide, type CustomerCommand } from './decide';
import { issueToken, tokenLifetimeMs, useToken } from './one-time-tokens';
import { dummyHash, needsRehash } from './passwords';
import { endSessionsOf, startSession } from './sessions';
import { addressLimitKey, clearFailures, emailLimitKey, recordFailure, refusedUntil } from './sign-in-limits';

// What each dashboard form does, page-free: the pages turn these outcomes into words. Mail goes only to the
// customer's own address; whether it went is reported, never retried here.

const handle = (deps: AccountDeps, customerId: string, command: CustomerCommand, actor: string) =>
  deps.customers.handle(customerEvents.customerStreamId(customerId), (state) => decide(command, state), {
    actor,
    at: deps.clock.now().toISOString(),
  });

const storeCredential = async (deps: AccountDeps, customerId: string, password: string): Promise<string> => {
  const credentialId = `cred_${randomUUID()}`;
  const hash = await deps.passwords.hash(password);
  await deps.db.query('INSERT INTO customer_credentials (credential_id, customer_id, password_hash, created_at) VALUES ($1, $2, $3, $4)', [
    credentialId,
    customerId,
    hash,
    deps.clock.now(),
  ]);
  return credentialId;
};

const hours = (ms: number) => ms / 3_600_000;

const mail = async (deps: AccountDeps, to: string, message: Parameters<NonNullable<AccountDeps['mailer']>['send']>[1]) =>
  deps.mailer ? (await deps.mailer.send(to, message)).sent : false;

/** Mail someone asked for, within the limits on asked-for mail (mail-limits.ts): whether it went, or was held back. */
const askedMail = async (deps: AccountDeps, address: string, to: string, message: Parameters<typeof mail>[2]) =>
  (await takeMailPlace(deps.db, to, address, deps.clock.now()))
    ? { mailed: await mail(deps, to, message) }
    : { mailed: false, limited: true };

/**
 * Signs up (or again, while unverified): stores the password, records it, and mails the verification link, unless
 * too many were asked for the address, or from `address`, this hour.
 */
export const signUp = async (
  deps: AccountDeps,
  email: string,
  password: string,
  address: string,
): Promise<{ mailed: boolean; limited?: boolean }> => {
  const customerId = customerIdFor(email);
  const credentialId = await storeCredential(deps, customerId, password);
  const { events } = await handle(deps, customerId, { type: 'SignUp', email, credentialId }, 'customer');
  const ctx = { publicUrl: deps.settings.publicUrl, email };
  if (events.length === 0) {
    await deps.db.query('DELETE FROM customer_credentials WHERE credential_id = $1', [credentialId]);
    // Only the address's owner learns that it already has an account.
    return askedMail(deps, address, email, signUpAgain(ctx));
  }
  const token = await issueToken(deps.db, 'verify', { customerId, credentialId }, deps.clock.now());
  return askedMail(deps, address, email, verifyEmail({ ...ctx, token, validForHours: hours(tokenLifetimeMs.verify) }));
};

/** Opens the customer's trial account in the ledger (repeat-safe), then records that it is open. */
const openTrial = async (deps: AccountDeps, customer: KnownCustomer): Promise<boolean> => {
  if (customer.trialOpened) return true;
  const ctx = { correlationId: randomUUID(), actor: `customer:${customer.customerId}` };
  const outcome = await deps.ledger
    .openAccount(ctx, {
      accountId: customer.accountId,
      plan: 'basic',
      creditCycle: 'trial',
      origin: 'self_service',
      customerId: customer.customerId,
    })
    .catch(() => undefined);
  if (!outcome?.ok) return false;
  await handle(deps, customer.customerId, { type: 'RecordTrialOpened' }, ctx.actor);
  return true;
};

export type VerifyOutcome = 'verified' | 'invalid' | 'ledger_unavailable';

/** Follows a verification link: the email is verified and the trial opened (or, if the ledger is slow, at sign-in). */
export const verify = async (deps: AccountDeps, token: unknown): Promise<VerifyOutcome> => {
  const owner = await useToken(deps.db, 'verify', token, deps.clock.now());
  if (!owner) return 'invalid';
  const { state } = await handle(deps, owner.customerId, { type: 'VerifyEmail', credentialId: owner.credentialId }, 'customer').catch(
    () => ({
      state: undefined,
    }),
  );
  if (state?.status !== 'signed_up') return 'invalid';
  return (await openTrial(deps, state)) ? 'verified' : 'ledger_unavailable';
};

export type SignInOutcome =
  | { ok: true; sessionId: string }
  | { ok: false; why: 'wrong' | 'unverified' | 'ledger_unavailable' }
  | { ok: false; why: 'limited'; retryAt: Date };

const currentHash = async (deps: AccountDeps, credentialId: string) =>
  (
    await deps.db.query<{ password_hash: string }>('SELECT password_hash FROM customer_credentials WHERE credential_id = $1', [
      credentialId,
    ])
  ).rows[0]?.password_hash;

/**
 * Signs in. An unknown email and a wrong password take the same path (a dummy hash is verified) and get the same
 * answer; whether the email is verified is said only once the password is right.
 */
export const signIn = async (deps: AccountDeps, email: string, password: string, address: string): Promise<SignInOutcome> => {
  const keys = { email: emailLimitKey(email), address: addressLimitKey(address) };
  const retryAt = await refusedUntil(deps.db, keys, deps.clock.now());
  if (retryAt) return { ok: false, why: 'limited', retryAt };
  const { state } = await deps.customers.load(customerEvents.customerStreamId(customerIdFor(email)));
  const stored = state.status === 'signed_up' ? await currentHash(deps, state.credentialId) : undefined;
  const right = await deps.passwords.verify(stored ?? (await dummyHash(deps.passwords)), password);
  if (!right || !stored || state.status !== 'signed_up') {
    await recordFailure(deps.db, keys, deps.clock.now());
    return { ok: false, why: 'wrong' };
  }
  if (!state.verified) return { ok: false, why: 'unverified' };
  if (!(await openTrial(deps, state))) return { ok: false, why: 'ledger_unavailable' };
  await clearFailures(deps.db, keys.email);
  if (needsRehash(stored)) await replacePassword(deps, state, password, 'change');
  return { ok: true, sessionId: await startSession(deps.db, state, deps.clock.now()) };
};

const replacePassword = async (deps: AccountDeps, customer: KnownCustomer, password: string, how: 'change' | 'reset') => {
  const credentialId = await storeCredential(deps, customer.customerId, password);
  await handle(deps, customer.customerId, { type: 'ChangePassword', credentialId, how }, `customer:${customer.customerId}`);
};

/**
 * Mails a reset link if the address has an account and the asked-for mail's limits allow; the page says the same
 * whatever happened. The limits are counted whether or not the address has an account, so they tell nothing either.
 */
export const forgotPassword = async (deps: AccountDeps, email: string, address: string): Promise<void> => {
  if (!(await takeMailPlace(deps.db, email, address, deps.clock.now()))) return;
  const { state } = await deps.customers.load(customerEvents.customerStreamId(customerIdFor(email)));
  if (state.status !== 'signed_up') return;
  const token = await issueToken(deps.db, 'reset', state, deps.clock.now());
  await mail(deps, email, resetPassword({ publicUrl: deps.settings.publicUrl, email, token, validForHours: hours(tokenLifetimeMs.reset) }));
};

/** Resets a password from a link made for the current one; every session of the customer ends. */
export const resetWithToken = async (deps: AccountDeps, token: unknown, password: string): Promise<boolean> => {
  const owner = await useToken(deps.db, 'reset', token, deps.clock.now());
  if (!owner) return false;
  const { state } = await deps.customers.load(customerEvents.customerStreamId(owner.customerId));
  if (state.status !== 'signed_up' || state.credentialId !== owner.credentialId) return false;
  await replacePassword(deps, state, password, 'reset');
  await endSessionsOf(deps.db, state.customerId);
  await mail(deps, state.email, passwordChanged({ publicUrl: deps.settings.publicUrl, email: state.email }));
  return true;
};

/** Changes the password of a signed-in customer who gave the current one; every session ends and a new one starts. */
export const changePassword = async (
  deps: AccountDeps,
  customerId: string,
  current: string,
  next: string,
): Promise<{ ok: true; sessionId: string } | { ok: false }> => {
  const { state } = await deps.customers.load(customerEvents.customerStreamId(customerId));
  if (state.status !== 'signed_up') return { ok: false };
  const stored = await currentHash(deps, state.credentialId);
  if (!stored || !(await deps.passwords.verify(stored, current))) return { ok: false };
  await replacePassword(deps, state, next, 'change');
  await endSessionsOf(deps.db, customerId);
  await mail(deps, state.email, passwordChanged({ publicUrl: deps.settings.publicUrl, email: state.email }));
  return { ok: true, sessionId: await startSession(deps.db, state, deps.clock.now()) };
};

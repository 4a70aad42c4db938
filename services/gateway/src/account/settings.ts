import { envMs, type Logger } from '@pds/service-runtime';
import { randomBytes } from 'node:crypto';
import type { SessionSettings } from './identity/sessions';

export interface AccountSettings {
  /** The dashboard's public base (PUBLIC_URL): links in mail, and the only origin a form may be posted from. */
  publicUrl: string;
  publicOrigin: string;
  /** Whether the dashboard is served over TLS (cookies then `Secure` and `__Host-`, and HSTS sent). */
  secure: boolean;
  /** Keys the pre-session form tokens are made under (ACCOUNT_SECRET_KEYS): the first makes them, any checks them. */
  secretKeys: Buffer[];
  session: SessionSettings;
  /** Where the dashboard's forms may post (the payment pages' origins beside its own). */
  formActionOrigins: string[];
}

/**
 * The dashboard's settings. Outside production PUBLIC_URL defaults to the gateway's own address and the secret keys to
 * a new one per process (fine for one gateway; several behind one address need the same keys).
 */
export const accountSettingsFromEnv = (logger: Logger, env: NodeJS.ProcessEnv = process.env): AccountSettings => {
  const production = env.NODE_ENV === 'production';
  const given = env.PUBLIC_URL;
  if (production && !given?.startsWith('https://')) throw new Error('PUBLIC_URL (https) is required in production');
  const publicUrl = (given ?? `http://${env.HOST ?? '127.0.0.1'}:${env.PORT ?? '8080'}`).replace(/\/+$/, '');
  const keys = (env.ACCOUNT_SECRET_KEYS ?? '').split(',').filter((k) => k.length > 0);
  if (keys.some((k) => Buffer.from(k, 'base64url').length < 32))
    throw new Error('each of ACCOUNT_SECRET_KEYS must be at least 32 bytes, base64url');
  if (keys.length === 0) {
    if (production) throw new Error('ACCOUNT_SECRET_KEYS is required in production');
    logger.warn('ACCOUNT_SECRET_KEYS is not set: using a key of this process only');
  }
  const checkoutOrigins = (env.STRIPE_CHECKOUT_ORIGINS ?? 'https://checkout.stripe.com').split(/[ ,]+/).filter(Boolean);
  return {
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    secure: publicUrl.startsWith('https://'),
    secretKeys: keys.length > 0 ? keys.map((k) => Buffer.from(k, 'base64url')) : [randomBytes(32)],
    session: { idleMs: envMs('ACCOUNT_SESSION_IDLE_MS', 3_600_000, env), maxMs: envMs('ACCOUNT_SESSION_MAX_MS', 12 * 3_600_000, env) },
    formActionOrigins: ["'self'", ...checkoutOrigins],
  };
};

import { webhooks } from '@pds/contracts';
import { envMs, type Logger } from '@pds/service-runtime';
import { readFileSync } from 'node:fs';
import { newSecretKeyEntry, parseSecretKeys, type SecretKeys } from './secret-box';

// The WEBHOOK_* settings (docs/operations.md), read once at start.

export interface WebhookSettings {
  keys: SecretKeys;
  policy: webhooks.TargetPolicy;
  /** How long one attempt may take, connecting to the last byte of the answer's head. */
  timeoutMs: number;
  /** The first retry's delay; each later one doubles, up to an hour. */
  retryBaseMs: number;
  /** How often the sender looks for deliveries due. */
  sweepMs: number;
  /** A CA to trust besides the system's, for a receiver with a certificate of its own making (tests). */
  extraCa?: Buffer;
}

export const webhookSettingsFromEnv = (logger: Logger, env: NodeJS.ProcessEnv = process.env): WebhookSettings => {
  const configured = env.WEBHOOK_SECRET_KEYS;
  if (!configured && env.NODE_ENV === 'production')
    throw new Error('WEBHOOK_SECRET_KEYS is required in production: webhook secrets are sealed under it');
  if (!configured) logger.warn('WEBHOOK_SECRET_KEYS is not set: webhook secrets sealed now will not open after this process ends');
  return {
    keys: parseSecretKeys(configured || newSecretKeyEntry('ephemeral')),
    policy: { allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === 'true' },
    timeoutMs: envMs('WEBHOOK_TIMEOUT_MS', 10_000, env),
    retryBaseMs: envMs('WEBHOOK_RETRY_BASE_MS', 30_000, env),
    sweepMs: envMs('WEBHOOK_SWEEP_MS', 500, env),
    ...(env.WEBHOOK_CA_FILE ? { extraCa: readFileSync(env.WEBHOOK_CA_FILE) } : {}),
  };
};

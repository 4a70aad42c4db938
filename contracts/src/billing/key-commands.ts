import { defineCommand } from '../messaging/envelope';
import { z } from '../zod';
import { AccountId as accountId, LedgerBalance } from './commands';

/** At most this many keys of an account authenticate at once (a rotated key counts until its grace ends). */
export const apiKeysPerAccountMax = 10;
/** How long a rotated key keeps working unless the rotation names another grace: long enough to redeploy a service. */
export const keyRotationGraceMs = 24 * 3_600_000;
export const keyRotationGraceMaxMs = 7 * 24 * 3_600_000;

/** The key an account was opened with; keys issued later are named `key_` and 16 base32 letters. */
export const openingKeyId = 'key_opening';
export const ApiKeyId = z.string().regex(/^key_(?:[a-z2-7]{16}|opening)$/);

/**
 * Whether a key authenticates at `now`: `rotating` keys still do, until their grace ends; `expired` (a rotated key past
 * its grace) and `revoked` keys do not.
 */
export type ApiKeyStatus = 'active' | 'rotating' | 'expired' | 'revoked';
export const apiKeyStatusAt = (key: { revoked: boolean; expiresAt?: Date | string | null }, now: Date | string): ApiKeyStatus => {
  if (key.revoked) return 'revoked';
  if (key.expiresAt === undefined || key.expiresAt === null) return 'active';
  return new Date(key.expiresAt).getTime() > new Date(now).getTime() ? 'rotating' : 'expired';
};

/** SHA-256 of the key, hex: the key itself never leaves the process that made it. */
const keyHash = z.string().regex(/^[0-9a-f]{64}$/);
/** The key's first characters, shown to tell keys apart. */
const keyPrefix = z.string().min(4).max(24);
export const ApiKeyName = z.string().trim().min(1).max(60);

export const IssueApiKey = defineCommand(
  'IssueApiKey',
  z.object({ accountId, keyId: ApiKeyId, keyHash, keyPrefix, name: ApiKeyName }),
  LedgerBalance,
);

/** A new key in place of an old one, which keeps working for `graceMs` (0: stops at once) so callers can switch over. */
export const RotateApiKey = defineCommand(
  'RotateApiKey',
  z.object({
    accountId,
    keyId: ApiKeyId,
    newKeyId: ApiKeyId,
    newKeyHash: keyHash,
    newKeyPrefix: keyPrefix,
    graceMs: z.number().int().min(0).max(keyRotationGraceMaxMs).default(keyRotationGraceMs),
  }),
  LedgerBalance,
);

/** Stops a key at once, in its grace or not. */
export const RevokeApiKey = defineCommand(
  'RevokeApiKey',
  z.object({ accountId, keyId: ApiKeyId, reason: z.string().min(1).max(200) }),
  LedgerBalance,
);

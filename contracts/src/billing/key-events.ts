import { z } from '../zod';

/**
 * Key events on the account's stream. The key an account was opened with (`AccountOpened.apiKeyHash`) is the key
 * `key_opening`; these record every key after it. A key authenticates from its issue until it is revoked or, once
 * rotated, until `expiresAt`: the end of a grace needs no event, since time alone ends it.
 */
export const ApiKeyIssued = z.object({
  type: z.literal('ApiKeyIssued'),
  data: z.object({
    accountId: z.string(),
    keyId: z.string(),
    keyHash: z.string(),
    keyPrefix: z.string(),
    name: z.string(),
    issuedAt: z.string(),
  }),
});
export const ApiKeyRotated = z.object({
  type: z.literal('ApiKeyRotated'),
  data: z.object({ accountId: z.string(), keyId: z.string(), replacedByKeyId: z.string(), expiresAt: z.string() }),
});
export const ApiKeyRevoked = z.object({
  type: z.literal('ApiKeyRevoked'),
  data: z.object({ accountId: z.string(), keyId: z.string(), reason: z.string(), revokedAt: z.string() }),
});

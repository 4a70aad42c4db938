import { billing } from '@pds/contracts';
import type { Account, AccountEvent, OpenAccount } from './account';
import type { CommandOf } from './decide';
import { codes, LedgerError, requireOpen } from './ledger-error';

const liveKeys = (account: OpenAccount, now: string) =>
  [...account.keys.values()].filter((k) => ['active', 'rotating'].includes(billing.apiKeyStatusAt(k, now))).length;

const knownKey = (account: OpenAccount, keyId: string) => {
  const key = account.keys.get(keyId);
  if (!key) throw new LedgerError(codes.keyNotFound, `account ${account.accountId} has no key ${keyId}`);
  return key;
};

/** A hash already held by another key of the account: the gateway made a key twice, or a command was altered. */
const refuseReusedHash = (account: OpenAccount, keyId: string, hash: string) => {
  for (const [id, key] of account.keys)
    if (id !== keyId && key.hash === hash) throw new LedgerError(codes.keyMismatch, `key ${id} already has this hash`);
};

/** A new key. The same key again (a retry) changes nothing; another key under the same id is refused. */
export const issueKey = (c: CommandOf<'IssueApiKey'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const { accountId, keyId, keyHash, keyPrefix, name } = c.data;
  const existing = account.keys.get(keyId);
  if (existing) {
    if (existing.hash === keyHash) return [];
    throw new LedgerError(codes.keyMismatch, `key ${keyId} already exists with another hash`);
  }
  refuseReusedHash(account, keyId, keyHash);
  if (liveKeys(account, c.now) >= billing.apiKeysPerAccountMax)
    throw new LedgerError(codes.keyLimitReached, `an account may hold ${billing.apiKeysPerAccountMax} keys; revoke one first`);
  return [{ type: 'ApiKeyIssued', data: { accountId, keyId, keyHash, keyPrefix, name, issuedAt: c.now } }];
};

/**
 * A new key under the old one's name, and the old one ending after the grace. Not counted against the limit: the old
 * key is on its way out. The same rotation again (a retry) changes nothing.
 */
export const rotateKey = (c: CommandOf<'RotateApiKey'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const { accountId, keyId, newKeyId, newKeyHash, newKeyPrefix, graceMs } = c.data;
  const old = knownKey(account, keyId);
  if (old.replacedBy === newKeyId && account.keys.get(newKeyId)?.hash === newKeyHash) return [];
  const status = billing.apiKeyStatusAt(old, c.now);
  if (status !== 'active') throw new LedgerError(codes.keyNotActive, `key ${keyId} is ${status}: only an active key can be rotated`);
  if (account.keys.has(newKeyId)) throw new LedgerError(codes.keyMismatch, `key ${newKeyId} already exists`);
  refuseReusedHash(account, newKeyId, newKeyHash);
  const expiresAt = new Date(Date.parse(c.now) + graceMs).toISOString();
  return [
    {
      type: 'ApiKeyIssued',
      data: { accountId, keyId: newKeyId, keyHash: newKeyHash, keyPrefix: newKeyPrefix, name: old.name, issuedAt: c.now },
    },
    { type: 'ApiKeyRotated', data: { accountId, keyId, replacedByKeyId: newKeyId, expiresAt } },
  ];
};

/** Stops a key, in its grace or past it; a key already revoked stays as it is. */
export const revokeKey = (c: CommandOf<'RevokeApiKey'>, state: Account): AccountEvent[] => {
  const account = requireOpen(state, c.data.accountId);
  const key = knownKey(account, c.data.keyId);
  if (key.revoked) return [];
  return [{ type: 'ApiKeyRevoked', data: { ...c.data, revokedAt: c.now } }];
};

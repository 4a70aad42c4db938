import type { AccountEvent, ApiKey } from './account';
import { cannot } from './evolve-reservations';

type KeyEvent = Extract<AccountEvent, { type: 'ApiKeyIssued' | 'ApiKeyRotated' | 'ApiKeyRevoked' }>;

/** What a key event did to the account's keys; an event about a key never issued means the stream is not the ledger's. */
export const evolveKey = (keys: ReadonlyMap<string, ApiKey>, event: KeyEvent): ReadonlyMap<string, ApiKey> => {
  const { keyId } = event.data;
  const key = keys.get(keyId);
  if (event.type === 'ApiKeyIssued') {
    if (key) throw cannot(event, `key ${keyId} is already issued`);
    const { keyHash: hash, keyPrefix: prefix, name, issuedAt } = event.data;
    return new Map(keys).set(keyId, { hash, prefix, name, issuedAt, revoked: false });
  }
  if (!key) throw cannot(event, `key ${keyId} was never issued`);
  const changed: ApiKey =
    event.type === 'ApiKeyRotated'
      ? { ...key, expiresAt: event.data.expiresAt, replacedBy: event.data.replacedByKeyId }
      : { ...key, revoked: true };
  return new Map(keys).set(keyId, changed);
};

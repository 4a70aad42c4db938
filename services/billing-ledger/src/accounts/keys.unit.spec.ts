import { deciderTests, EventCannotApply } from '@pds/service-runtime';
import type { AccountEvent } from './account';
import { accountDecider, LedgerError, type AccountCommand } from './decide';

const given = deciderTests.given(accountDecider);
const accountId = 'acc_keys00001';
const openedAt = '2026-03-01T09:00:00.000Z';
const now = '2026-03-02T10:00:00.000Z';
const hash = (c: string) => c.repeat(64);
/** An account opened a day before `now` on a trial (no refresh falls due in these tests). */
const opened: AccountEvent[] = [
  {
    type: 'AccountOpened',
    data: { accountId, plan: 'basic', apiKeyHash: hash('a'), apiKeyPrefix: 'pds_live_aaaa', openedAt, creditCycle: 'trial' },
  },
];
const keyId = (n: number) => `key_${String.fromCharCode(97 + n).repeat(16)}`;
const issue = (n: number, keyHash = hash((n % 10).toString()), at = now): AccountCommand => ({
  type: 'IssueApiKey',
  data: { accountId, keyId: keyId(n), keyHash, keyPrefix: `pds_live_${n}`, name: `key ${n}` },
  now: at,
});
const issued = (n: number, keyHash = hash((n % 10).toString()), at = now): AccountEvent => ({
  type: 'ApiKeyIssued',
  data: { accountId, keyId: keyId(n), keyHash, keyPrefix: `pds_live_${n}`, name: `key ${n}`, issuedAt: at },
});
const rotate = (old: string, n: number, graceMs: number, at = now): AccountCommand => ({
  type: 'RotateApiKey',
  data: { accountId, keyId: old, newKeyId: keyId(n), newKeyHash: hash('f'), newKeyPrefix: 'pds_live_ffff', graceMs },
  now: at,
});
const revoke = (id: string, at = now): AccountCommand => ({
  type: 'RevokeApiKey',
  data: { accountId, keyId: id, reason: 'leaked' },
  now: at,
});

describe('account decider: API keys', () => {
  it('issues a key, and the same key again changes nothing', () => {
    given(opened)
      .when(issue(1))
      .then([issued(1)]);
    given([...opened, issued(1)])
      .when(issue(1))
      .then([]);
  });

  it('refuses another hash under a key id, or a hash another key has', () => {
    given([...opened, issued(1)])
      .when(issue(1, hash('9')))
      .thenThrows(LedgerError, { code: 'KEY_MISMATCH' });
    // The opening key's hash is 'a' × 64.
    given(opened)
      .when(issue(2, hash('a')))
      .thenThrows(LedgerError, { code: 'KEY_MISMATCH' });
  });

  it('holds ten live keys at most (the opening key counts); a revoked key frees a place', () => {
    const nine = Array.from({ length: 9 }, (_, i) => issued(i + 1));
    given([...opened, ...nine])
      .when(issue(10))
      .thenThrows(LedgerError, { code: 'KEY_LIMIT_REACHED' });
    given([...opened, ...nine, { type: 'ApiKeyRevoked', data: { accountId, keyId: keyId(3), reason: 'x', revokedAt: now } }])
      .when(issue(10))
      .then([issued(10)]);
  });

  it('rotates an active key: a new key under its name, the old one ending after the grace', () => {
    given(opened)
      .when(rotate('key_opening', 5, 3_600_000))
      .then([
        {
          type: 'ApiKeyIssued',
          data: {
            accountId,
            keyId: keyId(5),
            keyHash: hash('f'),
            keyPrefix: 'pds_live_ffff',
            name: 'Key made when the account was opened',
            issuedAt: now,
          },
        },
        {
          type: 'ApiKeyRotated',
          data: { accountId, keyId: 'key_opening', replacedByKeyId: keyId(5), expiresAt: '2026-03-02T11:00:00.000Z' },
        },
      ]);
  });

  it('a rotation repeated changes nothing; a key rotated already, expired or revoked cannot be rotated', () => {
    const rotated = given(opened)
      .when(rotate('key_opening', 5, 3_600_000))
      .result().events;
    given([...opened, ...rotated])
      .when(rotate('key_opening', 5, 3_600_000))
      .then([]);
    given([...opened, ...rotated])
      .when(rotate('key_opening', 6, 3_600_000))
      .thenThrows(LedgerError, { code: 'KEY_NOT_ACTIVE' });
    // Two hours on, the old key is past its grace.
    given([...opened, ...rotated])
      .when(rotate('key_opening', 6, 0, '2026-03-02T12:00:00.000Z'))
      .thenThrows(LedgerError, { code: 'KEY_NOT_ACTIVE' });
    given([...opened, ...rotated])
      .when(rotate(keyId(9), 6, 0))
      .thenThrows(LedgerError, { code: 'KEY_NOT_FOUND' });
  });

  it('a grace of nothing ends the old key at once', () => {
    given(opened)
      .when(rotate('key_opening', 5, 0))
      .result()
      .events.forEach((e) => e.type === 'ApiKeyRotated' && expect(e.data.expiresAt).toBe(now));
  });

  it('revokes a key, active or in its grace, once', () => {
    given(opened)
      .when(revoke('key_opening'))
      .then([{ type: 'ApiKeyRevoked', data: { accountId, keyId: 'key_opening', reason: 'leaked', revokedAt: now } }]);
    const rotated = given(opened)
      .when(rotate('key_opening', 5, 3_600_000))
      .result().events;
    given([...opened, ...rotated])
      .when(revoke('key_opening'), revoke('key_opening'))
      .then([{ type: 'ApiKeyRevoked', data: { accountId, keyId: 'key_opening', reason: 'leaked', revokedAt: now } }]);
    given(opened)
      .when(revoke(keyId(4)))
      .thenThrows(LedgerError, { code: 'KEY_NOT_FOUND' });
  });

  it('an event about a key never issued does not apply', () => {
    given([...opened, { type: 'ApiKeyRevoked', data: { accountId, keyId: keyId(2), reason: 'x', revokedAt: now } }]).thenThrows(
      EventCannotApply,
    );
    given([...opened, issued(1), issued(1)]).thenThrows(EventCannotApply);
  });
});

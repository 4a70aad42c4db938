import { billing, readModels } from '@pds/contracts';
import type { LedgerClient } from '@pds/ledger-client';
import type { Clock, RequestContext } from '@pds/service-runtime';
import type pg from 'pg';
import { newApiKey, newKeyId } from '../../auth/api-keys';
import { keysLastUsed } from '../usage/call-counts';

// An account's keys, as the operator API and the dashboard both change them: each change is the ledger's command,
// answered once the read model the gateway authenticates against shows it, so a new key works and a revoked one is
// refused from the next call.

export interface KeyView {
  keyId: string;
  name: string;
  prefix: string;
  createdAt: string;
  status: billing.ApiKeyStatus;
  expiresAt: string | null;
  revokedAt: string | null;
  replacedByKeyId: string | null;
  /** To the second it was written: keys' use is written every second. */
  lastUsedAt: string | null;
}

export type KeyOutcome<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

/** How long a change waits for the read model to show it. */
const readModelWaitMs = 10_000;

export const keyView = (row: readModels.AccountApiKeyRow, now: Date, lastUsedAt?: Date): KeyView => ({
  keyId: row.key_id,
  name: row.name,
  prefix: row.key_prefix,
  createdAt: row.created_at.toISOString(),
  status: billing.apiKeyStatusAt({ revoked: row.revoked_at !== null, expiresAt: row.expires_at }, now),
  expiresAt: row.expires_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
  replacedByKeyId: row.replaced_by_key_id,
  lastUsedAt: lastUsedAt?.toISOString() ?? null,
});

/** Polls `ready` until it holds or `waitMs` passes: a command's effect reaches the read models just after its answer. */
export const readModelShows = async (ready: () => Promise<boolean>, waitMs = readModelWaitMs): Promise<boolean> => {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    if (await ready()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
};

const notYetShown = (what: string) => ({ ok: false as const, error: { code: 'SERVICE_UNAVAILABLE', message: what } });

export const accountKeys = (deps: { db: pg.Pool; ledger: LedgerClient; clock: Clock }) => {
  const keyOf = (accountId: string, keyId: string) => readModels.apiKeyQueries.keyOf(deps.db, accountId, keyId);
  return {
    /** The account's keys, newest first, revoked ones too; none for an account that does not exist. */
    list: async (accountId: string): Promise<KeyView[]> => {
      const [rows, lastUsed] = await Promise.all([readModels.apiKeyQueries.keysOf(deps.db, accountId), keysLastUsed(deps.db, accountId)]);
      const now = deps.clock.now();
      return rows.map((r) => keyView(r, now, lastUsed.get(r.key_id)));
    },

    /** A new key; its `apiKey` is shown once, to whoever asked, and never stored. */
    issue: async (
      ctx: RequestContext,
      accountId: string,
      name: string,
    ): Promise<KeyOutcome<{ keyId: string; apiKey: string; name: string }>> => {
      const key = newApiKey();
      const keyId = newKeyId();
      const outcome = await deps.ledger.operate(ctx, billing.IssueApiKey, {
        accountId,
        keyId,
        keyHash: key.apiKeyHash,
        keyPrefix: key.apiKeyPrefix,
        name,
      });
      if (!outcome.ok) return outcome;
      if (!(await readModelShows(async () => (await keyOf(accountId, keyId)) !== undefined)))
        return notYetShown('key issued but not yet usable');
      return { ok: true, data: { keyId, apiKey: key.apiKey, name } };
    },

    /** A new key in place of `keyId`, which keeps working for `graceMs` (the ledger's default when not given). */
    rotate: async (
      ctx: RequestContext,
      accountId: string,
      keyId: string,
      graceMs?: number,
    ): Promise<KeyOutcome<{ keyId: string; apiKey: string; replacedKeyId: string; replacedKeyExpiresAt: string | null }>> => {
      const key = newApiKey();
      const replacement = newKeyId();
      const outcome = await deps.ledger.operate(ctx, billing.RotateApiKey, {
        accountId,
        keyId,
        newKeyId: replacement,
        newKeyHash: key.apiKeyHash,
        newKeyPrefix: key.apiKeyPrefix,
        ...(graceMs === undefined ? {} : { graceMs }),
      });
      if (!outcome.ok) return outcome;
      const shown = async () => (await keyOf(accountId, keyId))?.replaced_by_key_id === replacement;
      if (!(await readModelShows(shown))) return notYetShown('key rotated but the new key is not yet usable');
      const old = await keyOf(accountId, keyId);
      const data = {
        keyId: replacement,
        apiKey: key.apiKey,
        replacedKeyId: keyId,
        replacedKeyExpiresAt: old?.expires_at?.toISOString() ?? null,
      };
      return { ok: true, data };
    },

    /** Stops the key; answered once the gateway refuses it. Revoking a revoked key changes nothing. */
    revoke: async (ctx: RequestContext, accountId: string, keyId: string, reason: string): Promise<KeyOutcome<{ keyId: string }>> => {
      const outcome = await deps.ledger.operate(ctx, billing.RevokeApiKey, { accountId, keyId, reason });
      if (!outcome.ok) return outcome;
      if (!(await readModelShows(async () => (await keyOf(accountId, keyId))?.revoked_at instanceof Date)))
        return notYetShown('key revoked but the gateway may still accept it');
      return { ok: true, data: { keyId } };
    },
  };
};

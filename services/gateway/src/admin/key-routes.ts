import { billing, readModels, z } from '@pds/contracts';
import { Router, type Request, type Response } from 'express';
import { keysLastUsed } from '../account/usage/call-counts';
import { newApiKey, newKeyId } from '../auth/api-keys';
import type { GatewayDeps } from '../deps';
import { answer, invalid, readModelShows, unavailable } from './answers';

const Issue = z.object({ name: billing.ApiKeyName }).strict();
const Rotate = z.object({ graceMs: z.number().int().min(0).max(billing.keyRotationGraceMaxMs).optional() }).strict();
const Revoke = z.object({ reason: z.string().min(1).max(200).optional() }).strict();

/** A key as its owner sees it: never its hash. */
export const keyView = (row: readModels.AccountApiKeyRow, now: Date, lastUsedAt?: Date) => ({
  keyId: row.key_id,
  name: row.name,
  prefix: row.key_prefix,
  createdAt: row.created_at.toISOString(),
  status: billing.apiKeyStatusAt({ revoked: row.revoked_at !== null, expiresAt: row.expires_at }, now),
  expiresAt: row.expires_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
  replacedByKeyId: row.replaced_by_key_id,
  /** To the second it was written: keys' use is written every second. */
  lastUsedAt: lastUsedAt?.toISOString() ?? null,
});

type Ctx = { correlationId: string; actor: string };

/**
 * The operator's key commands: issue, list, rotate, revoke. Each answers once the read model the gateway
 * authenticates against shows it, so a new key works and a revoked one is refused from the next call.
 */
export const keyRoutes = (deps: GatewayDeps, ctx: () => Ctx) => {
  const keyOf = (accountId: string, keyId: string) => readModels.apiKeyQueries.keyOf(deps.db, accountId, keyId);
  const params = (req: Request) => req.params as { accountId: string; keyId: string };

  return Router()
    .get('/admin/v1/accounts/:accountId/keys', async (req: Request, res: Response) => {
      const { accountId } = params(req);
      const rows = await readModels.apiKeyQueries.keysOf(deps.db, accountId);
      // Every account has the key it was opened with, so none listed means no such account.
      if (rows.length === 0)
        return void res
          .status(404)
          .json({ success: false, error: { code: 'ACCOUNT_NOT_FOUND', message: `account ${accountId} does not exist` } });
      const now = deps.clock.now();
      const lastUsed = await keysLastUsed(deps.db, accountId);
      res.json({ accountId, keys: rows.map((r) => keyView(r, now, lastUsed.get(r.key_id))) });
    })
    .post('/admin/v1/accounts/:accountId/keys', async (req: Request, res: Response) => {
      const body = Issue.safeParse(req.body);
      if (!body.success) return invalid(res, body.error.message);
      const { accountId } = params(req);
      const key = newApiKey();
      const keyId = newKeyId();
      const outcome = await deps.ledger.operate(ctx(), billing.IssueApiKey, {
        accountId,
        keyId,
        keyHash: key.apiKeyHash,
        keyPrefix: key.apiKeyPrefix,
        name: body.data.name,
      });
      if (outcome.ok && !(await readModelShows(async () => (await keyOf(accountId, keyId)) !== undefined)))
        return unavailable(res, 'key issued but not yet usable');
      answer(res, outcome, { keyId, apiKey: key.apiKey, name: body.data.name });
    })
    .post('/admin/v1/accounts/:accountId/keys/:keyId/rotation', async (req: Request, res: Response) => {
      const body = Rotate.safeParse(req.body ?? {});
      if (!body.success) return invalid(res, body.error.message);
      const { accountId, keyId } = params(req);
      const key = newApiKey();
      const replacement = newKeyId();
      const outcome = await deps.ledger.operate(ctx(), billing.RotateApiKey, {
        accountId,
        keyId,
        newKeyId: replacement,
        newKeyHash: key.apiKeyHash,
        newKeyPrefix: key.apiKeyPrefix,
        ...(body.data.graceMs === undefined ? {} : { graceMs: body.data.graceMs }),
      });
      const shown = async () => (await keyOf(accountId, keyId))?.replaced_by_key_id === replacement;
      if (outcome.ok && !(await readModelShows(shown))) return unavailable(res, 'key rotated but the new key is not yet usable');
      const old = outcome.ok ? await keyOf(accountId, keyId) : undefined;
      answer(res, outcome, { keyId: replacement, apiKey: key.apiKey, replacedKeyId: keyId, replacedKeyExpiresAt: old?.expires_at ?? null });
    })
    .post('/admin/v1/accounts/:accountId/keys/:keyId/revocation', async (req: Request, res: Response) => {
      const body = Revoke.safeParse(req.body ?? {});
      if (!body.success) return invalid(res, body.error.message);
      const { accountId, keyId } = params(req);
      const reason = body.data.reason ?? 'revoked by an operator';
      const outcome = await deps.ledger.operate(ctx(), billing.RevokeApiKey, { accountId, keyId, reason });
      const shown = async () => (await keyOf(accountId, keyId))?.revoked_at instanceof Date;
      if (outcome.ok && !(await readModelShows(shown))) return unavailable(res, 'key revoked but the gateway may still accept it');
      answer(res, outcome, { keyId, revoked: true });
    });
};

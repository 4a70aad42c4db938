import { billing, z } from '@pds/contracts';
import { Router, type Request, type Response } from 'express';
import { accountKeys } from '../account/keys/keys';
import type { GatewayDeps } from '../deps';
import { answer, invalid } from './answers';

const Issue = z.object({ name: billing.ApiKeyName }).strict();
const Rotate = z.object({ graceMs: z.number().int().min(0).max(billing.keyRotationGraceMaxMs).optional() }).strict();
const Revoke = z.object({ reason: z.string().min(1).max(200).optional() }).strict();

type Ctx = { correlationId: string; actor: string };

/** The operator's key commands: list, issue, rotate, revoke (see `account/keys/keys.ts`). */
export const keyRoutes = (deps: GatewayDeps, ctx: () => Ctx) => {
  const keys = accountKeys(deps);
  const params = (req: Request) => req.params as { accountId: string; keyId: string };

  return Router()
    .get('/admin/v1/accounts/:accountId/keys', async (req: Request, res: Response) => {
      const { accountId } = params(req);
      const listed = await keys.list(accountId);
      // An account opened by its customer has no key until one is made, so an empty list needs the ledger to tell.
      if (listed.length === 0 && !(await deps.ledger.balance(ctx(), accountId)).ok)
        return void res
          .status(404)
          .json({ success: false, error: { code: 'ACCOUNT_NOT_FOUND', message: `account ${accountId} does not exist` } });
      res.json({ accountId, keys: listed });
    })
    .post('/admin/v1/accounts/:accountId/keys', async (req: Request, res: Response) => {
      const body = Issue.safeParse(req.body);
      if (!body.success) return invalid(res, body.error.message);
      const { accountId } = params(req);
      answer(res, await keys.issue(ctx(), accountId, body.data.name), { accountId });
    })
    .post('/admin/v1/accounts/:accountId/keys/:keyId/rotation', async (req: Request, res: Response) => {
      const body = Rotate.safeParse(req.body ?? {});
      if (!body.success) return invalid(res, body.error.message);
      const { accountId, keyId } = params(req);
      answer(res, await keys.rotate(ctx(), accountId, keyId, body.data.graceMs), { accountId });
    })
    .post('/admin/v1/accounts/:accountId/keys/:keyId/revocation', async (req: Request, res: Response) => {
      const body = Revoke.safeParse(req.body ?? {});
      if (!body.success) return invalid(res, body.error.message);
      const { accountId, keyId } = params(req);
      const revoked = await keys.revoke(ctx(), accountId, keyId, body.data.reason ?? 'revoked by an operator');
      answer(res, revoked, { accountId, ...(revoked.ok ? { revoked: true } : {}) });
    });
};

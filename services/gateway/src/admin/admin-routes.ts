import { billing, RateLimits, z } from '@pds/contracts';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { newApiKey } from '../auth/api-keys';
import type { GatewayDeps } from '../deps';
import type { LedgerOutcome } from '../billing/ledger-client';

const CreateAccount = z
  .object({ plan: billing.Plan, credits: z.number().int().min(0).max(1_000_000_000), rateLimits: RateLimits.optional() })
  .strict()
  .refine((a) => !a.rateLimits || a.plan === 'enterprise', { message: 'custom rate limits are for Enterprise accounts only' });
const Grant = z.object({ credits: z.number().int().positive().max(1_000_000_000), grantId: z.string().min(1).max(100).optional(), reason: z.string().min(1).max(200).optional() }).strict();

/** How long account creation waits for the key to become usable (the read model to catch up). */
const readModelWaitMs = 10_000;

const requireToken = (token: string) => (req: Request, res: Response, next: NextFunction) => {
  const given = Buffer.from((req.header('authorization') ?? '').replace(/^Bearer /, ''));
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    res.status(401).json({ success: false, error: { code: 'UNAUTHORIZED', message: 'Admin token required' } });
    return;
  }
  next();
};

const answer = (res: Response, outcome: LedgerOutcome, extra: Record<string, unknown> = {}) => {
  if (outcome.ok) res.status(200).json({ ...extra, ...outcome.data });
  else res.status(outcome.error.code === billing.ledgerErrorCodes.accountNotFound ? 404 : 409).json({ success: false, error: outcome.error });
};

/** Operator API on its own loopback port, behind a bearer token; the `admin` command line calls it. */
export const adminRoutes = (deps: GatewayDeps, token: string) => {
  const ctx = () => ({ correlationId: randomUUID(), actor: 'operator:admin-api' });
  const waitForReadModel = async (accountId: string) => {
    const until = Date.now() + readModelWaitMs;
    while (Date.now() < until) {
      const { rowCount } = await deps.db.query('SELECT 1 FROM account_balances WHERE account_id = $1', [accountId]);
      if (rowCount) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  };

  return Router()
    .use(express.json(), requireToken(token))
    .post('/admin/v1/accounts', async (req, res) => {
      const body = CreateAccount.safeParse(req.body);
      if (!body.success) return void res.status(400).json({ success: false, error: { code: 'INVALID_PARAMETERS', message: body.error.message } });
      const accountId = `acc_${randomBytes(12).toString('hex')}`;
      const key = newApiKey();
      const outcome = await deps.ledger.openAccount(ctx(), {
        accountId,
        plan: body.data.plan,
        apiKeyHash: key.apiKeyHash,
        apiKeyPrefix: key.apiKeyPrefix,
        openingCredits: body.data.credits,
        rateLimits: body.data.rateLimits,
      });
      if (outcome.ok && !(await waitForReadModel(accountId))) {
        return void res.status(503).json({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'account opened but not yet usable' } });
      }
      answer(res, outcome, { apiKey: key.apiKey });
    })
    .post('/admin/v1/accounts/:accountId/grants', async (req, res) => {
      const body = Grant.safeParse(req.body);
      if (!body.success) return void res.status(400).json({ success: false, error: { code: 'INVALID_PARAMETERS', message: body.error.message } });
      const { accountId } = req.params as { accountId: string };
      const grantId = body.data.grantId ?? `grant_${randomUUID()}`;
      answer(res, await deps.ledger.grant(ctx(), { accountId, grantId, amountCredits: body.data.credits, reason: body.data.reason ?? 'operator grant' }));
    })
    .get('/admin/v1/accounts/:accountId', async (req, res) => {
      answer(res, await deps.ledger.balance(ctx(), (req.params as { accountId: string }).accountId));
    });
};

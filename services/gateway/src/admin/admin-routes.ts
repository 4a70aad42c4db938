import { billing, CreditCycle, RateLimits, readModels, z } from '@pds/contracts';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { newApiKey } from '../auth/api-keys';
import type { GatewayDeps } from '../deps';
import type { LedgerOutcome } from '@pds/ledger-client';
import { readModelShows } from '../account/keys/keys';
import { answer, invalid, unavailable } from './answers';
import { keyRoutes } from './key-routes';
import { resolveTitleOrder } from './order-resolution';

const wholePence = z.number().int().positive().max(100_000_000);
const reason = z.string().min(1).max(200);
const CreateAccount = z
  .object({
    plan: billing.Plan,
    /** Credits until the first refresh; a monthly account defaults to its allowance. */
    credits: z.number().int().min(0).max(1_000_000_000).optional(),
    cycle: CreditCycle.default('monthly'),
    monthlyCredits: z.number().int().positive().max(1_000_000_000).optional(),
    rateLimits: RateLimits.optional(),
    purchaseBalancePence: wholePence.optional(),
    orderingEnabled: z.boolean().default(false),
  })
  .strict()
  .refine((a) => !a.rateLimits || a.plan === 'enterprise', { message: 'custom rate limits are for Enterprise accounts only' })
  .refine((a) => a.monthlyCredits === undefined || a.plan === 'enterprise', {
    message: 'a custom monthly allowance is for Enterprise accounts only',
  });
const Deposit = z.object({ pence: wholePence, depositId: z.string().min(1).max(100).optional(), reference: reason.optional() }).strict();
const Debt = z.object({ pence: wholePence, debtId: z.string().min(1).max(100).optional(), reason }).strict();
const Hold = z.object({ held: z.boolean(), reason }).strict();
const Ordering = z.object({ enabled: z.boolean(), reason: reason.optional() }).strict();
const Resolve = z.object({ outcome: z.enum(['capture', 'release']), reason }).strict();
const Grant = z
  .object({
    credits: z.number().int().positive().max(1_000_000_000),
    grantId: z.string().min(1).max(100).optional(),
    reason: z.string().min(1).max(200).optional(),
  })
  .strict();

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

/** Operator API on its own loopback port, behind a bearer token; the `admin` command line calls it. */
export const adminRoutes = (deps: GatewayDeps, token: string) => {
  const ctx = () => ({ correlationId: randomUUID(), actor: 'operator:admin-api' });
  const waitForReadModel = (accountId: string) =>
    readModelShows(() => readModels.apiCallerQueries.accountHasKey(deps.db, accountId), readModelWaitMs);

  /** A route whose body must match `schema`; the ledger's answer becomes the response. */
  const parsed =
    <T>(schema: z.ZodType<T>, run: (accountId: string, body: T, req: Request) => Promise<LedgerOutcome>) =>
    async (req: Request, res: Response) => {
      const body = schema.safeParse(req.body);
      if (!body.success) return invalid(res, body.error.message);
      answer(res, await run((req.params as { accountId: string }).accountId, body.data, req));
    };

  // The token is checked before the body is read: nobody without it gets as far as a parser's error.
  return (
    Router()
      .use(requireToken(token), express.json({ limit: '100kb' }))
      .post('/admin/v1/accounts', async (req, res) => {
        const body = CreateAccount.safeParse(req.body);
        if (!body.success) return invalid(res, body.error.message);
        const accountId = `acc_${randomBytes(12).toString('hex')}`;
        const key = newApiKey();
        const outcome = await deps.ledger.openAccount(ctx(), {
          accountId,
          plan: body.data.plan,
          apiKeyHash: key.apiKeyHash,
          apiKeyPrefix: key.apiKeyPrefix,
          openingCredits: body.data.credits,
          creditCycle: body.data.cycle,
          monthlyCredits: body.data.monthlyCredits,
          rateLimits: body.data.rateLimits,
          orderingEnabled: body.data.orderingEnabled,
        });
        if (outcome.ok && !(await waitForReadModel(accountId))) {
          return unavailable(res, 'account opened but not yet usable');
        }
        const pence = body.data.purchaseBalancePence;
        const funded =
          outcome.ok && pence
            ? await deps.ledger.operate(ctx(), billing.DepositPurchaseBalance, {
                accountId,
                depositId: 'opening',
                amountPence: pence,
                reference: 'opening Purchase Balance',
              })
            : outcome;
        answer(res, funded, { apiKey: key.apiKey });
      })
      .post(
        '/admin/v1/accounts/:accountId/deposits',
        parsed(Deposit, (accountId, b) =>
          deps.ledger.operate(ctx(), billing.DepositPurchaseBalance, {
            accountId,
            depositId: b.depositId ?? `dep_${randomUUID()}`,
            amountPence: b.pence,
            reference: b.reference ?? 'operator deposit',
          }),
        ),
      )
      .post(
        '/admin/v1/accounts/:accountId/debts',
        parsed(Debt, (accountId, b) =>
          deps.ledger.operate(ctx(), billing.RecordDebt, {
            accountId,
            debtId: b.debtId ?? `debt_${randomUUID()}`,
            amountPence: b.pence,
            reason: b.reason,
          }),
        ),
      )
      .post(
        '/admin/v1/accounts/:accountId/hold',
        parsed(Hold, (accountId, b) => deps.ledger.operate(ctx(), billing.SetAccountHold, { accountId, ...b })),
      )
      .post(
        '/admin/v1/accounts/:accountId/ordering',
        parsed(Ordering, (accountId, b) =>
          deps.ledger.operate(ctx(), billing.SetOrderingEntitlement, { accountId, enabled: b.enabled, reason: b.reason ?? 'operator' }),
        ),
      )
      // Settles a quarantined reservation once an operator knows whether the registry took the order.
      .post(
        '/admin/v1/accounts/:accountId/reservations/:reservationId',
        parsed(Resolve, (accountId, b, req) => {
          const reservationId = (req.params as { reservationId: string }).reservationId;
          return b.outcome === 'capture'
            ? deps.ledger.operate(ctx(), billing.CaptureCredits, { accountId, reservationId })
            : deps.ledger.operate(ctx(), billing.ReleaseCredits, { accountId, reservationId, reason: b.reason });
        }),
      )
      .post('/admin/v1/accounts/:accountId/grants', async (req, res) => {
        const body = Grant.safeParse(req.body);
        if (!body.success) return invalid(res, body.error.message);
        const { accountId } = req.params as { accountId: string };
        const grantId = body.data.grantId ?? `grant_${randomUUID()}`;
        answer(
          res,
          await deps.ledger.grant(ctx(), {
            accountId,
            grantId,
            amountCredits: body.data.credits,
            reason: body.data.reason ?? 'operator grant',
          }),
        );
      })
      .get('/admin/v1/accounts/:accountId', async (req, res) => {
        // The same object `GET /api/v1/account` answers the account's own keys.
        answer(res, await deps.ledger.describe(ctx(), (req.params as { accountId: string }).accountId));
      })
      .use(keyRoutes(deps, ctx))
      // Asks the registry what became of a quarantined order's submission and moves the order on (and its money).
      .post('/admin/v1/title-orders/:orderId/resolution', resolveTitleOrder(deps))
      .use(
        (_req: Request, res: Response) =>
          void res.status(404).json({ success: false, error: { code: 'NOT_FOUND', message: 'No such operator endpoint' } }),
      )
      .use(adminErrors)
  );
};

type AdminError = Error & { status?: number; type?: string };

/** Every error as JSON: never express's HTML page (with its stack trace and file paths). */
const adminErrors = (error: AdminError, _req: Request, res: Response, next: NextFunction) => {
  if (res.headersSent) return next(error);
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
  const message =
    status === 500 ? 'Unexpected error' : error.type === 'entity.parse.failed' ? 'The request body is not valid JSON' : error.message;
  res.status(status).json({ success: false, error: { code: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'INVALID_PARAMETERS', message } });
};

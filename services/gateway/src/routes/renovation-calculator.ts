import { analysis, RenovationUpliftQuery, renovationUpliftErrorCodes, type RenovationUpliftResult } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import { Router } from 'express';
import { chargedCall, type WorkOutcome } from '../billing/charged-call';
import type { GatewayDeps } from '../deps';
import { sendCharged, sendError } from '../http/respond';
import { authenticated } from './authenticated';

const costCredits = 1;
const messages: Record<keyof typeof renovationUpliftErrorCodes, string> = {
  value: '`value` is required and must be a positive number of pounds (at most 10^12).',
  floorArea: '`floorArea` is required and must be a positive number of square metres.',
  extensionArea: '`extensionArea` must be a number of square metres, 0 or more.',
  renovationUplift: '`renovationUplift` must be a percentage from 0 to 50.',
};

export const renovationCalculatorRoutes = (deps: GatewayDeps) =>
  Router().get(
    '/property/renovation-uplift-calculator',
    authenticated(deps, async (req, res, caller, ctx) => {
      const parsed = RenovationUpliftQuery.safeParse(req.query);
      if (!parsed.success) {
        // Parameters are checked in declaration order, so the first failing one names the error.
        const order = Object.keys(renovationUpliftErrorCodes) as Array<keyof typeof renovationUpliftErrorCodes>;
        const failing = order.find((name) => parsed.error.issues.some((i) => i.path[0] === name)) ?? 'value';
        const issue = parsed.error.issues.find((i) => i.path[0] === failing);
        return sendError(res, renovationUpliftErrorCodes[failing], messages[failing], {
          balance: await deps.balanceFor(ctx, caller.accountId),
          details: issue ? `${failing}: ${issue.message}` : undefined,
        });
      }
      const outcome = await chargedCall(deps.ledger, ctx.logger, ctx, { accountId: caller.accountId, operation: 'renovation_uplift_calculator', costCredits }, async (): Promise<WorkOutcome<RenovationUpliftResult>> => {
        try {
          const answer = await deps.rpc.request(analysis.CalculateRenovationUplift, deps.topics.commands('analysis'), ctx.requestId, parsed.data, ctx, {
            timeoutMs: deps.workTimeoutMs,
          });
          return answer.ok ? { ok: true, data: answer.data } : { ok: false, code: 'INTERNAL_ERROR', message: 'The calculation failed; nothing was charged.' };
        } catch (error) {
          if (error instanceof RequestTimeoutError) {
            return { ok: false, code: 'UPSTREAM_TIMEOUT', message: 'The calculation was not answered in time; nothing was charged. Retry shortly.' };
          }
          throw error;
        }
      });
      if (!outcome.ok) return sendError(res, outcome.code, outcome.message, { balance: outcome.balance ?? (await deps.balanceFor(ctx, caller.accountId)) });
      sendCharged(res, outcome.data, outcome.chargedCredits, outcome.balance);
    }),
  );

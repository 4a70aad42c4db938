import { landRegistry, pricing, TitleNumberPath } from '@pds/contracts';
import { RequestTimeoutError, type RequestOutcome } from '@pds/service-runtime';
import { Router, type Response } from 'express';
import type { Caller } from '../../auth/api-keys';
import { chargedCall, type WorkOutcome } from '../../billing/charged-call';
import type { GatewayDeps } from '../../deps';
import { issueDetails } from '../../http/issue-details';
import { sendCharged } from '../../http/respond';
import { authenticated, type CallContext } from '../authenticated';
import { refusalOfReply, sendRefusal, type Refusal } from './refusals';
import { checkTitleMatch } from './title-match-request';

const nothingCharged = 'Nothing was charged.';

/**
 * A lookup charged per completed answer: the credits are reserved, the order service asks the registry, and the
 * reservation is captured only for an answer. A delay, a refusal or no answer in time releases it.
 */
const chargedLookup = async <T>(
  deps: GatewayDeps,
  res: Response,
  caller: Caller,
  ctx: CallContext,
  operation: string,
  ask: () => Promise<RequestOutcome<T>>,
) => {
  const outcome = await chargedCall(deps.ledger, ctx.logger, ctx, { accountId: caller.accountId, operation, costCredits: pricing.lookupCredits }, async (): Promise<WorkOutcome<T>> => {
    try {
      const reply = await ask();
      return reply.ok ? { ok: true, data: reply.data } : refusalOfReply(reply.error, nothingCharged);
    } catch (error) {
      if (error instanceof RequestTimeoutError) {
        return { ok: false, code: 'UPSTREAM_TIMEOUT', message: `The Land Registry lookup was not answered in time. ${nothingCharged} Retry shortly.` };
      }
      throw error;
    }
  });
  if (!outcome.ok) return sendRefusal(res, outcome, outcome.balance ?? (await deps.balanceFor(ctx, caller.accountId)), deps.clock.now());
  sendCharged(res, outcome.data, outcome.chargedCredits, outcome.balance);
};

const refuseBeforeCharging = async (deps: GatewayDeps, res: Response, caller: Caller, ctx: CallContext, refusal: Refusal) =>
  sendRefusal(res, refusal, await deps.balanceFor(ctx, caller.accountId), deps.clock.now());

/** `land_registry_title_lookup` and `land_registry_document_availability`: 25 credits per completed lookup. */
export const titleLookupRoutes = (deps: GatewayDeps) => {
  const commands = deps.topics.commands('land-registry-orders');
  return Router()
    .post(
      '/land-registry/title-matches',
      authenticated(deps, async (req, res, caller, ctx) => {
        const checked = checkTitleMatch(req.body);
        if (!checked.ok) return refuseBeforeCharging(deps, res, caller, ctx, checked);
        await chargedLookup(deps, res, caller, ctx, 'land_registry_title_lookup', () =>
          deps.rpc.request(landRegistry.FindTitles, commands, ctx.requestId, { search: checked.value }, ctx, { timeoutMs: deps.workTimeoutMs }),
        );
      }),
    )
    .get(
      '/land-registry/titles/:titleNumber',
      authenticated(deps, async (req, res, caller, ctx) => {
        const path = TitleNumberPath.safeParse(req.params);
        if (!path.success) {
          const details = issueDetails(path.error.issues);
          return refuseBeforeCharging(deps, res, caller, ctx, { ok: false, code: 'INVALID_PARAMETERS', message: '`titleNumber` must be 3 to 20 characters.', details });
        }
        await chargedLookup(deps, res, caller, ctx, 'land_registry_document_availability', () =>
          deps.rpc.request(landRegistry.DescribeTitle, commands, ctx.requestId, { titleNumber: path.data.titleNumber }, ctx, { timeoutMs: deps.workTimeoutMs }),
        );
      }),
    );
};

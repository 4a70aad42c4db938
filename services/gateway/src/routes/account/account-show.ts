import { accountShow } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import { handlerOf } from '../../operations/handler';

// The caller's own account, as the ledger describes it: the same command the operator's `account show` sends.

export const accountShowHandler = handlerOf(accountShow, {
  handle: async ({ caller, ctx, deps }) => {
    try {
      const described = await deps.ledger.describe(ctx, caller.accountId);
      if (described.ok) return { ok: true, data: described.data };
      // The key authenticated, so its account exists: any refusal here is the ledger's own trouble.
      ctx.logger.error({ error: described.error }, 'the ledger refused to describe an account it holds');
    } catch (err) {
      if (!(err instanceof RequestTimeoutError)) throw err;
    }
    return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'The billing service did not answer in time; retry shortly.' };
  },
});

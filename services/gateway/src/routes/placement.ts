import { IdempotencyKey, type billing, type CommandSpec, type z } from '@pds/contracts';
import { RequestTimeoutError } from '@pds/service-runtime';
import { issueDetails } from '../http/issue-details';
import type { BalanceView } from '../http/respond';
import type { Call, Checked, Refusal } from '../operations/handler';

// What placing paid work the caller follows later (an official-copy order, a report) has in common at the edge: an
// Idempotency-Key read before anything else, one command to the owner keyed by account, an answer that says what the
// placement reserved and the balance after it.

/** The Idempotency-Key header, or why not: missing first (without it a retry could pay twice), then malformed. */
export const readIdempotencyKey = (header: string | undefined, unique: string): Checked<string> => {
  if (header === undefined || header === '')
    return {
      ok: false,
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      message: `Send an Idempotency-Key header (8 to 128 printable ASCII characters, unique per ${unique}) so that a retry cannot pay twice.`,
    };
  const key = IdempotencyKey.safeParse(header);
  if (!key.success)
    return {
      ok: false,
      code: 'INVALID_IDEMPOTENCY_KEY',
      message: 'The Idempotency-Key header must be 8 to 128 printable ASCII characters without spaces.',
      details: issueDetails(key.error.issues, 'Idempotency-Key'),
    };
  return { ok: true, value: key.data };
};

/** A placement's input once its key and body are read. */
export const placementInput = <B>(idempotencyKey: string, body: B) => ({
  ok: true as const,
  value: { query: undefined, params: undefined, headers: { 'Idempotency-Key': idempotencyKey }, body },
});

export const balanceViewOf = (b: billing.LedgerBalance): BalanceView => ({
  availableCredits: b.availableCredits,
  creditsRefreshAt: b.creditsRefreshAt,
});

/** The balance after a placement: the ledger's, as the owner's reply gave it, or asked for. */
export const balanceAfter = async (call: Pick<Call<never>, 'ctx' | 'deps' | 'caller'>, balance?: billing.LedgerBalance) =>
  balance
    ? balanceViewOf(balance)
    : ((await call.deps.balanceFor(call.ctx, call.caller.accountId)) ?? { availableCredits: null, creditsRefreshAt: null });

/**
 * Sends the placement to its owner, keyed by account (one account's placements are taken one at a time, so its
 * balance is checked in order): the owner's reply, or the refusal for none in time or a failure, neither of which
 * says "nothing was charged": the work may have been recorded before it.
 */
export const sendPlacement = async <S extends CommandSpec<string, z.ZodTypeAny, z.ZodTypeAny>>(
  call: Pick<Call<never>, 'ctx' | 'deps' | 'caller'>,
  placement: {
    command: S;
    owner: 'land-registry-orders' | 'analysis';
    data: z.input<S['data']>;
    timeoutMs: number;
    what: string;
    retrySafely: string;
  },
) => {
  const { ctx, deps, caller } = call;
  try {
    const reply = await deps.rpc.request(placement.command, deps.topics.commands(placement.owner), caller.accountId, placement.data, ctx, {
      timeoutMs: placement.timeoutMs,
    });
    return { sent: true as const, reply };
  } catch (error) {
    const late = error instanceof RequestTimeoutError;
    if (!late) ctx.logger.error({ err: error }, `${placement.what} placement failed`);
    const refusal: Refusal = late
      ? {
          ok: false,
          code: 'UPSTREAM_TIMEOUT',
          message: `The ${placement.what} was not confirmed in time; it may still be recorded. ${placement.retrySafely}`,
        }
      : {
          ok: false,
          code: 'INTERNAL_SERVER_ERROR',
          message: `Unexpected error while placing the ${placement.what}. ${placement.retrySafely}`,
        };
    return { sent: false as const, refusal };
  }
};

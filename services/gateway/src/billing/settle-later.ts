import { billing } from '@pds/contracts';
import { envMs, type Logger, type RequestContext } from '@pds/service-runtime';
import type { LedgerClient } from '@pds/ledger-client';

/**
 * How long the gateway keeps trying to settle a charge it could not confirm either way, after telling the caller
 * nothing was charged: longer than any outage of the broker or the ledger it is built to ride out.
 */
const settleLaterMs = envMs('SETTLE_LATER_MS', 15 * 60_000);
const firstRetryMs = 1_000;
const retryMaxMs = 30_000;

/** Gives back a charge whose answer the caller does not get; one refund id per reservation, so a repeat is harmless. */
export const refundUnanswered = (
  ledger: LedgerClient,
  ctx: RequestContext,
  { accountId, reservationId, costCredits }: { accountId: string; reservationId: string; costCredits: number },
) =>
  ledger.refund(ctx, {
    accountId,
    reservationId,
    refundId: `rfd_${reservationId}`,
    amountCredits: costCredits,
    reason: 'charged, but not answered',
  });

/**
 * Makes "nothing was charged" true after the caller has been told so while the ledger could not say: releases the
 * reservation once the ledger answers, and refunds it if it turns out to have been captured (the caller got no
 * answer). The release bars the id if nothing was made under it (a charge still on its way is then refused), and a
 * refund has one id per reservation, so a repeat of either changes nothing. Held in this process: a call with an Idempotency-Key is settled by its
 * retry instead (its claim keeps the reservation), and is never given here.
 */
export const settleLater = (
  ledger: LedgerClient,
  logger: Logger,
  ctx: RequestContext,
  charge: { accountId: string; reservationId: string; costCredits: number },
): void => {
  const { accountId, reservationId } = charge;
  const until = Date.now() + settleLaterMs;
  const attempt = async (delayMs: number): Promise<void> => {
    await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
    const released = await ledger
      .releaseOrBar(ctx, accountId, reservationId, 'not confirmed while the caller waited')
      .catch(() => undefined);
    const code = released?.ok ? undefined : released?.error.code;
    const nothingTaken =
      released?.ok || code === billing.ledgerErrorCodes.reservationNotFound || code === billing.ledgerErrorCodes.reservationExpired;
    if (nothingTaken) return void logger.info({ reservationId }, 'unconfirmed charge settled: nothing was taken');
    if (code === billing.ledgerErrorCodes.reservationCaptured) {
      const refunded = await refundUnanswered(ledger, ctx, charge).catch(() => undefined);
      if (refunded?.ok) return void logger.warn({ reservationId }, 'unconfirmed charge settled: it had been taken, and is refunded');
    }
    if (Date.now() > until) return void logger.error({ reservationId }, 'unconfirmed charge not settled; the finance audit shows it');
    return attempt(Math.min(delayMs * 2, retryMaxMs));
  };
  void attempt(firstRetryMs).catch((err: unknown) => logger.error({ err, reservationId }, 'settling an unconfirmed charge failed'));
};

import { ledgerEvents } from '@pds/contracts';
import type { RecordedEvent } from '@pds/service-runtime';
import type pg from 'pg';

/**
 * The `account_balances`, `api_keys` and `pending_reservations` read models: what the gateway reads to authenticate a key and what
 * operators see. Applied in the transaction that moves the projection's checkpoint, so each event counts once.
 */
export const projectAccountBalances = async (events: RecordedEvent[], tx: pg.PoolClient): Promise<void> => {
  for (const recorded of events) {
    const parsed = ledgerEvents.LedgerEvent.safeParse({ type: recorded.type, data: recorded.data });
    if (!parsed.success) continue;
    const e = parsed.data;
    const at = recorded.recordedAt;
    const pos = recorded.globalPosition;
    switch (e.type) {
      case 'AccountOpened':
        await tx.query(
          `INSERT INTO account_balances (account_id, plan, opened_at, updated_at, last_global_position,
                                         rate_per_minute, rate_per_day, rate_per_month)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (account_id) DO NOTHING`,
          [
            e.data.accountId,
            e.data.plan,
            e.data.openedAt,
            at,
            pos,
            e.data.rateLimits?.perMinute ?? null,
            e.data.rateLimits?.perDay ?? null,
            e.data.rateLimits?.perMonth ?? null,
          ],
        );
        await tx.query(
          `INSERT INTO api_keys (key_hash, account_id, key_prefix, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (key_hash) DO NOTHING`,
          [e.data.apiKeyHash, e.data.accountId, e.data.apiKeyPrefix, at],
        );
        break;
      case 'CreditsGranted':
        await move(tx, e.data.accountId, { granted: e.data.amountCredits }, at, pos);
        break;
      case 'CreditsReserved':
        await move(tx, e.data.accountId, { reserved: e.data.amountCredits }, at, pos);
        if (e.data.expiresAt) {
          await tx.query(
            `INSERT INTO pending_reservations (account_id, reservation_id, amount_credits, expires_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING`,
            [e.data.accountId, e.data.reservationId, e.data.amountCredits, e.data.expiresAt],
          );
        }
        break;
      case 'CreditsCaptured':
        await move(tx, e.data.accountId, { reserved: -e.data.amountCredits, captured: e.data.amountCredits }, at, pos);
        await settled(tx, e.data.accountId, e.data.reservationId);
        break;
      case 'CreditsReleased':
      case 'CreditReservationExpired':
        await move(tx, e.data.accountId, { reserved: -e.data.amountCredits }, at, pos);
        await settled(tx, e.data.accountId, e.data.reservationId);
        break;
      case 'CreditReservationRejected':
        // No balance moves, but the row records that the projection has seen the account's latest event.
        await move(tx, e.data.accountId, {}, at, pos);
        break;
    }
  }
};

const settled = (tx: pg.PoolClient, accountId: string, reservationId: string) =>
  tx.query('DELETE FROM pending_reservations WHERE account_id = $1 AND reservation_id = $2', [accountId, reservationId]);

const move = async (
  tx: pg.PoolClient,
  accountId: string,
  delta: { granted?: number; captured?: number; reserved?: number },
  at: string,
  pos: number,
) => {
  await tx.query(
    `UPDATE account_balances
        SET granted_credits = granted_credits + $2, captured_credits = captured_credits + $3,
            reserved_credits = reserved_credits + $4, updated_at = $5, last_global_position = $6
      WHERE account_id = $1`,
    [accountId, delta.granted ?? 0, delta.captured ?? 0, delta.reserved ?? 0, at, pos],
  );
};

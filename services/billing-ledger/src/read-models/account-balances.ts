import { billing, ledgerEvents } from '@pds/contracts';
import type { RecordedEvent } from '@pds/service-runtime';
import type pg from 'pg';
import { nextAnniversaryAfter } from '../cycles/anniversaries';
import { openingKeyName } from '../accounts/evolve';
import { settingsOf } from './account-settings';
import { projectKey } from './api-keys';

type LedgerEvent = ledgerEvents.LedgerEvent;

/** Counter columns of `account_balances` an event moves, and by how much. */
type Delta = Partial<
  Record<
    | 'granted_credits'
    | 'captured_credits'
    | 'refunded_credits'
    | 'reserved_credits'
    | 'deposited_pence'
    | 'captured_pence'
    | 'refunded_pence'
    | 'reserved_pence'
    | 'quarantined_pence'
    | 'debt_recorded_pence'
    | 'debt_repaid_pence',
    number
  >
>;

/**
 * How each event moves the balances. Settling a quarantined reservation also takes its cash out of quarantine; the
 * projection learns that from `pending_reservations` (see `quarantinedPenceOf`).
 */
const deltaOf = (e: LedgerEvent): Delta => {
  switch (e.type) {
    case 'CreditsGranted':
      return { granted_credits: e.data.amountCredits };
    case 'CreditsRefreshed':
      return { granted_credits: e.data.adjustmentCredits };
    // Lapsed credits leave the balance as a negative grant, so `available_credits` keeps its formula.
    case 'CreditsLapsed':
      return { granted_credits: -e.data.amountCredits };
    case 'CreditsReserved':
      return { reserved_credits: e.data.amountCredits };
    case 'CreditsCharged':
      return { captured_credits: e.data.amountCredits };
    case 'CashReserved':
      return { reserved_pence: e.data.amountPence };
    case 'CreditsCaptured':
      return { reserved_credits: -e.data.amountCredits, captured_credits: e.data.amountCredits };
    case 'CashCaptured':
      return { reserved_pence: -e.data.amountPence, captured_pence: e.data.amountPence };
    case 'CreditsReleased':
      return { reserved_credits: -e.data.amountCredits };
    case 'CashReleased':
      return { reserved_pence: -e.data.amountPence };
    case 'CreditReservationExpired':
      return { reserved_credits: -e.data.amountCredits, reserved_pence: -(e.data.amountPence ?? 0) };
    case 'ReservationQuarantined':
      return { quarantined_pence: e.data.amountPence };
    case 'CreditsRefunded':
      return { refunded_credits: e.data.amountCredits };
    case 'CashRefunded':
      return { refunded_pence: e.data.amountPence };
    case 'CashDeposited':
      return { deposited_pence: e.data.amountPence };
    case 'DebtRecorded':
      return { debt_recorded_pence: e.data.amountPence };
    case 'DebtRepaid':
      return { debt_repaid_pence: e.data.amountPence };
    default:
      return {};
  }
};

/**
 * The `account_balances`, `api_keys` (see `./api-keys`) and `pending_reservations` read models: what the gateway reads to authenticate a
 * key, what the ledger's schedulers scan and what operators see. Applied in the transaction that moves the
 * projection's checkpoint, so each event counts once.
 */
export const projectAccountBalances = async (events: RecordedEvent[], tx: pg.PoolClient): Promise<void> => {
  // Each account's row is written once per batch, with the sum of its events' movements: nothing reads the row
  // in between, and a busy account's events come in runs.
  const rows = new Map<string, RowChange>();
  // Reservations made without an expiry in this batch (a one-step charge recorded before `CreditsCharged` existed)
  // never had a `pending_reservations` row.
  const neverPending = new Set<string>();
  for (const recorded of events) {
    const parsed = ledgerEvents.LedgerEvent.safeParse({ type: recorded.type, data: recorded.data });
    if (!parsed.success) continue;
    const e = parsed.data;
    if (e.type === 'AccountOpened') {
      await opened(tx, e, recorded);
      continue;
    }
    const delta = { ...deltaOf(e), ...(await quarantineReleased(tx, e)) };
    rows.set(e.data.accountId, merged(rows.get(e.data.accountId), delta, settingsOf(e), recorded));
    await trackPending(tx, e, neverPending);
    await projectKey(tx, e);
  }
  for (const [accountId, change] of rows) await update(tx, accountId, change);
};

interface RowChange {
  delta: Delta;
  settings: Record<string, unknown>;
  /** The last event applied: the row's checkpoint. */
  recorded: RecordedEvent;
}

const merged = (before: RowChange | undefined, delta: Delta, settings: Record<string, unknown>, recorded: RecordedEvent): RowChange => {
  const sum: Delta = { ...before?.delta };
  for (const [column, amount] of Object.entries(delta) as Array<[keyof Delta, number]>) sum[column] = (sum[column] ?? 0) + amount;
  return { delta: sum, settings: { ...before?.settings, ...settings }, recorded };
};

const opened = async (tx: pg.PoolClient, e: Extract<LedgerEvent, { type: 'AccountOpened' }>, recorded: RecordedEvent) => {
  const d = e.data;
  await tx.query(
    `INSERT INTO account_balances (account_id, plan, opened_at, updated_at, last_global_position, rate_per_minute, rate_per_day,
                                   rate_per_month, credit_cycle, credits_refresh_at, ordering_enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (account_id) DO NOTHING`,
    [
      d.accountId,
      d.plan,
      d.openedAt,
      recorded.recordedAt,
      recorded.globalPosition,
      d.rateLimits?.perMinute ?? null,
      d.rateLimits?.perDay ?? null,
      d.rateLimits?.perMonth ?? null,
      d.creditCycle ?? 'non_renewing',
      d.creditCycle === 'monthly' ? nextAnniversaryAfter(d.openedAt, new Date(d.openedAt)) : null,
      d.orderingEnabled ?? false,
    ],
  );
  // An account opened from the dashboard has no key until its owner makes one (then `ApiKeyIssued`).
  if (d.apiKeyHash === undefined) return;
  await tx.query(
    `INSERT INTO api_keys (key_hash, account_id, key_prefix, created_at, key_id, name) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (key_hash) DO NOTHING`,
    [d.apiKeyHash, d.accountId, d.apiKeyPrefix, d.openedAt, billing.openingKeyId, openingKeyName],
  );
};

/** Settling a quarantined reservation's cash takes it out of quarantine. */
const quarantineReleased = async (tx: pg.PoolClient, e: LedgerEvent): Promise<Delta> => {
  if (e.type !== 'CashCaptured' && e.type !== 'CashReleased') return {};
  const { rows } = await tx.query<{ quarantined: boolean }>(
    'SELECT quarantined FROM pending_reservations WHERE account_id = $1 AND reservation_id = $2',
    [e.data.accountId, e.data.reservationId],
  );
  return rows[0]?.quarantined ? { quarantined_pence: -e.data.amountPence } : {};
};

const forget = (tx: pg.PoolClient, accountId: string, reservationId: string, onlyWithoutCash: boolean) =>
  tx.query(
    `DELETE FROM pending_reservations WHERE account_id = $1 AND reservation_id = $2 ${onlyWithoutCash ? 'AND amount_pence = 0' : ''}`,
    [accountId, reservationId],
  );

/** `pending_reservations` holds reservations not yet settled: the expiry sweeper voids those due and not quarantined. */
const trackPending = async (tx: pg.PoolClient, e: LedgerEvent, neverPending: Set<string>) => {
  const key = `${e.data.accountId} ${'reservationId' in e.data ? e.data.reservationId : ''}`;
  switch (e.type) {
    case 'CreditsReserved':
      if (!e.data.expiresAt) neverPending.add(key);
      else {
        await tx.query(
          `INSERT INTO pending_reservations (account_id, reservation_id, amount_credits, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [e.data.accountId, e.data.reservationId, e.data.amountCredits, e.data.expiresAt],
        );
      }
      return;
    case 'CashReserved':
      await tx.query('UPDATE pending_reservations SET amount_pence = $3 WHERE account_id = $1 AND reservation_id = $2', [
        e.data.accountId,
        e.data.reservationId,
        e.data.amountPence,
      ]);
      return;
    case 'ReservationQuarantined':
      await tx.query('UPDATE pending_reservations SET quarantined = true WHERE account_id = $1 AND reservation_id = $2', [
        e.data.accountId,
        e.data.reservationId,
      ]);
      return;
    // A reservation with cash ends with its cash event (which needs the row to know about quarantine); without, with its credits event.
    case 'CreditsCaptured':
    case 'CreditsReleased':
      if (!neverPending.has(key)) await forget(tx, e.data.accountId, e.data.reservationId, true);
      return;
    case 'CashCaptured':
    case 'CashReleased':
    case 'CreditReservationExpired':
      await forget(tx, e.data.accountId, e.data.reservationId, false);
      return;
    default:
      return;
  }
};

const update = async (tx: pg.PoolClient, accountId: string, { delta, settings, recorded }: RowChange) => {
  const params: unknown[] = [accountId, recorded.recordedAt, recorded.globalPosition];
  const sets = ['updated_at = $2', 'last_global_position = $3'];
  for (const [column, amount] of Object.entries(delta)) {
    params.push(amount);
    sets.push(`${column} = ${column} + $${params.length}`);
  }
  for (const [column, value] of Object.entries(settings)) {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  // Every event moves the checkpoint column, refusals included, so a reader can tell the row has seen the account's latest event.
  await tx.query(`UPDATE account_balances SET ${sets.join(', ')} WHERE account_id = $1`, params);
};

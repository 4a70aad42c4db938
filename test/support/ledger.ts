import { evolve, initialState, availableCredits, availablePence, type AccountEvent } from '@pds/billing-ledger';
import { ledgerEvents } from '@pds/contracts';
import pg from 'pg';

/** Replays an account's stream straight from the event store: the balance as the events say it is. */
export const replayAccount = async (databaseUrl: string, accountId: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ type: string; data: object; global_position: string }>(
      'SELECT type, data, global_position FROM events WHERE stream_id = $1 ORDER BY stream_position',
      [ledgerEvents.accountStreamId(accountId)],
    );
    const events = rows.map((r) => ledgerEvents.LedgerEvent.parse({ type: r.type, data: r.data }) as AccountEvent);
    const state = events.reduce(evolve, initialState());
    if (state.status !== 'open') throw new Error(`account ${accountId} not found in the store`);
    return {
      events,
      lastGlobalPosition: Number(rows[rows.length - 1]?.global_position ?? 0),
      availableCredits: availableCredits(state),
      availablePence: availablePence(state),
      nextRefreshAt: state.nextRefreshAt,
      grantedCredits: state.grantedCredits,
      capturedCredits: state.capturedCredits,
      refundedCredits: state.refundedCredits,
      reservedCredits: state.reservedCredits,
    };
  } finally {
    await client.end();
  }
};

/** The account_balances read model row, once the projection has reached `position`. */
export const readModelAt = async (databaseUrl: string, accountId: string, position: number, timeoutMs = 10_000) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query(
        `SELECT granted_credits::int AS granted, captured_credits::int AS captured, reserved_credits::int AS reserved,
                available_credits::int AS available, last_global_position::int AS position FROM account_balances WHERE account_id = $1`,
        [accountId],
      );
      const row = rows[0] as { granted: number; captured: number; reserved: number; available: number; position: number } | undefined;
      if (row && row.position >= position) {
        const { position: _reached, ...balances } = row;
        return balances;
      }
      if (Date.now() > until) throw new Error(`read model did not reach ${position}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await client.end();
  }
};

export const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

import { billing } from '@pds/contracts';
import pg from 'pg';
import { createLogger } from '@pds/service-runtime';
import { freshDatabase } from '../../../../test/support/environment';
import type { ChargedOutcome } from '../billing/charged-call';
import type { GatewayDeps } from '../deps';
import type { CallContext } from '../http/caller';
import type { Payload } from '../http/respond';
import { claim, keptForMs, sweepExpiredClaims } from './claims';
import { idempotentCall, type KeyedCall } from './idempotent-call';

// Keyed calls over the real PostgreSQL, by two gateways (two pools) sharing it, with a stand-in ledger that keeps each
// reservation id's state as the ledger's decider does (decide.unit.spec.ts checks the real one): a capture of an id
// already captured takes nothing more, and a release answers which way an id went.

process.env.IDEMPOTENCY_LEASE_MS = '300';
let url: string;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  url = await freshDatabase('idempotency');
  for (let i = 0; i < 2; i++) pools.push(new pg.Pool({ connectionString: url, max: 4 }));
});
afterAll(async () => Promise.all(pools.map((p) => p.end())));

type Status = 'pending' | 'captured' | 'released' | 'barred';
const balance = { availableCredits: 100, creditsRefreshAt: null } as unknown as billing.LedgerBalance;

/** The ledger as the gateway sees it: reservations by id, and the credits actually taken. */
const ledgerModel = () => {
  const reservations = new Map<string, Status>();
  let takenCredits = 0;
  const refusal = (code: string) => ({ ok: false as const, error: { code, message: code } });
  return {
    reservations,
    taken: () => takenCredits,
    /**
     * What a charged call does under `reservationId`: takes the credits unless that id has them already, or was
     * released or barred before the charge arrived (the ledger refuses it then).
     */
    capture: (reservationId: string, credits: number) => {
      const status = reservations.get(reservationId);
      if (status === 'released' || status === 'barred') return;
      if (status !== 'captured') takenCredits += credits;
      reservations.set(reservationId, 'captured');
    },
    releaseOrBar: async (_ctx: unknown, _accountId: string, reservationId: string) => {
      const status = reservations.get(reservationId);
      if (status === 'captured') return refusal(billing.ledgerErrorCodes.reservationCaptured);
      reservations.set(reservationId, status ? 'released' : 'barred');
      return { ok: true as const, data: balance };
    },
    refund: async () => ({ ok: true as const, data: balance }),
  };
};

let clockMs = Date.parse('2026-11-30T00:00:00Z');
const gateway = (db: pg.Pool, ledger: ReturnType<typeof ledgerModel>) =>
  ({ db, ledger, clock: { now: () => new Date(clockMs) }, workTimeoutMs: 100 }) as unknown as GatewayDeps;
const ctx: CallContext = { requestId: 'req', correlationId: 'req', actor: 'test', logger: createLogger('test', 'silent') };

let n = 0;
const keyedCall = (overrides: Partial<KeyedCall> = {}): KeyedCall => ({
  accountId: 'acc_idem00001',
  key: `key-${++n}-${Date.now()}`,
  operationId: 'area_crime',
  fingerprint: 'f'.repeat(64),
  status: 200,
  costCredits: 2,
  ...overrides,
});

/** A call's work, charged under the reservation id it is given, slow by `delayMs`; each run is recorded. */
const work =
  (ledger: ReturnType<typeof ledgerModel>, runs: string[], delayMs = 0) =>
  async (reservationId: string) => {
    runs.push(reservationId);
    await new Promise((r) => setTimeout(r, delayMs));
    ledger.capture(reservationId, 2);
    return {
      ok: true,
      data: { data: { answer: 42 } },
      chargedCredits: 2,
      balance: { availableCredits: 98, creditsRefreshAt: null },
    } as const;
  };

/**
 * A first attempt on one gateway whose outcome it could not confirm (503), after `meanwhile` under its reservation id,
 * then a repeat of the call on the other gateway.
 */
const unconfirmedThenRepeated = async (ledger: ReturnType<typeof ledgerModel>, meanwhile: (reservationId: string) => void) => {
  const runs: string[] = [];
  const call = keyedCall();
  let firstId = '';
  await idempotentCall(gateway(pools[0]!, ledger), ctx, call, async (reservationId): Promise<ChargedOutcome<Payload>> => {
    firstId = reservationId;
    meanwhile(reservationId);
    return { ok: false, code: 'SERVICE_UNAVAILABLE', message: 'the billing service did not answer' };
  });
  const retry = await idempotentCall(gateway(pools[1]!, ledger), ctx, call, work(ledger, runs));
  return { firstId, retry, runs };
};

describe('keyed calls over one database shared by two gateways', () => {
  it('5 repeats at once on two gateways: one run, one charge, every caller the same answer', async () => {
    const ledger = ledgerModel();
    const runs: string[] = [];
    const call = keyedCall();
    const outcomes = await Promise.all(
      [0, 1, 0, 1, 0].map((g) => idempotentCall(gateway(pools[g]!, ledger), ctx, call, work(ledger, runs, 100))),
    );
    expect(runs).toHaveLength(1);
    expect(ledger.taken()).toBe(2);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['ran', 'replayed', 'replayed', 'replayed', 'replayed']);
    for (const o of outcomes.filter((x) => x.kind === 'replayed'))
      expect(o).toEqual({ kind: 'replayed', answer: { status: 200, payload: { data: { answer: 42 } }, chargedCredits: 2 } });
  });

  it('refuses the key for another request, naming the operation it was first used for, without running it', async () => {
    const ledger = ledgerModel();
    const runs: string[] = [];
    const call = keyedCall();
    await idempotentCall(gateway(pools[0]!, ledger), ctx, call, work(ledger, runs));
    const other = await idempotentCall(gateway(pools[1]!, ledger), ctx, { ...call, fingerprint: 'e'.repeat(64) }, work(ledger, runs));
    expect(other).toMatchObject({ kind: 'refused', refusal: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const otherOperation = await idempotentCall(
      gateway(pools[1]!, ledger),
      ctx,
      { ...call, operationId: 'epc_lookup' },
      work(ledger, runs),
    );
    expect(otherOperation).toMatchObject({ kind: 'refused', refusal: { message: expect.stringContaining('first used for area_crime') } });
    expect([runs.length, ledger.taken()]).toEqual([1, 2]);
  });

  it('frees the key after a refusal that charged nothing: the retry runs afresh under a new reservation id', async () => {
    const ledger = ledgerModel();
    const runs: string[] = [];
    const call = keyedCall();
    const refused = async (reservationId: string): Promise<ChargedOutcome<Payload>> => {
      runs.push(reservationId);
      return { ok: false, code: 'POSTCODE_NOT_FOUND', message: 'no such postcode' };
    };
    expect(await idempotentCall(gateway(pools[0]!, ledger), ctx, call, refused)).toMatchObject({ kind: 'ran', outcome: { ok: false } });
    expect(await idempotentCall(gateway(pools[1]!, ledger), ctx, call, work(ledger, runs))).toMatchObject({ kind: 'ran' });
    expect(runs).toHaveLength(2);
    expect(runs[1]).not.toBe(runs[0]);
    expect(ledger.taken()).toBe(2);
  });

  it('a gateway that died after charging: the repeat waits out the lease, re-runs under the same id, and nothing more is taken', async () => {
    const ledger = ledgerModel();
    const runs: string[] = [];
    const call = keyedCall();
    // The dead gateway claimed the key and charged under its reservation id, then died before storing the answer.
    const deadId = (await claim(pools[0]!, call, 300, new Date(clockMs)))!;
    ledger.capture(deadId, 2);
    const startedMs = Date.now();
    const outcome = await idempotentCall(gateway(pools[1]!, ledger), ctx, call, work(ledger, runs));
    expect(Date.now() - startedMs).toBeGreaterThanOrEqual(250); // waited for the lease (300 ms, database time)
    expect(outcome).toMatchObject({ kind: 'ran', outcome: { ok: true, chargedCredits: 2 } });
    expect(runs).toEqual([deadId]);
    expect(ledger.taken()).toBe(2);
    // And once answered, a repeat is a replay.
    expect(await idempotentCall(gateway(pools[0]!, ledger), ctx, call, work(ledger, runs))).toMatchObject({ kind: 'replayed' });
  });

  it('a gateway that died after charging, and the re-run fails: the charge is refunded and the key freed', async () => {
    const ledger = ledgerModel();
    const refunds: unknown[] = [];
    ledger.refund = async (...args: unknown[]) => (refunds.push(args[1]), { ok: true as const, data: balance });
    const call = keyedCall();
    const deadId = (await claim(pools[0]!, call, 300, new Date(clockMs)))!;
    ledger.capture(deadId, 2);
    const failing = async (): Promise<ChargedOutcome<Payload>> => ({ ok: false, code: 'UPSTREAM_TIMEOUT', message: 'too slow' });
    const outcome = await idempotentCall(gateway(pools[1]!, ledger), ctx, call, failing);
    expect(outcome).toMatchObject({ kind: 'ran', outcome: { ok: false, code: 'UPSTREAM_TIMEOUT', balance: { availableCredits: 100 } } });
    expect(refunds).toEqual([
      {
        accountId: call.accountId,
        reservationId: deadId,
        refundId: `rfd_${deadId}`,
        amountCredits: 2,
        reason: 'charged, but not answered',
      },
    ]);
    const rows = await pools[0]!.query('SELECT 1 FROM idempotent_calls WHERE account_id = $1 AND idempotency_key = $2', [
      call.accountId,
      call.key,
    ]);
    expect(rows.rowCount).toBe(0);
  });

  it('a gateway that died holding a reservation: the repeat releases it and runs under a new id, one charge in all', async () => {
    const ledger = ledgerModel();
    const runs: string[] = [];
    const call = keyedCall();
    const deadId = (await claim(pools[0]!, call, 300, new Date(clockMs)))!;
    ledger.reservations.set(deadId, 'pending');
    const outcome = await idempotentCall(gateway(pools[1]!, ledger), ctx, call, work(ledger, runs));
    expect(outcome).toMatchObject({ kind: 'ran', outcome: { ok: true } });
    expect(ledger.reservations.get(deadId)).toBe('released');
    expect(runs).toHaveLength(1);
    expect(runs[0]).not.toBe(deadId);
    expect(ledger.taken()).toBe(2);
  });

  it('an unconfirmed outcome (503) keeps the claim: the next repeat settles it by release before running', async () => {
    const ledger = ledgerModel();
    const startedMs = Date.now();
    // The ledger took the first attempt's charge; its answer was lost.
    const { firstId, retry, runs } = await unconfirmedThenRepeated(ledger, (id) => ledger.capture(id, 2));
    expect(Date.now() - startedMs).toBeLessThan(250); // the lease was ended: no wait
    expect(retry).toMatchObject({ kind: 'ran', outcome: { ok: true, chargedCredits: 2 } });
    expect(runs).toEqual([firstId]);
    expect(ledger.taken()).toBe(2);
  });

  it('an unconfirmed outcome whose charge is still on its way: the repeat bars its id, so it lands charged nothing, one charge in all', async () => {
    const ledger = ledgerModel();
    // The first attempt's charge was handed on by the service and has not reached the ledger when the repeat settles.
    const { firstId, retry, runs } = await unconfirmedThenRepeated(ledger, () => undefined);
    expect(retry).toMatchObject({ kind: 'ran', outcome: { ok: true, chargedCredits: 2 } });
    expect(ledger.reservations.get(firstId)).toBe('barred');
    ledger.capture(firstId, 2); // the first attempt's charge arrives now
    expect([runs.length, runs[0] === firstId, ledger.taken()]).toEqual([1, false, 2]);
  });

  it('keeps a key 24 hours of business time: then the call is new, and the sweep deletes only keys past their time', async () => {
    const ledger = ledgerModel();
    const runs: string[] = [];
    const call = keyedCall({ accountId: 'acc_idem00002' });
    await idempotentCall(gateway(pools[0]!, ledger), ctx, call, work(ledger, runs));
    const later = keyedCall({ accountId: 'acc_idem00002' });
    clockMs += 60_000;
    await idempotentCall(gateway(pools[0]!, ledger), ctx, later, work(ledger, runs));
    clockMs += keptForMs - 60_000 - 1;
    expect(await idempotentCall(gateway(pools[1]!, ledger), ctx, call, work(ledger, runs))).toMatchObject({ kind: 'replayed' });
    clockMs += 1; // exactly 24 hours after the first call
    expect(await sweepExpiredClaims(pools[0]!, new Date(clockMs))).toBeGreaterThanOrEqual(1);
    const keys = await pools[0]!.query("SELECT idempotency_key FROM idempotent_calls WHERE account_id = 'acc_idem00002'");
    expect(keys.rows.map((r) => r.idempotency_key)).toEqual([later.key]);
    expect(await idempotentCall(gateway(pools[1]!, ledger), ctx, call, work(ledger, runs))).toMatchObject({ kind: 'ran' });
    expect([runs.length, ledger.taken()]).toEqual([3, 6]);
  });
});

import pg from 'pg';
import { freshDatabase } from '../../../../test/support/environment';
import { deliveryPage } from './delivery-history';
import { leaseDue, recordAttempt, recordDeliveries, type WebhookEvent } from './outbox';
import { deleteWebhook, registerWebhook } from './registrations';
import { newSecretKeyEntry, openSecret, parseSecretKeys } from './secret-box';

// The outbox on a real PostgreSQL: an event met twice owes one delivery per webhook; two senders leasing at once never
// take the same row; a deleted webhook's pending deliveries are cancelled and stay so.

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await freshDatabase('webhookoutbox'), max: 4 });
});
afterAll(async () => pool.end());

const keys = parseSecretKeys(newSecretKeyEntry('k1'));
const t0 = new Date('2026-11-29T09:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
let accounts = 0;
const hookOf = async (accountId: string, registeredAt: Date) => {
  const created = await registerWebhook(pool, keys, {
    accountId,
    url: 'https://hooks.example.com/in',
    events: ['title_order.completed'],
    now: registeredAt,
  });
  if (created === 'limit_reached') throw new Error('limit');
  return created;
};
const event = (accountId: string, n: number): WebhookEvent => ({
  accountId,
  eventId: `evt_${String(n).padStart(26, 'a')}`,
  type: 'title_order.completed',
  body: `{"id":"evt_${n}"}`,
  occurredAt: at(10),
});

describe('the webhook outbox', () => {
  it('owes an event once per subscribed webhook, however often it is met, and nothing to webhooks made after it', async () => {
    const accountId = `acc_outbox_${++accounts}`;
    const before = await hookOf(accountId, at(0));
    await hookOf(accountId, at(20));
    expect(await recordDeliveries(pool, event(accountId, 1), at(30))).toBe(1);
    expect(await recordDeliveries(pool, event(accountId, 1), at(31))).toBe(0);
    const page = await deliveryPage(pool, before.webhookId, { limit: 10 });
    expect(page.deliveries.map((d) => [d.eventId, d.status, d.nextAttemptAt])).toEqual([
      [event(accountId, 1).eventId, 'pending', at(30).toISOString()],
    ]);
  });

  it('leases each due row to one sender at a time, and to another once the lease has run out', async () => {
    const accountId = `acc_outbox_${++accounts}`;
    const hook = await hookOf(accountId, at(0));
    for (let n = 10; n < 15; n++) await recordDeliveries(pool, event(accountId, n), at(30));
    const [a, b] = await Promise.all([leaseDue(pool, at(40), 60_000, 3), leaseDue(pool, at(40), 60_000, 3)]);
    const ids = [...a, ...b].filter((d) => d.webhookId === hook.webhookId).map((d) => d.deliveryId);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect((await leaseDue(pool, at(41), 60_000, 10)).filter((d) => d.webhookId === hook.webhookId)).toEqual([]);
    const again = (await leaseDue(pool, at(101), 60_000, 10)).filter((d) => d.webhookId === hook.webhookId);
    expect(again).toHaveLength(5);
    // What a sender gets opens to the secret the webhook was registered with.
    expect(openSecret(keys, hook.webhookId, again[0]!.sealed)).toBe(hook.secret);
  });

  it('records each attempt; a deleted webhook cancels what is pending, and an attempt finishing after leaves it cancelled', async () => {
    const accountId = `acc_outbox_${++accounts}`;
    const hook = await hookOf(accountId, at(0));
    await recordDeliveries(pool, event(accountId, 20), at(30));
    await recordDeliveries(pool, event(accountId, 21), at(30));
    const leased = (await leaseDue(pool, at(40), 60_000, 10)).filter((d) => d.webhookId === hook.webhookId);
    const [first, second] = leased as [(typeof leased)[number], (typeof leased)[number]];
    await recordAttempt(pool, first.deliveryId, {
      startedAt: at(40),
      latencyMs: 12,
      statusCode: 500,
      error: null,
      next: { status: 'pending', at: at(70) },
    });
    expect(await deleteWebhook(pool, accountId, hook.webhookId, at(50))).toBe(true);
    await recordAttempt(pool, second.deliveryId, {
      startedAt: at(40),
      latencyMs: 9,
      statusCode: 200,
      error: null,
      next: { status: 'succeeded' },
    });
    const page = await deliveryPage(pool, hook.webhookId, { limit: 10 });
    const byId = new Map(page.deliveries.map((d) => [d.deliveryId, d]));
    expect(byId.get(first.deliveryId)).toMatchObject({
      status: 'cancelled',
      nextAttemptAt: null,
      attempts: [{ statusCode: 500, latencyMs: 12 }],
    });
    expect(byId.get(second.deliveryId)).toMatchObject({ status: 'cancelled', attempts: [{ statusCode: 200, latencyMs: 9 }] });
    expect(await recordDeliveries(pool, event(accountId, 22), at(60))).toBe(0);
    expect(await deleteWebhook(pool, accountId, hook.webhookId, at(61))).toBe(false);
  });
});

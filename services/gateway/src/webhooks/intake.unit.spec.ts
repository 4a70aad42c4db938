import { deliveryIdFor, webhookEventIdFor } from './identifiers';
import { eventBody } from './intake';
import { triggerOf } from './triggers';

describe('a webhook event', () => {
  it('has an id fixed by its source event: the same however often that event is met, another for another event', () => {
    const id = webhookEventIdFor('0b7e9f1c-5d2a-4c1e-9a37-2f6b8d4e1a90');
    expect(id).toMatch(/^evt_[a-z2-7]{26}$/);
    expect(webhookEventIdFor('0b7e9f1c-5d2a-4c1e-9a37-2f6b8d4e1a90')).toBe(id);
    expect(webhookEventIdFor('0b7e9f1c-5d2a-4c1e-9a37-2f6b8d4e1a91')).not.toBe(id);
  });

  it('owes one delivery per webhook: its id fixed by the webhook and the event', () => {
    const d = deliveryIdFor('wh_aaaaaaaaaaaaaaaaaaaaaaaaaa', 'evt_bbbbbbbbbbbbbbbbbbbbbbbbbb');
    expect(d).toMatch(/^dlv_[a-z2-7]{26}$/);
    expect(deliveryIdFor('wh_aaaaaaaaaaaaaaaaaaaaaaaaaa', 'evt_bbbbbbbbbbbbbbbbbbbbbbbbbb')).toBe(d);
    expect(deliveryIdFor('wh_cccccccccccccccccccccccccc', 'evt_bbbbbbbbbbbbbbbbbbbbbbbbbb')).not.toBe(d);
  });

  it('has the body {id, type, createdAt, data} in that order, whatever order it was given in', () => {
    const body = eventBody({
      data: { id: 'ord_x', status: 'completed' },
      createdAt: '2026-11-29T09:00:00.000Z',
      type: 'title_order.completed',
      id: 'evt_1',
    } as never);
    expect(body).toBe(
      '{"id":"evt_1","type":"title_order.completed","createdAt":"2026-11-29T09:00:00.000Z","data":{"id":"ord_x","status":"completed"}}',
    );
  });

  it('is fired by a title order completing or failing, and by nothing else of the order', () => {
    expect(triggerOf({ streamId: 'titleorder-ord_x', type: 'OrderCompleted' })?.type).toBe('title_order.completed');
    expect(triggerOf({ streamId: 'titleorder-ord_x', type: 'OrderFailed' })?.type).toBe('title_order.failed');
    expect(triggerOf({ streamId: 'titleorder-ord_x', type: 'ChargesCaptured' })).toBeUndefined();
    expect(triggerOf({ streamId: 'account-acc_x', type: 'OrderCompleted' })).toBeUndefined();
  });
});

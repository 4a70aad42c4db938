import { webhookDeliveries, webhookDeliveryRetry } from '@pds/contracts';
import { handlerOf, type Refusal } from '../../operations/handler';
import { deliveryPage, readCursor, retryDelivery } from '../../webhooks/delivery-history';
import { hasWebhook } from '../../webhooks/registrations';
import { readWebhookPath, webhookNotFound } from './registrations';

// `webhook_deliveries` and `webhook_delivery_retry`: what was sent to one of the account's webhooks, and sending one
// of those again.

const deliveryNotFound: Refusal = {
  ok: false,
  code: 'DELIVERY_NOT_FOUND',
  message: "This webhook has no such delivery; see the webhook's deliveries for their ids.",
};

export const listDeliveries = handlerOf(webhookDeliveries, {
  handle: async ({ input, caller, deps }) => {
    if (!(await hasWebhook(deps.db, caller.accountId, input.params.webhookId))) return webhookNotFound;
    const after = input.query.cursor === undefined ? undefined : readCursor(input.query.cursor);
    if (input.query.cursor !== undefined && !after)
      return {
        ok: false,
        code: 'INVALID_CURSOR',
        message: '`cursor` is not one this endpoint gave; pass `nextCursor` as it was answered.',
      };
    return { ok: true, data: await deliveryPage(deps.db, input.params.webhookId, { limit: input.query.limit, after }) };
  },
});

export const retryWebhookDelivery = handlerOf(webhookDeliveryRetry, {
  // A path of ids in no webhook's or delivery's form names nothing of the caller's: the webhook's 404 first.
  read: (raw) => {
    const webhook = readWebhookPath(raw);
    if (!webhook.ok) return webhook;
    const path = webhookDeliveryRetry.request.params.safeParse(raw.params);
    return path.success
      ? { ok: true, value: { query: undefined, params: path.data, headers: undefined, body: undefined } }
      : deliveryNotFound;
  },
  handle: async ({ input, caller, deps }) => {
    if (!(await hasWebhook(deps.db, caller.accountId, input.params.webhookId))) return webhookNotFound;
    const delivery = await retryDelivery(deps.db, input.params.webhookId, input.params.deliveryId, deps.clock.now());
    return delivery ? { ok: true, data: delivery } : deliveryNotFound;
  },
});

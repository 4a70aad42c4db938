import { webhookCreate, webhookDelete, webhookList } from '@pds/contracts';
import { handlerOf, type Refusal } from '../../operations/handler';
import { deleteWebhook, listWebhooks, registerWebhook } from '../../webhooks/registrations';
import { vetTarget } from '../../webhooks/target-guard';

// `webhook_create`, `webhook_list` and `webhook_delete`: the account's own registrations, in the gateway's tables.

export const webhookNotFound: Refusal = {
  ok: false,
  code: 'WEBHOOK_NOT_FOUND',
  message: 'No such webhook on your account; list them with GET /webhooks.',
};

/** An id that is not a webhook id names no webhook of the caller's: the same 404 as a missing one. */
export const readWebhookPath = (raw: { params: Record<string, string> }) => {
  const path = webhookDelete.request.params.safeParse({ webhookId: raw.params.webhookId });
  return path.success
    ? { ok: true as const, value: { query: undefined, params: path.data, headers: undefined, body: undefined } }
    : webhookNotFound;
};

export const createWebhook = handlerOf(webhookCreate, {
  handle: async ({ input, caller, deps }) => {
    const target = await vetTarget(input.body.url, deps.webhooks.settings.policy, deps.webhooks.resolve);
    if (!target.ok) return { ok: false, code: 'WEBHOOK_TARGET_REFUSED', message: `The URL cannot receive webhooks: ${target.reason}.` };
    const created = await registerWebhook(deps.db, deps.webhooks.settings.keys, {
      ...input.body,
      accountId: caller.accountId,
      now: deps.clock.now(),
    });
    if (created === 'limit_reached')
      return {
        ok: false,
        code: 'WEBHOOK_LIMIT_REACHED',
        message: 'Your account has 10 webhooks already; delete one before adding another.',
      };
    return { ok: true, data: created };
  },
});

export const listAccountWebhooks = handlerOf(webhookList, {
  handle: async ({ caller, deps }) => ({ ok: true, data: { webhooks: await listWebhooks(deps.db, caller.accountId) } }),
});

export const removeWebhook = handlerOf(webhookDelete, {
  read: readWebhookPath,
  handle: async ({ input, caller, deps }) =>
    (await deleteWebhook(deps.db, caller.accountId, input.params.webhookId, deps.clock.now()))
      ? { ok: true, data: { webhookId: input.params.webhookId, deleted: true } }
      : webhookNotFound,
});

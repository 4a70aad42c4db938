import type { Router } from 'express';
import type { AccountDeps } from '../account-deps';
import { deliveryPage } from '../../webhooks/delivery-history';
import { deleteWebhook, listWebhooks } from '../../webhooks/registrations';
import { html } from './html';
import type { PageTools } from './key-routes';
import { noSuchWebhookPage, webhooksPage } from './pages/webhook-pages';

export const webhookPostPaths = ['/account/webhooks/delete'] as const;

/** Deliveries shown under each webhook: the latest, enough to see whether it is working. */
const deliveriesShown = 10;
const unreadable = html`<p class="notice">We cannot read your webhooks just now. Try again in a moment.</p>`;

/** The webhooks page: the account's webhooks from the gateway's own tables, read and deleted for the session's account only. */
export const webhookRoutes = (router: Router, deps: AccountDeps, tools: PageTools) => {
  const { show, token, signedIn, field } = tools;
  const title = 'Webhooks';

  router.get('/account/webhooks', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    try {
      const webhooks = await listWebhooks(deps.db, session.accountId);
      const hooks = await Promise.all(
        webhooks.map(async (webhook) => ({
          webhook,
          deliveries: (await deliveryPage(deps.db, webhook.webhookId, { limit: deliveriesShown })).deliveries,
        })),
      );
      show(res, title, webhooksPage(hooks, token(req, res, '/account/webhooks/delete')));
    } catch {
      show(res, title, unreadable, 503);
    }
  });

  router.post('/account/webhooks/delete', async (req, res) => {
    const session = signedIn(req, res);
    if (!session) return;
    const webhookId = field(req, 'webhookId');
    // Another account's webhook, or an id of no shape, is deleted by nothing and reads as none.
    const deleted = /^wh_[a-z2-7]{26}$/.test(webhookId) && (await deleteWebhook(deps.db, session.accountId, webhookId, deps.clock.now()));
    if (!deleted) return show(res, 'No such webhook', noSuchWebhookPage(), 404);
    res.redirect(303, '/account/webhooks');
  });
};

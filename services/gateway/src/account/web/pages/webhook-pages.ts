import type { Delivery, Webhook } from '@pds/contracts';
import { html, type Html } from '../html';
import { ukSecond } from './format';

/** UK time, to the second: deliveries are minutes apart at most. */
const when = ukSecond;

const statusText: Record<Delivery['status'], string> = {
  pending: 'Waiting to be sent again',
  succeeded: 'Delivered',
  failed: 'Given up',
  cancelled: 'Cancelled',
};

/** The last attempt's answer: the status code, or why none came. */
const lastAnswer = (d: Delivery): string => {
  const last = d.attempts.at(-1);
  if (!last) return 'not sent yet';
  return last.statusCode === null ? `no answer (${last.error ?? 'unknown'})` : `HTTP ${last.statusCode}`;
};

const deliveriesTable = (w: Webhook, deliveries: Delivery[]): Html =>
  deliveries.length === 0
    ? html`<p>Nothing sent to it yet.</p>`
    : html`<table>
        <caption>
          Latest deliveries to ${w.url}
        </caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Made</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last answer</th>
          </tr>
        </thead>
        <tbody>
          ${deliveries.map(
            (d) =>
              html`<tr data-delivery-id="${d.deliveryId}">
                <td><code>${d.type}</code></td>
                <td>${when(d.createdAt)}</td>
                <td>${statusText[d.status]}${d.nextAttemptAt ? `, next at ${when(d.nextAttemptAt)}` : ''}</td>
                <td>${d.attempts.length}</td>
                <td>${lastAnswer(d)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;

/**
 * The account's webhooks with their latest deliveries, and a form to delete each. They are made through the API
 * (`POST /api/v1/webhooks`), which shows the signing secret once; here only its first characters.
 */
export const webhooksPage = (hooks: Array<{ webhook: Webhook; deliveries: Delivery[] }>, deleteToken: string): Html =>
  html`<p>
      Webhooks tell your server when a report or a title order ends. Make one with <code>POST /api/v1/webhooks</code> (see the
      <a href="/docs">API documentation</a>): its signing secret is shown there once. Deleting one here stops its deliveries, including any
      waiting to be sent again.
    </p>
    ${
      hooks.length === 0
        ? html`<p id="no-webhooks">You have no webhooks.</p>`
        : hooks.map(
            ({ webhook: w, deliveries }) =>
              html`<section data-webhook-id="${w.webhookId}">
                <h2>${w.url}</h2>
                <p>
                  Events: ${w.events.join(', ')}. Secret starts <code>${w.secretHint}</code>. Made ${when(w.createdAt)}.
                  ${w.description ? html`<br />${w.description}` : ''}
                </p>
                ${deliveriesTable(w, deliveries)}
                <form method="post" action="/account/webhooks/delete">
                  <input type="hidden" name="_csrf" value="${deleteToken}" /><input type="hidden" name="webhookId" value="${w.webhookId}" />
                  <button type="submit" class="danger">Delete the webhook to ${w.url}</button>
                </form>
              </section>`,
          )
    }`;

export const noSuchWebhookPage = (): Html =>
  html`<p class="notice">Your account has no such webhook.</p>
    <p><a href="/account/webhooks">Back to your webhooks</a></p>`;

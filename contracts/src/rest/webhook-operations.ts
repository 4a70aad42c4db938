import { defineOperation } from './operation';
import {
  CreatedWebhookResponse,
  DeletedWebhookResponse,
  DeliveriesQuery,
  DeliveryPageResponse,
  DeliveryPath,
  DeliveryResponse,
  WebhookCreateRequest,
  WebhookIdPath,
  WebhookListResponse,
  webhookEventTypes,
  webhooksPerAccountMax,
} from './webhooks';

// The Webhooks group: an account registers the URLs it wants told when its reports and title orders end, and sees
// what was delivered to each. All free.

const events = `**Events.** ${webhookEventTypes.map((t) => `\`${t}\``).join(', ')}: a report or a title order of the
account reaching \`completed\` or \`failed\`. Orders and reports refused when requested fire nothing (the caller had
the refusal in the answer).`;

const payload = `**Payload.** Each delivery is a \`POST\` with \`Content-Type: application/json\` and the body
\`{id, type, createdAt, data}\`: \`id\` names the event (\`evt_…\`, the same on every attempt and every retry, and the same
for every webhook told of it), \`type\` is the event type, \`createdAt\` when it happened, and \`data\` the resource as its
GET shows it (the title order as \`land_registry_order_status\` answers). The body is fixed when the event is recorded:
every attempt sends the same bytes. Headers: \`PDS-Signature\`, \`PDS-Event-Id\`, \`PDS-Event-Type\`, \`PDS-Delivery-Id\`,
\`User-Agent: PDS-Webhooks/1\`.`;

const signature = `**Signature.** \`PDS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>\`, the HMAC keyed by the whole
secret string (\`whsec_…\`, its UTF-8 bytes) over \`"<t>.<raw body>"\`. Each attempt is signed afresh with its own \`t\`.
Verify over the raw bytes received (not re-serialised JSON), compare in constant time, and reject a \`t\` more than 300 s
from your clock (replays).`;

const retries = `**Retries.** A delivery succeeds on any 2xx within 10 s; a timeout, a refused connection, a redirect or any
other status is retried with exponential backoff (30 s, doubling, at most 1 h apart, ±10 % jitter) until 24 h after the
event; then it is \`failed\`. Delivery is at least once: a receiver may get an event twice (a crash after sending,
before recording), so dedupe on \`id\`. Events are recorded before they are sent, so none is lost. A delivery can be
sent again by hand (\`webhook_delivery_retry\`).`;

const targets = `**Targets.** \`https\` only, with no credentials in the URL; the host may not be, or resolve to, a private,
loopback, link-local or otherwise reserved address (checked when registered and again before every attempt, and the
connection goes to the address checked). A deployment may allow loopback targets (over \`http\` too) for local
development.`;

export const webhookCreate = defineOperation({
  operationId: 'webhook_create',
  method: 'post',
  path: '/webhooks',
  tag: 'Webhooks',
  summary: 'Register a webhook',
  description: `Registers \`url\` to be told of \`events\` of the caller's account, from now on. Answers 201 with the
webhook and its signing \`secret\`, which is shown here only: keep it (the list shows a hint of it). At most
${webhooksPerAccountMax} webhooks per account.

${events}

${payload}

${signature}

${retries}

${targets}`,
  cost: { kind: 'free' },
  request: { body: WebhookCreateRequest },
  response: {
    status: 201,
    description: 'The webhook, with its secret (shown once)',
    mediaType: 'application/json',
    schema: CreatedWebhookResponse,
  },
  errors: {
    INVALID_PARAMETERS:
      'The body is invalid: `url` missing or over 2048 characters, `events` empty, unknown or repeated (`details` names the fields)',
    WEBHOOK_TARGET_REFUSED:
      'The URL may not be a target: not https, credentials in it, a private, loopback or link-local address, or a host that does not resolve (the message says which)',
    WEBHOOK_LIMIT_REACHED: `The account has ${webhooksPerAccountMax} webhooks already; delete one first`,
  },
});

export const webhookList = defineOperation({
  operationId: 'webhook_list',
  method: 'get',
  path: '/webhooks',
  tag: 'Webhooks',
  summary: "The account's webhooks",
  description: "The caller's webhooks, oldest first, each with a `secretHint` (the secret itself is shown only when created).",
  cost: { kind: 'free' },
  request: {},
  response: { status: 200, description: 'The webhooks', mediaType: 'application/json', schema: WebhookListResponse },
  errors: {},
});

export const webhookDelete = defineOperation({
  operationId: 'webhook_delete',
  method: 'delete',
  path: '/webhooks/{webhookId}',
  tag: 'Webhooks',
  summary: 'Delete a webhook',
  description: 'Deletes the webhook: it is told of nothing more, and its pending deliveries are cancelled.',
  cost: { kind: 'free' },
  request: { params: WebhookIdPath },
  response: { status: 200, description: 'Deleted', mediaType: 'application/json', schema: DeletedWebhookResponse },
  errors: { WEBHOOK_NOT_FOUND: "No such webhook on the caller's account (or it was deleted)" },
});

export const webhookDeliveries = defineOperation({
  operationId: 'webhook_deliveries',
  method: 'get',
  path: '/webhooks/{webhookId}/deliveries',
  tag: 'Webhooks',
  summary: "A webhook's deliveries and their attempts",
  description: `The webhook's deliveries, newest first, \`limit\` (1 to 100, default 20) a page; pass \`nextCursor\` as
\`cursor\` for the next page (null on the last). Each lists its attempts: when, the receiver's status code (or the error
when none came) and the latency.

${retries}`,
  cost: { kind: 'free' },
  request: { params: WebhookIdPath, query: DeliveriesQuery },
  response: { status: 200, description: 'A page of deliveries', mediaType: 'application/json', schema: DeliveryPageResponse },
  errors: {
    WEBHOOK_NOT_FOUND: "No such webhook on the caller's account (or it was deleted)",
    INVALID_CURSOR: '`cursor` is not one this endpoint gave',
  },
});

export const webhookDeliveryRetry = defineOperation({
  operationId: 'webhook_delivery_retry',
  method: 'post',
  path: '/webhooks/{webhookId}/deliveries/{deliveryId}/retry',
  tag: 'Webhooks',
  summary: 'Send a delivery again',
  description: `Queues the delivery to be sent again now, whatever its status: the same body and the same event \`id\`, a
fresh signature, and a new 24 h retry window from now. Answers 202 with the delivery.`,
  cost: { kind: 'free' },
  request: { params: DeliveryPath },
  response: { status: 202, description: 'The delivery, due now', mediaType: 'application/json', schema: DeliveryResponse },
  errors: {
    WEBHOOK_NOT_FOUND: "No such webhook on the caller's account (or it was deleted)",
    DELIVERY_NOT_FOUND: 'The webhook has no such delivery',
  },
});

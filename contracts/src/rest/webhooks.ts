import { z } from '../zod';
import { freeEnvelope } from './billing';

// REST shapes of the Webhooks group: an account's registrations, and the deliveries made to each.

/** What a webhook may subscribe to: a report or a title order reaching its end. */
export const webhookEventTypes = ['report.completed', 'report.failed', 'title_order.completed', 'title_order.failed'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** Webhooks an account may have at once. */
export const webhooksPerAccountMax = 10;

export const deliveryStatuses = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

const isoDateTime = z.string().datetime({ offset: true });
const webhookId = z
  .string()
  .regex(/^wh_[a-z2-7]{26}$/)
  .openapi({ example: 'wh_k3q4x2c5m2h7t6v4w4y6z2a2b4' });
const deliveryId = z
  .string()
  .regex(/^dlv_[a-z2-7]{26}$/)
  .openapi({ example: 'dlv_p2rz5mq7d3k6s4t2v7w5x3y2ab' });

export const WebhookIdPath = z.strictObject({ webhookId });
export const DeliveryPath = z.strictObject({ webhookId, deliveryId });

export const WebhookCreateRequest = z
  .strictObject({
    url: z.string().max(2048).openapi({ example: 'https://hooks.example.com/pds' }),
    events: z
      .array(z.enum(webhookEventTypes))
      .min(1)
      .refine((events) => new Set(events).size === events.length, 'each event type once'),
    description: z.string().max(200).optional(),
  })
  .openapi('WebhookCreateRequest');
export type WebhookCreateRequest = z.infer<typeof WebhookCreateRequest>;

export const Webhook = z
  .strictObject({
    webhookId,
    url: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    description: z.string().nullable(),
    createdAt: isoDateTime,
    secretHint: z
      .string()
      .openapi({ example: 'whsec_Zk3q…', description: 'The first characters of the signing secret, to tell secrets apart' }),
  })
  .openapi('Webhook');
export type Webhook = z.infer<typeof Webhook>;

export const CreatedWebhook = Webhook.extend({
  secret: z.string().openapi({
    example: 'whsec_8pQm0Xo2b7Kc1Jt5yVn3r6Hd9Wf4Ls0Ae2Gi7Uz5Cq1',
    description: 'The signing secret: shown here only, never again',
  }),
}).openapi('CreatedWebhook');
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WebhookList = z.strictObject({ webhooks: z.array(Webhook) }).openapi('WebhookList');
export const DeletedWebhook = z.strictObject({ webhookId, deleted: z.literal(true) }).openapi('DeletedWebhook');

export const DeliveryAttempt = z
  .strictObject({
    at: isoDateTime,
    statusCode: z.number().int().nullable().openapi({ description: "The receiver's HTTP status; null when none came" }),
    error: z.string().nullable().openapi({ description: 'Why the attempt failed without an HTTP status (timeout, refused target…)' }),
    latencyMs: z.number().int().nonnegative(),
  })
  .openapi('DeliveryAttempt');
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

export const Delivery = z
  .strictObject({
    deliveryId,
    eventId: z.string().openapi({ example: 'evt_7xq2m4k9d3p6s2t5v8w3y4z6ab' }),
    type: z.enum(webhookEventTypes),
    status: z.enum(deliveryStatuses),
    createdAt: isoDateTime,
    nextAttemptAt: isoDateTime.nullable(),
    attempts: z.array(DeliveryAttempt),
  })
  .openapi('Delivery');
export type Delivery = z.infer<typeof Delivery>;

export const DeliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const DeliveryPage = z.strictObject({ deliveries: z.array(Delivery), nextCursor: z.string().nullable() }).openapi('DeliveryPage');

/** The JSON body of every delivery (`data` is the resource as its GET shows it). */
export const WebhookEvent = z
  .strictObject({
    id: z.string().openapi({ description: 'The same on every attempt and every retry of one event: dedupe on it' }),
    type: z.enum(webhookEventTypes),
    createdAt: isoDateTime,
    data: z.record(z.string(), z.unknown()),
  })
  .openapi('WebhookEvent');

export const CreatedWebhookResponse = freeEnvelope(CreatedWebhook).openapi('CreatedWebhookResponse');
export const WebhookListResponse = freeEnvelope(WebhookList).openapi('WebhookListResponse');
export const DeletedWebhookResponse = freeEnvelope(DeletedWebhook).openapi('DeletedWebhookResponse');
export const DeliveryPageResponse = freeEnvelope(DeliveryPage).openapi('DeliveryPageResponse');
export const DeliveryResponse = freeEnvelope(Delivery).openapi('DeliveryResponse');

import { createHash, randomBytes } from 'node:crypto';

// The webhooks' identifiers: `<prefix>_` and 26 characters of lower-case base32 (130 bits).

const base32 = 'abcdefghijklmnopqrstuvwxyz234567';
const encode = (bytes: Buffer) => {
  let text = '';
  for (let i = 0; i < 26; i++) text += base32[(bytes[i] ?? 0) % 32];
  return text;
};
const digest = (text: string) => createHash('sha256').update(text).digest();

export const newWebhookId = () => `wh_${encode(randomBytes(26))}`;

/**
 * The event's id, from the id of the source event that fired it: the same for every webhook told of it and on every
 * attempt, however often the source event is relayed again, so that receivers can dedupe on it.
 */
export const webhookEventIdFor = (sourceEventId: string) => `evt_${encode(digest(`webhook-event\u0000${sourceEventId}`))}`;

/** One delivery per webhook and event: the intake may meet an event twice and must not owe it twice. */
export const deliveryIdFor = (webhookId: string, eventId: string) => `dlv_${encode(digest(`${webhookId}\u0000${eventId}`))}`;

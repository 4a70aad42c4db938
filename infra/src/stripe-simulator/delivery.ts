import type { Logger } from '@pds/service-runtime';
import type { StripeFaultBook } from './faults';
import { deliveryAttemptModes, deliveryQueuedModes } from './faults';
import { signatureHeader } from './signature';

// Webhook deliveries to the configured endpoint, as Stripe makes them: a POST of the event's JSON with a
// `Stripe-Signature` made afresh for each attempt (real time), one delivery at a time, in the order the events were
// made unless a fault holds one back; an attempt that is not answered 2xx within `attemptTimeoutMs` is tried again
// after `retryBaseMs`, then twice as long each time, `attemptsMax` attempts in all (1, 2, 4 … 64 s by default;
// Stripe's own schedule spans days). Without an endpoint, events are kept, not sent. Bounded: at most `maxEvents`
// kept, the oldest finished ones dropped first, and a new event beyond that many unfinished is refused (logged).

export interface DeliveryAttempt {
  /** Real time of the attempt. */
  at: string;
  /** The endpoint's status; null when no answer came (dropped, refused, timed out). */
  status: number | null;
  error?: string;
}

export type DeliveryState = 'pending' | 'held' | 'delivered' | 'failed' | 'no_endpoint';

export interface DeliveryRecord {
  id: string;
  type: string;
  objectId: string;
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  /** How many more times it is delivered after a success (a `duplicate` fault). */
  copiesLeft: number;
  payload: string;
  dueAtMs: number;
  /** `reorder`: released once the event with this id has been delivered. */
  heldBehind?: string;
}

export interface DeliveryOptions {
  secret: string;
  url: string | null;
  faults: StripeFaultBook;
  logger: Logger;
  retryBaseMs?: number;
  attemptsMax?: number;
  attemptTimeoutMs?: number;
}

const maxEvents = 1_000;

export class WebhookDelivery {
  private readonly records: DeliveryRecord[] = [];
  private url: string | null;
  private sending = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly retryBaseMs: number;
  private readonly attemptsMax: number;
  private readonly attemptTimeoutMs: number;

  constructor(private readonly options: DeliveryOptions) {
    this.url = options.url;
    this.retryBaseMs = options.retryBaseMs ?? 1_000;
    this.attemptsMax = options.attemptsMax ?? 8;
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
  }

  /** Where deliveries go from now on (null: nowhere; events made meanwhile are kept, not sent). */
  setEndpoint(url: string | null): void {
    this.url = url;
    this.pump();
  }

  get endpoint() {
    return this.url;
  }

  /** Queues an event (its JSON as sent), applying the delivery fault it takes when made. */
  enqueue(event: { id: string; type: string; data: { object: { id: string } } }): void {
    if (this.records.filter((r) => r.state === 'pending' || r.state === 'held').length >= maxEvents) {
      this.options.logger.error({ eventId: event.id, type: event.type }, `more than ${maxEvents} events undelivered: event not queued`);
      return;
    }
    const record: DeliveryRecord = {
      id: event.id,
      type: event.type,
      objectId: event.data.object.id,
      state: this.url ? 'pending' : 'no_endpoint',
      attempts: [],
      copiesLeft: 0,
      payload: JSON.stringify(event, null, 2),
      dueAtMs: Date.now(),
    };
    const fault = this.options.faults.take({ eventType: event.type, modes: deliveryQueuedModes });
    if (fault) this.options.logger.info({ eventId: event.id, fault }, 'delivery fault taken');
    if (fault?.mode === 'duplicate') record.copiesLeft = 1;
    if (fault?.mode === 'delay') {
      if (fault.delayMs === undefined) record.state = 'held';
      else record.dueAtMs += fault.delayMs;
    }
    // Held behind whichever event is made next.
    for (const r of this.records) if (r.heldBehind === '') r.heldBehind = event.id;
    if (fault?.mode === 'reorder') [record.state, record.heldBehind] = ['held', ''];
    this.records.push(record);
    this.trim();
    this.pump();
  }

  /** Every held event goes out now. */
  release(): number {
    const held = this.records.filter((r) => r.state === 'held');
    for (const r of held) [r.state, r.heldBehind, r.dueAtMs] = ['pending', undefined, Date.now()];
    this.pump();
    return held.length;
  }

  list(): Omit<DeliveryRecord, 'payload'>[] {
    return this.records.map(({ payload: _payload, ...rest }) => ({ ...rest, attempts: [...rest.attempts] }));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private trim(): void {
    while (this.records.length > maxEvents) {
      const index = this.records.findIndex((r) => r.state !== 'pending' && r.state !== 'held');
      if (index < 0) return;
      this.records.splice(index, 1);
    }
  }

  /** Sends the first due event, then the next; or waits for the earliest due. */
  private pump(): void {
    if (this.sending || this.closed || !this.url) return;
    clearTimeout(this.timer);
    const waiting = this.records.filter((r) => r.state === 'pending' || (r.state === 'no_endpoint' && this.url));
    for (const r of waiting) r.state = 'pending';
    const now = Date.now();
    const due = waiting.find((r) => r.dueAtMs <= now);
    if (!due) {
      const next = Math.min(...waiting.map((r) => r.dueAtMs));
      if (Number.isFinite(next)) this.timer = setTimeout(() => this.pump(), next - now);
      return;
    }
    this.sending = true;
    void this.attempt(due, this.url).finally(() => {
      this.sending = false;
      this.pump();
    });
  }

  private async attempt(record: DeliveryRecord, url: string): Promise<void> {
    const at = new Date().toISOString();
    const fault = this.options.faults.take({ eventType: record.type, modes: deliveryAttemptModes });
    let status: number | null = null;
    let error: string | undefined;
    if (fault) error = 'dropped: the connection closed before an answer (fault)';
    else {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signatureHeader(record.payload, this.options.secret, Math.floor(Date.now() / 1000)),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: record.payload,
          signal: AbortSignal.timeout(this.attemptTimeoutMs),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch (err) {
        error = (err as Error).message;
      }
    }
    record.attempts.push({ at, status, ...(error === undefined ? {} : { error }) });
    this.settle(record, status !== null && status >= 200 && status < 300);
  }

  private settle(record: DeliveryRecord, delivered: boolean): void {
    if (delivered) {
      if (record.copiesLeft > 0) [record.copiesLeft, record.dueAtMs] = [record.copiesLeft - 1, Date.now()];
      else record.state = 'delivered';
      for (const r of this.records) if (r.heldBehind === record.id) [r.state, r.heldBehind, r.dueAtMs] = ['pending', undefined, Date.now()];
      return;
    }
    const failures = record.attempts.filter((a) => a.status === null || a.status < 200 || a.status >= 300).length;
    if (failures >= this.attemptsMax) {
      record.state = 'failed';
      this.options.logger.warn({ eventId: record.id, type: record.type, attempts: record.attempts.length }, 'webhook delivery given up');
      return;
    }
    record.dueAtMs = Date.now() + this.retryBaseMs * 2 ** (failures - 1);
  }
}

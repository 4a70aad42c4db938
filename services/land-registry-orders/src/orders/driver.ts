import { orderEvents } from '@pds/contracts';
import {
  businessGateway,
  extractPdfText,
  isOpen,
  nextOpening,
  parseRegister,
  toRegistryIso,
  type OrderReference,
  type RegistryGateway,
  type SubmissionOutcome,
} from '@pds/land-register';

const { registerExtract } = businessGateway;
type RegisterSummary = businessGateway.registerExtract.RegisterSummary;
import { runPeriodically, type AggregateStore, type Clock, type Logger, type RequestContext } from '@pds/service-runtime';
import type pg from 'pg';
import type { OrderCharges, Settled } from './charges';
import { decide, type OrderCommand } from './decide';
import type { DocumentStore } from './document-store';
import { nextStep, settlingSteps, type Step } from './next-step';
import type { Order, OrderEvent, PlacedOrder } from './order';
import { isPlaced } from './order';

export interface DriverDeps {
  orders: AggregateStore<Order, OrderEvent>;
  charges: OrderCharges;
  registry: RegistryGateway;
  documents: DocumentStore;
  db: pg.Pool;
  clock: Clock;
  logger: Logger;
  /** How often an order with the registry asks whether its documents are ready. */
  pollMs: number;
}

/** Steps taken for one order in one go; a longer chain continues at the next sweep. */
const stepsPerAdvance = 12;
const sweepBatch = 100;

/**
 * Moves orders along their state machine: asks `nextStep` what the order needs, does it (at the ledger, the registry
 * or with the documents), records what came of it, and repeats. Everything it records goes through `decide`, so a
 * repeated or raced step records nothing new. A sweep over the read model picks up every order with work due,
 * which is how an order queued overnight is submitted at opening and how a restart resumes whatever a crash cut off.
 */
export class OrderDriver {
  private readonly busy = new Set<string>();
  private readonly pollNotBefore = new Map<string, number>();

  constructor(private readonly deps: DriverDeps) {}

  /** Runs `work` while no sweep touches the order (the placement takes the first steps itself). */
  async exclusively<T>(orderId: string, work: () => Promise<T>): Promise<T | undefined> {
    if (this.busy.has(orderId)) return undefined;
    this.busy.add(orderId);
    try {
      return await work();
    } finally {
      this.busy.delete(orderId);
    }
  }

  /** Takes the order's steps until it has to wait (for the clock, the registry or a person). */
  advance(orderId: string): Promise<void> {
    return this.takeSteps(orderId, () => true);
  }

  /**
   * Takes the order's steps at the ledger (capture, release, refund …) and stops before any other: how an operator's
   * resolution settles the money before it answers, leaving the registry and the documents to the sweep.
   */
  settle(orderId: string): Promise<void> {
    return this.takeSteps(orderId, (step) => settlingSteps.has(step.kind));
  }

  private takeSteps(orderId: string, wanted: (step: Step) => boolean): Promise<void> {
    return this.exclusively(orderId, async () => {
      for (let i = 0; i < stepsPerAdvance; i++) {
        const { state } = await this.deps.orders.load(orderEvents.orderStreamId(orderId));
        if (!isPlaced(state)) return;
        const step = nextStep(state, this.deps.clock.now());
        if (step.kind === 'none' || step.kind === 'wait' || !wanted(step)) return;
        if (!(await this.perform(state, step))) return;
      }
    }).then(() => undefined);
  }

  /** Advances an order in the background, logging (not throwing) what goes wrong: the next sweep tries again. */
  poke(orderId: string): void {
    void this.advance(orderId).catch((err: unknown) =>
      this.deps.logger.warn({ err, orderId }, 'order step failed; the next sweep retries'),
    );
  }

  start(intervalMs: number) {
    return runPeriodically(
      'order-driver',
      intervalMs,
      async (isStopping) => {
        const { rows } = await this.deps.db.query<{ order_id: string }>(
          'SELECT order_id FROM title_orders WHERE next_step_at <= $1 ORDER BY next_step_at LIMIT $2',
          [this.deps.clock.now(), sweepBatch],
        );
        for (const { order_id: orderId } of rows) {
          if (isStopping()) return;
          await this.advance(orderId).catch((err: unknown) =>
            this.deps.logger.warn({ err, orderId }, 'order step failed; the next sweep retries'),
          );
        }
      },
      this.deps.logger,
    );
  }

  /** Records what a step learnt; true when something new was recorded. */
  async record(o: PlacedOrder, command: OrderCommand): Promise<boolean> {
    const { events } = await this.deps.orders.handle(orderEvents.orderStreamId(o.orderId), (s) => decide(command, s), {
      correlationId: o.orderId,
      actor: 'land-registry-orders',
      command: command.type,
    });
    if (events.length > 0) this.deps.logger.info({ orderId: o.orderId, events: events.map((e) => e.type) }, 'order moved');
    return events.length > 0;
  }

  /** Reserves the order's charges and records the ledger's answer. */
  async reserve(o: PlacedOrder, ctx: RequestContext) {
    const outcome = await this.deps.charges.reserve(o, ctx);
    const now = this.deps.clock.now();
    await this.record(o, {
      type: 'RecordReservation',
      outcome: outcome.ok ? { ok: true } : { ok: false, code: outcome.code, message: outcome.message },
      now: now.toISOString(),
      nextOpening: isOpen(now) ? null : toRegistryIso(nextOpening(now)),
    });
    return outcome;
  }

  private now() {
    return this.deps.clock.now().toISOString();
  }

  private settledAtLedger(o: PlacedOrder, outcome: Settled): OrderCommand {
    const { orderId, reservationId } = o;
    this.deps.logger.warn({ orderId, reservationId, outcome }, 'the ledger had already settled the reservation; the order follows it');
    return { type: 'RecordSettledAtLedger', outcome, now: this.now() };
  }

  private ctx(o: PlacedOrder): RequestContext {
    return { correlationId: o.orderId, requestId: o.orderId, actor: 'land-registry-orders' };
  }

  private async perform(o: PlacedOrder, step: Exclude<Step, { kind: 'none' | 'wait' }>): Promise<boolean> {
    const { charges } = this.deps;
    const reason = o.error ? `${o.error.code}: ${o.error.message}`.slice(0, 200) : 'order';
    switch (step.kind) {
      case 'reserve':
        await this.reserve(o, this.ctx(o));
        return true;
      // The ledger may answer that an operator settled the reservation otherwise first: the order records that instead.
      case 'capture': {
        const held = await charges.capture(o, this.ctx(o));
        return this.record(o, held === 'captured' ? { type: 'RecordCapture', now: this.now() } : this.settledAtLedger(o, held));
      }
      case 'release': {
        const held = await charges.release(o, this.ctx(o), reason);
        return this.record(o, held === 'released' ? { type: 'RecordRelease', now: this.now() } : this.settledAtLedger(o, held));
      }
      case 'quarantine': {
        const held = await charges.quarantine(o, this.ctx(o), reason);
        return this.record(o, held === 'quarantined' ? { type: 'RecordQuarantine', now: this.now() } : this.settledAtLedger(o, held));
      }
      case 'refund':
        await charges.refund(o, this.ctx(o), {
          refundId: `${o.orderId}:fulfilment`,
          amountCredits: o.cost.totalCredits,
          amountPence: o.cost.totalPence,
          reason,
        });
        return this.record(o, { type: 'RecordRefund', now: this.now() });
      case 'refund_extraction':
        await charges.refund(o, this.ctx(o), {
          refundId: `${o.orderId}:extraction`,
          amountCredits: o.cost.extractionCredits,
          amountPence: 0,
          reason: 'register extraction failed',
        });
        return this.record(o, { type: 'RecordExtractionRefund', now: this.now() });
      case 'submit':
        return this.submit(o);
      case 'check_submission':
        return this.checkSubmission(o);
      case 'poll':
        return this.poll(o);
      case 'extract':
        return this.extract(o);
      case 'close':
        return this.record(o, { type: 'CloseOrder', now: this.now() });
    }
  }

  private async submit(o: PlacedOrder): Promise<boolean> {
    const now = this.deps.clock.now();
    if (!isOpen(now))
      return this.record(o, { type: 'QueueForOpening', retryAfter: toRegistryIso(nextOpening(now)), now: now.toISOString() });
    // Recorded before the call: after a crash the driver knows a submission may have reached the registry and asks
    // before submitting again.
    if (!(await this.record(o, { type: 'StartSubmission', now: now.toISOString() }))) return false;
    const outcome: SubmissionOutcome = await this.deps.registry
      .submitOrder({
        clientReference: o.orderId,
        titleNumber: o.titleNumber,
        documents: o.documents.map((d) => d.type),
        backdatedCopyConfirmed: o.backdatedCopyConfirmed,
        withSummary: o.extractRegisterText,
      })
      .catch((err: unknown) => ({ kind: 'uncertain' as const, reason: err instanceof Error ? err.message : String(err) }));
    return this.record(o, { type: 'RecordSubmission', outcome, now: this.now() });
  }

  private async checkSubmission(o: PlacedOrder): Promise<boolean> {
    const found = await this.deps.registry.orderState(referenceOf(o));
    if (found.kind === 'unknown') {
      this.deps.logger.warn({ orderId: o.orderId }, 'a started submission never reached the registry; submitting again');
      return this.submit(o);
    }
    return this.record(o, {
      type: 'RecordSubmission',
      outcome: { kind: 'accepted', registryReference: found.registryReference },
      now: this.now(),
    });
  }

  private async poll(o: PlacedOrder): Promise<boolean> {
    if ((this.pollNotBefore.get(o.orderId) ?? 0) > Date.now()) return false;
    const found = await this.deps.registry.orderState(referenceOf(o));
    if (found.kind === 'completed') {
      const delivered = [];
      for (const d of o.documents) {
        const pdf = found.documents.find((f) => f.type === d.type)?.pdf;
        if (!pdf) throw new Error(`the registry completed order ${o.orderId} without its ${d.type}`);
        const stored = await this.deps.documents.save({
          documentId: d.documentId,
          orderId: o.orderId,
          accountId: o.accountId,
          kind: d.type,
          pdf,
        });
        delivered.push({ type: d.type, documentId: d.documentId, ...stored });
      }
      this.pollNotBefore.delete(o.orderId);
      const summary = found.summary ? { registerSummary: found.summary as unknown as Record<string, unknown> } : {};
      return this.record(o, { type: 'RecordDelivery', documents: delivered, ...summary, now: this.now() });
    }
    if (found.kind === 'failed') {
      this.pollNotBefore.delete(o.orderId);
      return this.record(o, { type: 'RecordFulfilmentFailure', code: found.code, message: found.message, now: this.now() });
    }
    if (found.kind === 'unknown') this.deps.logger.error({ orderId: o.orderId }, 'the registry does not know an order it accepted');
    this.pollNotBefore.set(o.orderId, Date.now() + this.deps.pollMs);
    return false;
  }

  private async extract(o: PlacedOrder): Promise<boolean> {
    const register = o.documents.find((d) => d.type === 'register');
    if (!register) throw new Error(`order ${o.orderId} asks for extraction without a register`);
    const pdf = await this.deps.documents.pdf(register.documentId);
    if (!pdf) throw new Error(`order ${o.orderId}: delivered register ${register.documentId} is not stored`);
    const result = await readRegister(pdf, o.registerSummary as RegisterSummary | null);
    if (result.ok) await this.deps.documents.saveText(register.documentId, result.text);
    else
      this.deps.logger.warn({ orderId: o.orderId, error: result.error }, 'register extraction failed; the extraction credits are refunded');
    return this.record(o, { type: 'RecordExtraction', documentId: register.documentId, result, now: this.now() });
  }
}

/** What the registry is asked about an order: its reference, its documents and whether it went with the summary. */
const referenceOf = (o: PlacedOrder): OrderReference => ({
  clientReference: o.orderId,
  documents: o.documents.map((d) => d.type),
  withSummary: o.extractRegisterText,
});

/** The register's text and its parse; a copy with no readable register in it is a failed extraction. */
const readRegister = async (
  pdf: Buffer,
  summary: RegisterSummary | null,
): Promise<Extract<OrderCommand, { type: 'RecordExtraction' }>['result']> => {
  try {
    const text = await extractPdfText(pdf);
    if (text.trim().length === 0) return { ok: false, error: 'The copy has no readable text (it may be a scanned image).' };
    const data = parseRegister(text);
    if (!data.title?.titleNumber)
      return { ok: false, error: 'No title number could be read from the copy; it does not read as a register.' };
    if (!summary) return { ok: true, text, data };
    // The registry's summary and the parser's reading are both kept; where they disagree, the conveyancer is asked.
    const disagreements = registerExtract.compareSummaryWithExtraction(summary, data, text);
    return { ok: true, text, data: { ...data, enquiries: [...data.enquiries, ...registerExtract.summaryEnquiries(disagreements)] } };
  } catch (error) {
    return { ok: false, error: `The copy could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
};

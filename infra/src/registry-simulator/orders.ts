import type { DocumentKind } from '@pds/land-register';

// The registry's order book: one order per MessageID, kept in memory for the life of the process. An order
// is processing until its fulfilment time (real time, so that moving business time never delivers early or late)
// and then completed or failed, as decided when it was accepted. Every submission attempt is counted, whatever
// its answer, so a test can see how often a client asked.

export type RegistryOrderStatus = 'processing' | 'completed' | 'failed';

export type Fulfilment = { kind: 'complete'; unreadable: boolean } | { kind: 'fail'; code: string; message: string };

/** An official copy request the registry takes: its MessageID names it. */
export interface TakenRequest {
  messageId: string;
  titleNumber: string;
  documents: DocumentKind[];
  backdatedCopyConfirmed: boolean;
  /** Taken by the Register Extract Service, with the register's summary, rather than Official Copy Title Known. */
  withSummary: boolean;
}

export interface RegistryOrder {
  readonly messageId: string;
  /** The client's own reference (ExternalReference), echoed in the results. */
  readonly externalReference: string;
  readonly registryReference: string;
  readonly titleNumber: string;
  readonly documents: readonly DocumentKind[];
  readonly backdatedCopyConfirmed: boolean;
  readonly withSummary: boolean;
  /** Business time. */
  readonly acceptedAt: Date;
  /** The copies' date and time: acceptance, in UK local time (YYYY-MM-DDTHH:MM:SS). */
  readonly officialCopyDateTime: string;
  /** Real time (ms since the epoch) at which processing ends. */
  readonly fulfilledAtMs: number;
  readonly fulfilment: Fulfilment;
}

/** An order as the control API lists it. */
export interface RegistryOrderRecord {
  messageId: string;
  registryReference: string;
  titleNumber: string;
  documents: DocumentKind[];
  backdatedCopyConfirmed: boolean;
  withSummary: boolean;
  /** Requests with this MessageID, refused ones included. */
  submissions: number;
  status: RegistryOrderStatus;
  code?: string;
  message?: string;
  /** The register copy has no text layer (an `unreadable` fault). */
  unreadable: boolean;
  /** Business time, ISO 8601. */
  acceptedAt: string;
  officialCopyDateTime: string;
  /** Real time, ISO 8601: when processing ends. */
  fulfilledAt: string;
  /** Business time, ISO 8601. */
  firstSubmittedAt: string;
  lastSubmittedAt: string;
}

interface Attempts {
  count: number;
  first: Date;
  last: Date;
}

const maxOrders = 100_000;

export class OrderBook {
  private readonly orders = new Map<string, RegistryOrder>();
  private readonly attempts = new Map<string, Attempts>();
  private issued = 0;

  constructor(private readonly realNowMs: () => number = Date.now) {}

  countAttempt(messageId: string, at: Date): void {
    const seen = this.attempts.get(messageId);
    if (seen) {
      seen.count += 1;
      seen.last = at;
    } else {
      if (this.attempts.size >= maxOrders) throw new Error(`the registry test environment holds at most ${maxOrders} message ids`);
      this.attempts.set(messageId, { count: 1, first: at, last: at });
    }
  }

  get(messageId: string): RegistryOrder | undefined {
    return this.orders.get(messageId);
  }

  accept(
    submission: TakenRequest,
    externalReference: string,
    acceptedAt: Date,
    officialCopyDateTime: string,
    fulfilmentDelayMs: number,
    fulfilment: Fulfilment,
  ): RegistryOrder {
    if (this.orders.has(submission.messageId)) throw new Error(`order ${submission.messageId} is already held`);
    this.issued += 1;
    const order: RegistryOrder = {
      messageId: submission.messageId,
      externalReference,
      // The Register Extract Service's answers carry no reference of the registry's: it knows such a request by its MessageID.
      registryReference: submission.withSummary ? submission.messageId : `OC-${String(this.issued).padStart(7, '0')}`,
      titleNumber: submission.titleNumber,
      documents: [...submission.documents],
      backdatedCopyConfirmed: submission.backdatedCopyConfirmed,
      withSummary: submission.withSummary,
      acceptedAt,
      officialCopyDateTime,
      fulfilledAtMs: this.realNowMs() + fulfilmentDelayMs,
      fulfilment,
    };
    this.orders.set(order.messageId, order);
    return order;
  }

  statusOf(order: RegistryOrder): RegistryOrderStatus {
    if (this.realNowMs() < order.fulfilledAtMs) return 'processing';
    return order.fulfilment.kind === 'complete' ? 'completed' : 'failed';
  }

  submissionsOf(messageId: string): number {
    return this.attempts.get(messageId)?.count ?? 0;
  }

  /** Attempts for every MessageID seen, ordered or not. */
  allSubmissions(): Record<string, number> {
    return Object.fromEntries([...this.attempts].map(([reference, a]) => [reference, a.count]));
  }

  records(): RegistryOrderRecord[] {
    return [...this.orders.values()].map((order) => {
      const status = this.statusOf(order);
      const attempts = this.attempts.get(order.messageId);
      const failure =
        status === 'failed' && order.fulfilment.kind === 'fail' ? { code: order.fulfilment.code, message: order.fulfilment.message } : {};
      return {
        messageId: order.messageId,
        registryReference: order.registryReference,
        titleNumber: order.titleNumber,
        documents: [...order.documents],
        backdatedCopyConfirmed: order.backdatedCopyConfirmed,
        withSummary: order.withSummary,
        submissions: attempts?.count ?? 0,
        status,
        ...failure,
        unreadable: order.fulfilment.kind === 'complete' && order.fulfilment.unreadable,
        acceptedAt: order.acceptedAt.toISOString(),
        officialCopyDateTime: order.officialCopyDateTime,
        fulfilledAt: new Date(order.fulfilledAtMs).toISOString(),
        firstSubmittedAt: (attempts?.first ?? order.acceptedAt).toISOString(),
        lastSubmittedAt: (attempts?.last ?? order.acceptedAt).toISOString(),
      };
    });
  }
}

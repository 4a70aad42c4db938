import type { ExtractionData, landRegistry, OrderStatus, PaymentStatus, orderEvents, pricing } from '@pds/contracts';

export type OrderEvent = orderEvents.OrderEvent;

export interface OrderDocument {
  type: pricing.PdfKind;
  documentId: string;
  delivered: boolean;
}

export interface Extraction {
  status: 'pending' | 'ready' | 'failed';
  text?: string;
  data?: ExtractionData;
  error?: string;
}

/** What was asked for, fixed when the order is requested. */
export interface OrderTerms {
  orderId: string;
  accountId: string;
  idempotencyKey: string;
  requestHash: string;
  titleNumber: string;
  documentType: pricing.DocumentType;
  extractRegisterText: boolean;
  backdatedCopyConfirmed: boolean;
  cost: pricing.OrderPrice;
  reservationId: string;
  requestedAt: string;
}

export interface PlacedOrder extends OrderTerms {
  status: OrderStatus;
  documents: OrderDocument[];
  /** Cash and document credits move together; extraction credits can be refunded on their own. */
  payment: { charges: PaymentStatus; extraction: PaymentStatus };
  retryAfter: string | null;
  submissionAttempts: number;
  /** A submission was started and its outcome not yet recorded (the process may have died mid-call). */
  submissionInFlight: boolean;
  /** When the latest submission was started: until its lease ends, no other instance asks what became of it. */
  submissionStartedAt: string | null;
  registryReference: string | null;
  /** The registry could not fulfil an accepted order: everything captured is owed back. */
  fulfilmentFailed: boolean;
  extraction: Extraction | null;
  /** The registry's structured summary of the register, delivered with the copies of an order that asked for its text. */
  registerSummary: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
  completedAt: string | null;
  /** When a failed order's end was recorded (`OrderFailed`), once its money was settled; null until then. */
  closedAt: string | null;
  /** How an operator resolved the order's quarantine (null: never quarantined, or not yet resolved). */
  resolution: landRegistry.QuarantineResolution | null;
}

export type Order = { status: 'none' } | PlacedOrder;

export const initialState = (): Order => ({ status: 'none' });

export const isPlaced = (o: Order): o is PlacedOrder => o.status !== 'none';

/** Nothing more will happen to the order by itself (a quarantined one waits for an operator to resolve it). */
export const terminalStatuses: readonly OrderStatus[] = ['completed', 'rejected', 'failed', 'quarantined'];

/** Held at the ledger, or taken by an order that delivered nothing and so owes it back. */
const owedOrHeld: readonly PaymentStatus[] = ['reserved', 'quarantined', 'captured'];

/**
 * A failed order's money is settled: nothing is held for it and nothing it took is still owed back (a failed order
 * delivered nothing, so a capture is a refund due). Cash and document credits, and extraction credits, both.
 */
export const failedOrderSettled = (o: PlacedOrder): boolean =>
  o.status === 'failed' && !owedOrHeld.includes(o.payment.charges) && !owedOrHeld.includes(o.payment.extraction);

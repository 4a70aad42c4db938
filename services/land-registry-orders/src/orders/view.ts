import type { TitleOrder } from '@pds/contracts';
import type { OrderDocument, PlacedOrder } from './order';

/** Where the gateway serves an order's documents; the ids in it are unguessable, and the owner's key is required too. */
export const documentPath = (orderId: string, documentId: string) =>
  `/api/v1/land-registry/title-orders/${orderId}/documents/${documentId}`;

const endedWithoutDocuments = (o: PlacedOrder) => o.status === 'rejected' || o.status === 'failed';

const documentView = (o: PlacedOrder, d: OrderDocument): TitleOrder['documents'][number] => {
  const extracted = o.extractRegisterText && d.type === 'register';
  const status = d.delivered ? 'available' : endedWithoutDocuments(o) ? 'failed' : 'pending';
  if (!extracted) {
    return {
      type: d.type,
      status,
      textStatus: 'not_requested',
      downloadUrl: documentPath(o.orderId, d.documentId),
      textUrl: null,
      extraction: { status: 'not_applicable' },
    };
  }
  const e = o.extraction ?? { status: 'pending' as const };
  const textStatus = e.status === 'ready' ? 'ready' : e.status === 'failed' || endedWithoutDocuments(o) ? 'failed' : 'pending';
  const extractionStatus = e.status !== 'pending' ? e.status : endedWithoutDocuments(o) ? 'failed' : d.delivered ? 'processing' : 'pending';
  return {
    type: d.type,
    status,
    textStatus,
    downloadUrl: documentPath(o.orderId, d.documentId),
    textUrl: `${documentPath(o.orderId, d.documentId)}/text`,
    extraction: {
      status: extractionStatus,
      ...(e.text !== undefined ? { text: e.text } : {}),
      ...(e.data !== undefined ? { data: e.data } : {}),
      ...(e.error !== undefined
        ? { error: e.error }
        : endedWithoutDocuments(o)
          ? { error: 'The order ended without a register to read.' }
          : {}),
    },
  };
};

/** The order as the REST API shows it (the read model stores exactly this). */
export const titleOrderView = (o: PlacedOrder): TitleOrder => ({
  id: o.orderId,
  titleNumber: o.titleNumber,
  documentType: o.documentType,
  status: o.status,
  retryAfter: o.retryAfter,
  cost: {
    currency: 'GBP',
    registryPence: o.cost.registryPence,
    servicePence: o.cost.servicePence,
    totalPence: o.cost.totalPence,
    paymentStatus: o.payment.charges,
    documentCredits: o.cost.documentCredits,
    extractionCredits: o.cost.extractionCredits,
    totalCredits: o.cost.totalCredits,
    documentCreditPaymentStatus: o.payment.charges,
    extractionPaymentStatus: o.payment.extraction,
  },
  documents: o.documents.map((d) => documentView(o, d)),
  error: o.error,
  createdAt: o.requestedAt,
  completedAt: o.completedAt,
});

import type { ErrorCode } from '../../rest/errors';
import type { TitleOrder } from '../../rest/land-registry';

// Which answer a document download gets, from the caller's order (absent when it is not the caller's) and the
// stored document: the order service's rules for its documents, published with its reads of them. The order lists a
// document before its bytes arrive, so a listed document without bytes is not ready yet; one the order does not list
// does not exist, whoever's it may be.

export type Refusal = { ok: false; code: ErrorCode; message: string };
export type Checked<T> = { ok: true; value: T } | Refusal;

type OrderDocument = TitleOrder['documents'][number];

export interface StoredDocument {
  kind: 'register' | 'plan';
  pdf: Buffer;
  text: string | null;
}

export const documentNotFound: Refusal = {
  ok: false,
  code: 'DOCUMENT_NOT_FOUND',
  message: 'No such document on your orders; see the order status for its documents.',
};

/** The document id is the last segment of its download URL, `/title-orders/{orderId}/documents/{documentId}`. */
export const listedDocument = (order: TitleOrder, documentId: string): OrderDocument | undefined =>
  order.documents.find((d) => d.downloadUrl.endsWith(`/documents/${documentId}`));

/** Title numbers are letters and digits; anything else is replaced rather than trusted inside a header. */
export const pdfFilename = (titleNumber: string, kind: string) => `${titleNumber.replace(/[^A-Za-z0-9_-]/g, '_')}-${kind}.pdf`;

export const pdfAnswer = (
  order: TitleOrder | undefined,
  documentId: string,
  stored: Pick<StoredDocument, 'kind' | 'pdf'> | undefined,
): Checked<{ pdf: Buffer; filename: string }> => {
  if (!order) return documentNotFound;
  if (stored) return { ok: true, value: { pdf: stored.pdf, filename: pdfFilename(order.titleNumber, stored.kind) } };
  const listed = listedDocument(order, documentId);
  if (!listed) return documentNotFound;
  const message =
    listed.status === 'failed'
      ? `The ${listed.type} will not be delivered; see the order's \`status\` and \`error\`.`
      : `The ${listed.type} has not been delivered yet (order status \`${order.status}\`); download it once its \`status\` is \`available\`.`;
  return { ok: false, code: 'DOCUMENT_NOT_READY', message };
};

export const textAnswer = (
  order: TitleOrder | undefined,
  documentId: string,
  stored: Pick<StoredDocument, 'kind' | 'text'> | undefined,
): Checked<string> => {
  if (!order) return documentNotFound;
  if (stored && stored.text !== null) return { ok: true, value: stored.text };
  const listed = listedDocument(order, documentId);
  if (!listed && !stored) return documentNotFound;
  // A stored document the order does not list yet is one whose delivery the order has still to show.
  const textStatus = listed?.textStatus ?? (order.cost.extractionCredits > 0 && stored?.kind === 'register' ? 'pending' : 'not_requested');
  switch (textStatus) {
    case 'not_requested':
      return {
        ok: false,
        code: 'DOCUMENT_NOT_FOUND',
        message: 'No register text was requested for this document; order the register with `extractRegisterText: true` to get it.',
      };
    case 'failed':
      return {
        ok: false,
        code: 'DOCUMENT_NOT_FOUND',
        message: 'The register text could not be extracted; the 100 extraction credits were refunded and the PDF is still available.',
      };
    default:
      return {
        ok: false,
        code: 'DOCUMENT_NOT_READY',
        message: 'The register text is not ready yet; see `textStatus` in the order status and retry once it is `ready`.',
      };
  }
};

import type { TitleOrder } from '../../rest/land-registry';
import { pdfAnswer, pdfFilename, textAnswer } from './document-downloads';

const orderId = 'ord_3kq9x0c5m2h7t1v8w4y6z0a2b4';
const url = (documentId: string) => `/api/v1/land-registry/title-orders/${orderId}/documents/${documentId}`;

const orderWith = (documents: Array<Partial<TitleOrder['documents'][number]> & { id: string }>, extractionCredits = 100): TitleOrder => ({
  id: orderId,
  titleNumber: 'BK509231',
  documentType: 'both',
  status: 'with_registry',
  retryAfter: null,
  cost: {
    currency: 'GBP',
    registryPence: 600,
    servicePence: 800,
    totalPence: 1400,
    paymentStatus: 'captured',
    documentCredits: 100,
    extractionCredits,
    totalCredits: 100 + extractionCredits,
    documentCreditPaymentStatus: 'captured',
    extractionPaymentStatus: extractionCredits ? 'reserved' : 'not_applicable',
  },
  documents: documents.map(({ id, ...d }) => ({
    type: 'register',
    status: 'pending',
    textStatus: 'pending',
    downloadUrl: url(id),
    textUrl: `${url(id)}/text`,
    extraction: { status: 'pending' },
    ...d,
  })),
  error: null,
  createdAt: '2026-07-15T10:00:00.000Z',
  completedAt: null,
});

const pdf = Buffer.from('%PDF-1.7');

describe('document downloads', () => {
  it('serves a stored PDF named after the title and kind', () => {
    const order = orderWith([{ id: 'doc_1', status: 'available' }]);
    expect(pdfAnswer(order, 'doc_1', { kind: 'register', pdf })).toEqual({ ok: true, value: { pdf, filename: 'BK509231-register.pdf' } });
  });

  it('says a listed document without its bytes is not ready, and an unlisted one does not exist', () => {
    const order = orderWith([{ id: 'doc_1' }]);
    expect(pdfAnswer(order, 'doc_1', undefined)).toMatchObject({ code: 'DOCUMENT_NOT_READY' });
    expect(pdfAnswer(order, 'doc_2', undefined)).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
    expect(pdfAnswer(order, 'oc_1', undefined)).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
  });

  it('answers a document of no order of the caller as not found, stored or not', () => {
    expect(pdfAnswer(undefined, 'doc_1', { kind: 'register', pdf })).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
    expect(textAnswer(undefined, 'doc_1', { kind: 'register', text: 'text' })).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
  });

  it('keeps title numbers from shaping the header', () => {
    expect(pdfFilename('BK5"09; x', 'plan')).toBe('BK5_09__x-plan.pdf');
  });
});

describe('register text downloads', () => {
  it('serves the stored text', () => {
    const order = orderWith([{ id: 'doc_1', status: 'available', textStatus: 'ready' }]);
    expect(textAnswer(order, 'doc_1', { kind: 'register', text: 'TITLE NUMBER BK509231' })).toEqual({
      ok: true,
      value: 'TITLE NUMBER BK509231',
    });
  });

  it('is not ready while the extraction is pending, or while the order does not yet show the stored document', () => {
    expect(textAnswer(orderWith([{ id: 'doc_1', textStatus: 'pending' }]), 'doc_1', undefined)).toMatchObject({
      code: 'DOCUMENT_NOT_READY',
    });
    expect(textAnswer(orderWith([{ id: 'doc_1', textStatus: 'pending' }]), 'doc_1', { kind: 'register', text: null })).toMatchObject({
      code: 'DOCUMENT_NOT_READY',
    });
    expect(textAnswer(orderWith([]), 'doc_1', { kind: 'register', text: null })).toMatchObject({ code: 'DOCUMENT_NOT_READY' });
  });

  it('does not exist when no text was requested, or the extraction failed', () => {
    const order = orderWith([{ id: 'doc_1', type: 'plan', status: 'available', textStatus: 'not_requested', textUrl: null }], 0);
    expect(textAnswer(order, 'doc_1', { kind: 'plan', text: null })).toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
      message: expect.stringContaining('requested'),
    });
    expect(textAnswer(orderWith([], 0), 'doc_1', { kind: 'register', text: null })).toMatchObject({ code: 'DOCUMENT_NOT_FOUND' });
    const failed = orderWith([{ id: 'doc_1', status: 'available', textStatus: 'failed' }]);
    expect(textAnswer(failed, 'doc_1', { kind: 'register', text: null })).toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
      message: expect.stringContaining('refunded'),
    });
  });
});

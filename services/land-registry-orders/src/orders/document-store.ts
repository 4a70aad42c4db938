import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { pricing } from '@pds/contracts';

/**
 * The delivered PDFs and their transcriptions (`title_order_documents`). A document is stored before the event that
 * records its delivery, and storing it again is harmless, so a crash between the two only repeats the store.
 */
export class DocumentStore {
  constructor(private readonly db: pg.Pool) {}

  async save(doc: {
    documentId: string;
    orderId: string;
    accountId: string;
    kind: pricing.PdfKind;
    pdf: Buffer;
  }): Promise<{ sha256: string; sizeBytes: number }> {
    const sha256 = createHash('sha256').update(doc.pdf).digest('hex');
    await this.db.query(
      `INSERT INTO title_order_documents (document_id, order_id, account_id, kind, pdf, sha256) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (document_id) DO UPDATE SET pdf = EXCLUDED.pdf, sha256 = EXCLUDED.sha256`,
      [doc.documentId, doc.orderId, doc.accountId, doc.kind, doc.pdf, sha256],
    );
    return { sha256, sizeBytes: doc.pdf.length };
  }

  async pdf(documentId: string): Promise<Buffer | undefined> {
    const { rows } = await this.db.query<{ pdf: Buffer }>('SELECT pdf FROM title_order_documents WHERE document_id = $1', [documentId]);
    return rows[0]?.pdf;
  }

  async saveText(documentId: string, text: string): Promise<void> {
    await this.db.query('UPDATE title_order_documents SET text = $2 WHERE document_id = $1', [documentId, text]);
  }
}

import type { TitleOrder } from '../../rest/land-registry';
import { defineQueries } from '../read-model';
import { titleOrderFiles as files, titleOrderViews as orders } from './contract';
import { pdfAnswer, textAnswer, type Checked } from './document-downloads';

// The order service's published reads of its orders and their documents: every one scoped to the account, so that
// another account's order reads exactly as a missing one.

const orderWithDocument = (column: 'pdf' | 'text') => `
  SELECT o.view, d.kind, d.${column}
    FROM ${orders.relation} o
    LEFT JOIN ${files.relation} d ON d.document_id = $3 AND d.order_id = o.order_id AND d.account_id = o.account_id
   WHERE o.order_id = $1 AND o.account_id = $2`;

type Ids = { orderId: string; accountId: string; documentId: string };
type Row = { view: TitleOrder; kind: 'register' | 'plan' | null; pdf?: Buffer | null; text?: string | null };

export const titleOrderQueries = defineQueries([orders, files], {
  /** The account's order as its status endpoint shows it; undefined when the account has none of that id. */
  order: async (db, orderId: string, accountId: string): Promise<TitleOrder | undefined> => {
    const sql = `SELECT view FROM ${orders.relation} WHERE order_id = $1 AND account_id = $2`;
    return (await db.query<{ view: TitleOrder }>(sql, [orderId, accountId])).rows[0]?.view;
  },

  /**
   * An order as its status endpoint shows it, with its account, whoever's it is: for the gateway telling the account's
   * webhooks of it (never for answering a caller, whose reads are scoped by `order`).
   */
  orderById: async (db, orderId: string): Promise<{ accountId: string; view: TitleOrder } | undefined> => {
    const sql = `SELECT account_id, view FROM ${orders.relation} WHERE order_id = $1`;
    const row = (await db.query<{ account_id: string; view: TitleOrder }>(sql, [orderId])).rows[0];
    return row && { accountId: row.account_id, view: row.view };
  },

  /**
   * The account's latest `limit` orders as the status endpoint shows them, newest first (placement times are ISO
   * strings in UTC, so they sort as text), and whether it has older ones.
   */
  latest: async (db, accountId: string, limit: number): Promise<{ orders: TitleOrder[]; more: boolean }> => {
    const sql = `SELECT view FROM ${orders.relation} WHERE account_id = $1
                  ORDER BY view->>'createdAt' DESC, order_id DESC LIMIT $2`;
    const rows = (await db.query<{ view: TitleOrder }>(sql, [accountId, limit + 1])).rows;
    return { orders: rows.slice(0, limit).map((r) => r.view), more: rows.length > limit };
  },

  /** Whether the account's order can be read yet (its projection writes it just after the placement is recorded). */
  isReadable: async (db, orderId: string, accountId: string): Promise<boolean> => {
    const sql = `SELECT 1 FROM ${orders.relation} WHERE order_id = $1 AND account_id = $2`;
    return ((await db.query(sql, [orderId, accountId])).rowCount ?? 0) > 0;
  },

  /** A document's PDF, or why it cannot be had (see document-downloads.ts). */
  documentPdf: async (db, ids: Ids): Promise<Checked<{ pdf: Buffer; filename: string }>> => {
    const row = (await db.query<Row>(orderWithDocument('pdf'), [ids.orderId, ids.accountId, ids.documentId])).rows[0];
    return pdfAnswer(row?.view, ids.documentId, row?.kind && row.pdf ? { kind: row.kind, pdf: row.pdf } : undefined);
  },

  /** A register document's transcription, or why it cannot be had. */
  documentText: async (db, ids: Ids): Promise<Checked<string>> => {
    const row = (await db.query<Row>(orderWithDocument('text'), [ids.orderId, ids.accountId, ids.documentId])).rows[0];
    return textAnswer(row?.view, ids.documentId, row?.kind ? { kind: row.kind, text: row.text ?? null } : undefined);
  },
});

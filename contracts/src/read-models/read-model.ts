import type { ServiceName } from '../messaging/topics';
import type { z } from '../zod';

// A read model one service owns and another reads: a PostgreSQL view the owner creates in its migrations and keeps
// answering with these columns, whatever it does to its own tables behind it. This is the only way a service reads
// another's data in the database; anything else it asks for over Kafka. See docs/data-ownership.md.

export interface ReadModel<Row extends z.ZodObject<z.ZodRawShape> = z.ZodObject<z.ZodRawShape>> {
  /** The view's name. */
  relation: string;
  owner: ServiceName;
  readers: readonly ServiceName[];
  description: string;
  /** One row as the reader gets it (column names as in SQL). */
  row: Row;
}

export const defineReadModel = <const Row extends z.ZodObject<z.ZodRawShape>>(model: ReadModel<Row>): ReadModel<Row> => model;

/** What a query function is given: a `pg` pool or client (only `query` is used, so the contracts need no driver). */
export interface Queryable {
  query<R extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

/**
 * The query functions the owner of one or more read models publishes beside their contracts: readers call these
 * rather than write SQL against the views themselves, so that a view and every query of it change together, in one
 * place. `reads` names the read models they read: a service calling them must be declared a reader of each (the
 * layout test checks it).
 */
export const defineQueries = <const Q extends Record<string, (db: Queryable, ...args: never[]) => Promise<unknown>>>(
  reads: readonly ReadModel[],
  queries: Q,
): Q & { readonly reads: readonly ReadModel[] } => ({ ...queries, reads });

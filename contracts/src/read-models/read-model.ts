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

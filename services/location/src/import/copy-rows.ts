import type pg from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { ReadRow, SqlValue } from '../datasets/dataset';

// Rows into PostgreSQL with COPY (text format), streamed: parsing, encoding and the database's writes proceed
// together, bounded by the stream's buffer, so memory stays constant whatever the file's size.

/** COPY's text format: tab-separated, `\N` for null, and backslash, tab and line breaks escaped. */
const encode = (v: SqlValue): string => {
  if (v === null) return '\\N';
  const s = typeof v === 'string' ? v : String(v);
  return s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
};

export interface CopyCounts {
  rows: number;
  rejected: number;
  /** Records read from each part, loaded or rejected: what the product's own counts are compared with. */
  recordsByPart: Map<string, number>;
}

/** Every read row goes to the table; every rejected one to `onReject`. Resolves with the counts once committed to the stream. */
export const copyRows = async (
  client: pg.PoolClient,
  table: string,
  columns: string[],
  rows: AsyncIterable<ReadRow>,
  onReject: (row: Extract<ReadRow, { rejected: string }>) => void,
  onRow: (row: Extract<ReadRow, { values: SqlValue[] }>) => void,
): Promise<CopyCounts> => {
  const counts: CopyCounts = { rows: 0, rejected: 0, recordsByPart: new Map() };
  const batchRows = 500;
  async function* lines() {
    let batch: string[] = [];
    for await (const row of rows) {
      counts.recordsByPart.set(row.part, (counts.recordsByPart.get(row.part) ?? 0) + 1);
      if ('rejected' in row) {
        counts.rejected++;
        onReject(row);
        continue;
      }
      if (row.values.length !== columns.length)
        throw new Error(`${row.part}:${row.line}: ${row.values.length} values for ${columns.length} columns`);
      counts.rows++;
      onRow(row);
      batch.push(`${row.values.map(encode).join('\t')}\n`);
      if (batch.length >= batchRows) {
        yield batch.join('');
        batch = [];
      }
    }
    if (batch.length) yield batch.join('');
  }
  const sink = client.query(copyFrom(`COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(lines()), sink);
  return counts;
};

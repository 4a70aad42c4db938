import type { ReadRow, SqlValue } from '../datasets/dataset';
import type { DatasetDefinition, Notes, Part } from './dataset-definition';
import { headerRecords, readerOf } from './dataset-probe';

// The rows of an import: every part in order, its header skipped, each record mapped to the table's values (or
// rejected with its part, line and reason), and what the vintage is worked out from kept as the rows go by.

/** What reading the parts has found so far: progress in bytes, the facts noted, the latest value, the parts held. */
export class Reading implements Notes {
  private bytesDone = 0;
  private current: (() => number) | undefined;
  private readonly noted = new Map<string, Array<{ key: string; value: string }>>();
  latest: string | undefined;
  readonly keys = new Set<string>();

  /** On-disk bytes of the parts read so far, and of the part being read. */
  bytesRead = () => this.bytesDone + (this.current?.() ?? 0);

  partOpened(bytesRead: () => number) {
    this.current = bytesRead;
  }

  partDone(sizeBytes: number) {
    this.bytesDone += sizeBytes;
    this.current = undefined;
  }

  note(part: string, key: string, value: string) {
    const notes = this.noted.get(part) ?? [];
    notes.push({ key, value });
    this.noted.set(part, notes);
  }

  of = (part: string, key: string) => (this.noted.get(part) ?? []).filter((n) => n.key === key).map((n) => n.value);

  all = (key: string) => [...this.noted.keys()].flatMap((part) => this.of(part, key));
}

const columnIndex = (d: DatasetDefinition<unknown, unknown, unknown>, name: string) => {
  const i = d.columns.findIndex((c) => c.name === name);
  if (i < 0) throw new Error(`${d.name}: no column ${name}`);
  return i;
};

/** What is kept of each row loaded: the latest value of the vintage's column, the accumulating parts' keys. */
const watcherOf = <R, L, M>(d: DatasetDefinition<R, L, M>, reading: Reading) => {
  const generic = d as DatasetDefinition<unknown, unknown, unknown>;
  const latestAt = typeof d.vintage === 'object' && 'latest' in d.vintage ? columnIndex(generic, d.vintage.latest) : undefined;
  const keyAt = d.accumulates?.partColumns.map((c) => columnIndex(generic, c));
  return (values: SqlValue[]) => {
    if (latestAt !== undefined) {
      const value = values[latestAt];
      if (value !== null && value !== undefined && (reading.latest === undefined || String(value) > reading.latest))
        reading.latest = String(value);
    }
    if (keyAt) reading.keys.add(keyAt.map((i) => String(values[i])).join(' / '));
  };
};

/** Each row of a record checked on its own: one already read is rejected, naming where, and the record's others kept. */
function* eachOnce(
  once: NonNullable<DatasetDefinition<unknown, unknown, unknown>['once']>,
  rows: SqlValue[][],
  firstRead: Map<string, string>,
  part: string,
  line: number,
  watch: (values: SqlValue[]) => void,
): Generator<ReadRow> {
  for (const values of rows) {
    const key = once.key(values);
    const first = firstRead.get(key);
    if (first !== undefined) {
      yield { part, line, rejected: once.rejected(values, first) };
      continue;
    }
    firstRead.set(key, `${part}:${line}`);
    watch(values);
    yield { part, line, values };
  }
}

export async function* rowsOf<R, L, M>(
  d: DatasetDefinition<R, L, M>,
  parts: Part<M>[],
  layouts: L[],
  changeFiles: boolean,
  reading: Reading,
): AsyncGenerator<ReadRow> {
  const reader = readerOf(d);
  const skipped = headerRecords(d);
  const watch = watcherOf(d, reading);
  // Where each record that must appear once was first read: `part:line`.
  const firstRead = new Map<string, string>();
  for (const [i, part] of parts.entries()) {
    const file = await part.open();
    reading.partOpened(file.bytesRead);
    let records = 0;
    for await (const read of reader(file.stream, part, (key, value) => reading.note(part.name, key, value))) {
      if (records++ < skipped) continue;
      const { line } = read;
      const result = 'rejected' in read ? read : d.row(read.record, { layout: layouts[i] as L, part, line, changeFiles });
      if (result === null) continue;
      if ('rejected' in result) {
        yield { part: part.name, line, rejected: result.rejected };
        continue;
      }
      const rows = 'rows' in result ? result.rows : [result.values];
      if (d.once?.each) {
        yield* eachOnce(d.once, rows, firstRead, part.name, line, watch);
        continue;
      }
      if (d.once && rows[0]) {
        const key = d.once.key(rows[0]);
        const first = firstRead.get(key);
        if (first !== undefined) {
          yield { part: part.name, line, rejected: d.once.rejected(rows[0], first) };
          continue;
        }
        firstRead.set(key, `${part.name}:${line}`);
      }
      for (const values of rows) {
        watch(values);
        yield { part: part.name, line, values };
      }
    }
    reading.partDone(part.sizeBytes);
  }
}

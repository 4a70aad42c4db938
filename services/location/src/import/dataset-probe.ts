import { csvRecords } from '../datasets/csv';
import { windows1252Records } from '../datasets/windows-1252';
import type { DatasetDefinition, Part, Read, Reader } from './dataset-definition';
import { FormatError } from './files';

// Before anything loads, each part's header (or first record) is read and checked: a file that is not the dataset's
// published format stops the import here, with nothing loaded and the serving version untouched.

/** The dataset's reader: its own, or CSV in its encoding, each record with the line it began on. */
export const readerOf = <R>(d: Pick<DatasetDefinition<R, unknown, unknown>, 'records' | 'encoding'>): Reader<R> =>
  d.records ??
  (async function* (stream) {
    for await (const { line, fields } of (d.encoding === 'windows-1252' ? windows1252Records : csvRecords)(stream))
      yield { line, record: fields as R };
  } as Reader<R>);

/** The first `count` reads of a part (fewer if it has fewer); a file the reader cannot read fails as not the format. */
const firstReads = async <R>(part: Part, reader: Reader<R>, count: number, what: string): Promise<Read<R>[]> => {
  const file = await part.open();
  const reads: Read<R>[] = [];
  try {
    for await (const read of reader(file.stream, part, () => undefined)) {
      reads.push(read);
      if (reads.length >= count) break;
    }
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`${part.name} is not ${what}: ${(error as Error).message.slice(0, 120)}`, { cause: error });
  } finally {
    file.stream.destroy();
  }
  return reads;
};

const fieldsOf = (read: Read<unknown>): string[] => ('record' in read ? (read.record as string[]).map((f) => f.trim()) : []);

/** Each part's layout from its header, or its first record checked; in the parts' order, one at a time. */
export const probe = async <R, L, M>(d: DatasetDefinition<R, L, M>, parts: Part<M>[]): Promise<L[]> => {
  const reader = readerOf(d);
  const what = d.records ? 'readable' : 'a CSV file';
  const layouts: L[] = [];
  for (const [i, part] of parts.entries()) {
    const header = d.header;
    if (typeof header === 'function') {
      const [first] = await firstReads(part, reader, 1, what);
      if (!first) throw new FormatError(`${part.name} is empty`);
      layouts.push(header(fieldsOf(first), part));
    } else if (header) {
      layouts.push(header.read((await firstReads(part, reader, header.records, what)).map(fieldsOf), part));
    } else {
      if (d.check && (d.check.parts !== 'first' || i === 0)) {
        const [first] = await firstReads(part, reader, 1, what);
        if (first && 'record' in first) d.check.record(first.record, part);
      }
      layouts.push(undefined as L);
    }
  }
  return layouts;
};

/** How many records of each part are its header, not rows. */
export const headerRecords = (d: Pick<DatasetDefinition<unknown, unknown, unknown>, 'header'>): number =>
  d.header === undefined ? 0 : typeof d.header === 'function' ? 1 : d.header.records;

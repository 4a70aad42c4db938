import iconv from 'iconv-lite';
import type { Readable, Transform } from 'node:stream';
import { csvRecords, type CsvRecord } from './csv';

// Files published in Windows-1252 (GIAS: research/gias.md §2a; its byte 0x92 is ’, a C1 control in ISO-8859-1, so not
// Latin-1), decoded to text before the CSV is parsed: a character never splits across chunks, and quoting is read on
// the decoded text.

export async function* windows1252Records(stream: Readable): AsyncGenerator<CsvRecord> {
  // iconv-lite's declaration says ReadWriteStream; what it makes is a stream.Transform.
  const decoder = iconv.decodeStream('win1252') as Transform;
  // pipe() does not pass a source's error on: the parser would wait for ever on a file that ends early.
  stream.on('error', (error) => decoder.destroy(error));
  yield* csvRecords(stream.pipe(decoder));
}

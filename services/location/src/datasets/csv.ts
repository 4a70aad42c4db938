import { parse } from 'csv-parse';
import type { Readable } from 'node:stream';

// Published CSV as it comes: a UTF-8 BOM, CRLF or LF, quoted or bare fields. Each record with the line it started on.

export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Rows of any width are passed on: the dataset says what a row of the wrong width means (a rejection, with its line). */
export async function* csvRecords(stream: Readable): AsyncGenerator<CsvRecord> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
  // pipe() does not pass a source's error on: a file that ends early would leave the parser waiting for ever.
  stream.on('error', (error) => parser.destroy(error));
  stream.pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { line: info.lines, fields: record };
  }
}

/** An empty published field is null. */
export const orNull = (text: string | undefined) => (text === undefined || text.trim() === '' ? null : text.trim());

/** A whole number as published, or undefined when the field is not one. */
export const integer = (text: string | undefined): number | undefined => {
  const t = text?.trim() ?? '';
  return /^-?\d+$/.test(t) ? Number(t) : undefined;
};

export const decimal = (text: string | undefined): number | undefined => {
  const t = text?.trim() ?? '';
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : undefined;
};

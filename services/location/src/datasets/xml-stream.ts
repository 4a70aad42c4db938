import type { Readable } from 'node:stream';
import type { SaxesParser } from 'saxes';
import { FormatError } from '../import/files';

// A GML file read as a stream in constant memory: each chunk goes to a SAX parser whose handlers push what they have
// made onto `ready`, taken off after every chunk. A file that is not well-formed XML fails as not the format.

export async function* parsedRecords<T>(stream: Readable, part: string, parser: SaxesParser, ready: T[]): AsyncGenerator<T> {
  stream.setEncoding('utf8');
  for await (const chunk of stream as AsyncIterable<string>) {
    try {
      parser.write(chunk);
    } catch (error) {
      if (error instanceof FormatError) throw error;
      throw new FormatError(`${part} is not well-formed XML: ${(error as Error).message}`, { cause: error });
    }
    while (ready.length > 0) yield ready.shift() as T;
  }
  parser.close();
  while (ready.length > 0) yield ready.shift() as T;
}

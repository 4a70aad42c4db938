import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import yauzl from 'yauzl';

// The publishers' files as they come: a plain file, a gzip, or a member of a zip, read as a stream in constant
// memory. Progress is counted in the bytes read from disk (compressed), which is what the file's size measures.

export class FormatError extends Error {
  override readonly name = 'FormatError';
}

/** A stream of a file's contents (decompressed), and the count of bytes read from disk so far. */
export interface FileStream {
  stream: Readable;
  /** Bytes of the file on disk read so far (for progress against `sizeBytes`). */
  bytesRead: () => number;
}

export const sizeOf = (path: string) => statSync(path).size;

/** A plain or gzip file (by its first two bytes, not its name: a gzip may be called `.csv`). */
export const openFile = async (path: string): Promise<FileStream> => {
  const head = await firstBytes(path, 2);
  const raw = createReadStream(path, { highWaterMark: 1 << 20 });
  // The stream's own count: listening for its data would set it flowing before its reader reads it.
  const bytesRead = () => raw.bytesRead;
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  if (!gzip) return { stream: raw, bytesRead };
  const gunzip = createGunzip();
  raw.on('error', (error) => gunzip.destroy(error));
  return { stream: raw.pipe(gunzip), bytesRead };
};

const firstBytes = (path: string, count: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    createReadStream(path, { start: 0, end: count - 1 })
      .on('data', (c: string | Buffer) => void chunks.push(Buffer.from(c)))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });

export const isZip = async (path: string) => {
  const head = await firstBytes(path, 4);
  return head.length === 4 && head.readUInt32LE(0) === 0x04034b50;
};

export interface ZipMember {
  name: string;
  compressedBytes: number;
  uncompressedBytes: number;
}

/** The members of a zip (its central directory only; nothing is decompressed). */
export const zipMembers = async (path: string): Promise<ZipMember[]> => {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: true });
  return new Promise((resolve, reject) => {
    const members: ZipMember[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      if (!e.fileName.endsWith('/'))
        members.push({ name: e.fileName, compressedBytes: e.compressedSize, uncompressedBytes: e.uncompressedSize });
      zip.readEntry();
    });
    zip.on('end', () => resolve(members));
    zip.on('error', reject);
    zip.readEntry();
  });
};

/** A stream's chunks passed on and counted, without setting it flowing before its reader reads. */
const counting = (source: Readable): { stream: Readable; count: () => number } => {
  let count = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      count += chunk.length;
      done(null, chunk);
    },
  });
  // pipe() passes neither an error on nor a destroy back: a reader that stops early closes the member (and the zip).
  source.on('error', (error) => counter.destroy(error));
  counter.on('close', () => source.destroy());
  return { stream: source.pipe(counter), count: () => count };
};

/** One member of a zip as a stream; progress counts the member's compressed bytes. */
export const openZipMember = async (path: string, member: string): Promise<FileStream> => {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => (e.fileName === member ? resolve(e) : zip.readEntry()));
    zip.on('end', () => reject(new FormatError(`${basename(path)} has no member ${member}`)));
    zip.on('error', reject);
    zip.readEntry();
  });
  const entryStream = await zip.openReadStreamPromise(entry);
  entryStream.on('close', () => zip.close());
  const { stream, count } = counting(entryStream);
  // Decompressed bytes, scaled to the compressed size: what the progress bar measures against.
  const ratio = entry.uncompressedSize > 0 ? entry.compressedSize / entry.uncompressedSize : 1;
  return { stream, bytesRead: () => Math.round(count() * ratio) };
};

/** A small member read whole (a product's metadata or licence text). */
export const readZipMember = async (path: string, member: string, maxBytes = 1 << 20): Promise<Buffer> => {
  const { stream } = await openZipMember(path, member);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new FormatError(`${member} is larger than expected (${maxBytes} bytes)`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

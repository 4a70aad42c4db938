import { unzipSync } from 'fflate';
import type { DeliveredDocument, DocumentKind } from '../registry-gateway';
import type { Attachment } from './messages/official-copy-title-known';

// The copies of an official copy result: one attachment, a PDF when one document was asked for, a ZIP of PDFs when
// several were, named for what they hold ("Register", "Title Plan"). The format attribute says which; the bytes
// are checked too, since a client that trusted the attribute alone would store a ZIP as a PDF.

const maxDocumentBytes = 20 * 1024 * 1024;

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

const kindOfEntry = (name: string): DocumentKind | null => {
  const base =
    name
      .split('/')
      .pop()
      ?.toLowerCase()
      .replace(/\.pdf$/, '') ?? '';
  if (base.includes('plan')) return 'plan';
  if (base.includes('register')) return 'register';
  return null;
};

const checked = (kind: DocumentKind, bytes: Uint8Array): DeliveredDocument => {
  if (bytes.length > maxDocumentBytes) throw new Error(`the ${kind} copy is ${bytes.length} bytes, more than ${maxDocumentBytes}`);
  if (!isPdf(bytes)) throw new Error(`the ${kind} copy is not a PDF`);
  return { type: kind, pdf: Buffer.from(bytes) };
};

/** The documents an attachment carries, by kind; throws when it does not hold exactly those asked for. */
export const documentsOf = (attachment: Attachment, asked: readonly DocumentKind[]): DeliveredDocument[] => {
  const { bytes } = attachment;
  const format = attachment.format?.toUpperCase() ?? null;
  if (isZip(bytes) && format !== 'PDF') {
    const entries = unzipSync(bytes);
    const found = new Map<DocumentKind, Uint8Array>();
    for (const [name, content] of Object.entries(entries)) {
      const kind = kindOfEntry(name);
      if (kind && asked.includes(kind)) found.set(kind, content);
    }
    return asked.map((kind) => {
      const content = found.get(kind);
      if (!content) throw new Error(`the registry's ZIP holds no ${kind} (entries: ${Object.keys(entries).join(', ')})`);
      return checked(kind, content);
    });
  }
  if (format !== null && format !== 'PDF') throw new Error(`an attachment in format ${format}, neither PDF nor ZIP`);
  if (asked.length !== 1) throw new Error(`one PDF for ${asked.length} documents asked for`);
  return [checked(asked[0]!, bytes)];
};

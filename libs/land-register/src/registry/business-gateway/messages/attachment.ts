// The document of a result: base64 in `EmbeddedFileBinaryObject`, a PDF for one document or a ZIP for several (the
// register and its title plan). The `format` attribute says which, and so do the file's first bytes; the bytes are
// what a reader will open, so they decide, and a declared format that disagrees is kept for the caller to see.

export type AttachmentFormat = 'PDF' | 'ZIP';

export interface Attachment {
  readonly bytes: Buffer;
  readonly format: AttachmentFormat;
  /** The `format` attribute as sent, or null. */
  readonly declaredFormat: string | null;
  readonly filename: string | null;
}

const pdfMagic = Buffer.from('%PDF-', 'latin1');
const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The format the bytes themselves show, or null when they are neither a PDF nor a ZIP. */
export const formatOfBytes = (bytes: Buffer): AttachmentFormat | null => {
  if (bytes.subarray(0, pdfMagic.length).equals(pdfMagic)) return 'PDF';
  if (bytes.subarray(0, zipMagic.length).equals(zipMagic)) return 'ZIP';
  return null;
};

/** The attachment's format: the bytes' when they show one, else the declared one; an error when neither is known. */
export const attachmentFormat = (bytes: Buffer, declared: string | null): AttachmentFormat => {
  const shown = formatOfBytes(bytes);
  if (shown) return shown;
  const named = declared?.trim().toUpperCase();
  if (named === 'PDF' || named === 'ZIP') return named;
  throw new Error(`attachment is neither a PDF nor a ZIP (format attribute: ${declared ?? 'none'})`);
};

export const mimeCodeOf = (format: AttachmentFormat): string => (format === 'PDF' ? 'application/pdf' : 'application/zip');

import PDFDocument from 'pdfkit';

// A customer's logo is checked once, when the report is placed, so a render never fails on it: the bytes must be a
// PNG or a JPEG (the two image kinds pdfkit embeds) and pdfkit must be able to open them.

export type LogoCheck = { ok: true; mediaType: 'image/png' | 'image/jpeg' } | { ok: false; message: string };

export const maxLogoBytes = 200 * 1024;

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

/** pdfkit's `openImage` (parses an image without drawing it), which its type declarations leave out. */
export const openImage = (doc: PDFKit.PDFDocument, bytes: Buffer): { width: number; height: number } =>
  (doc as unknown as { openImage: (src: Buffer) => { width: number; height: number } }).openImage(bytes);

export const checkLogo = (bytes: Uint8Array): LogoCheck => {
  if (bytes.length === 0) return { ok: false, message: 'The logo is empty.' };
  if (bytes.length > maxLogoBytes)
    return { ok: false, message: `The logo is ${bytes.length} bytes; at most ${maxLogoBytes} are accepted.` };
  const mediaType = startsWith(bytes, pngSignature) ? 'image/png' : startsWith(bytes, [0xff, 0xd8, 0xff]) ? 'image/jpeg' : null;
  if (!mediaType) return { ok: false, message: 'The logo must be a PNG or a JPEG image.' };
  try {
    // A throwaway document: opening the image parses it as the render would.
    const image = openImage(new PDFDocument({ autoFirstPage: false }), Buffer.from(bytes));
    if (!(image.width > 0 && image.height > 0)) return { ok: false, message: 'The logo has no width or height.' };
  } catch (error) {
    return {
      ok: false,
      message: `The logo could not be read as ${mediaType === 'image/png' ? 'a PNG' : 'a JPEG'}: ${(error as Error).message}`,
    };
  }
  return { ok: true, mediaType };
};

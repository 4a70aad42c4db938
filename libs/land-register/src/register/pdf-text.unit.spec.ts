import { defaultPdfTextLimits, extractPdfText } from './pdf-text';
import { renderOfficialCopy } from './render-official-copy';
import { syntheticTestRegister } from './samples/synthetic-test-register';

describe('reading text out of a PDF', () => {
  it('refuses bytes that are not a PDF', async () => {
    await expect(extractPdfText(Buffer.from('hello, not a pdf'))).rejects.toThrow('not a PDF');
  });

  it('refuses a damaged PDF with an error instead of hanging', async () => {
    const pdf = await renderOfficialCopy(syntheticTestRegister);
    await expect(extractPdfText(Buffer.concat([pdf.subarray(0, 20), Buffer.alloc(200, 0x20)]))).rejects.toThrow(/PDF text extraction/);
  });

  it('holds to its limits on size and pages', async () => {
    const pdf = await renderOfficialCopy(syntheticTestRegister);
    await expect(extractPdfText(pdf, { ...defaultPdfTextLimits, maxBytes: 100 })).rejects.toThrow('more than 100');
    await expect(extractPdfText(pdf, { ...defaultPdfTextLimits, maxPages: 0 })).rejects.toThrow('more than 0');
  });
});

import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { areaPackFixture } from './fixtures/area-pack';
import { makePng } from './fixtures/png';
import { propertyPackFixture } from './fixtures/property-pack';
import { checkLogo, maxLogoBytes } from './logo';
import { renderReport } from './render-report';

// The PDF as bytes: a pure function of the model, fonts embedded rather than referenced, the document information
// from the model, and a size that stays small with the largest logo accepted.

jest.setTimeout(60_000);

/** The value of an entry of the PDF's Info dictionary (pdfkit writes each as an indirect string object). */
const infoEntry = (pdf: Buffer, key: string): string | null => {
  const text = pdf.toString('latin1');
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(text);
  if (!ref) return null;
  return new RegExp(`\\n${ref[1]} 0 obj\\n\\((.*)\\)\\nendobj`).exec(text)?.[1] ?? null;
};

/** Noise compresses to nothing less than itself: a PNG of about `bytes` bytes. */
const noisyPng = (bytes: number) => {
  // xorshift32: deterministic, and its bytes do not repeat within the image.
  let seed = 2463534242;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 24) & 0xff;
  };
  const side = Math.floor(Math.sqrt(bytes / 3));
  return makePng(side, side, () => [next(), next(), next()]);
};

describe('renderReport bytes', () => {
  it('renders identical bytes from the same model', async () => {
    const [a, b] = await Promise.all([renderReport(propertyPackFixture), renderReport(propertyPackFixture)]);
    expect(a.pages).toBe(b.pages);
    expect(a.pdf.equals(b.pdf)).toBe(true);
    // A later request date changes the dates and so the bytes.
    const later = await renderReport({ ...propertyPackFixture, requestedAt: '2026-11-26T09:30:12.000Z' });
    expect(later.pdf.equals(a.pdf)).toBe(false);
  });

  it('embeds Liberation Sans and names no standard-14 font', async () => {
    for (const model of [propertyPackFixture, areaPackFixture]) {
      const text = (await renderReport(model)).pdf.toString('latin1');
      expect(text).toContain('/FontFile2');
      const baseFonts = [...text.matchAll(/\/BaseFont \/([A-Za-z0-9+-]+)/g)].map((m) => m[1]);
      expect(baseFonts.length).toBeGreaterThan(0);
      for (const name of baseFonts) expect(name).toMatch(/^[A-Z]{6}\+LiberationSans(-Bold|-Italic)?$/);
      expect(text).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
    }
  });

  it('takes its document information from the model, its dates from the request', async () => {
    const { pdf } = await renderReport(propertyPackFixture);
    expect(infoEntry(pdf, 'Author')).toBe('Thameside Lettings & Sales');
    expect(infoEntry(pdf, 'Title')).toBe('Property information pack: 60 Western Elms Avenue, Reading, RG30 2AN');
    expect(infoEntry(pdf, 'Creator')).toBe('UK Property Data Service');
    expect(infoEntry(pdf, 'Producer')).toBe('UK Property Data Service');
    // requestedAt 2026-11-25T09:30:12.000Z
    expect(infoEntry(pdf, 'CreationDate')).toBe('D:20261125093012Z');
    expect(infoEntry(pdf, 'ModDate')).toBe('D:20261125093012Z');
  });

  it('stays well under 2 MB with a 200 kB logo', async () => {
    const logo = noisyPng(maxLogoBytes - 2_000);
    expect(logo.length).toBeGreaterThan(195_000);
    expect(checkLogo(logo)).toEqual({ ok: true, mediaType: 'image/png' });
    const { pdf } = await renderReport({ ...propertyPackFixture, branding: { ...propertyPackFixture.branding, logo } });
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
    // The logo is in it once (its bytes dominate the difference from the pack without one).
    const without = await renderReport({ ...propertyPackFixture, branding: { ...propertyPackFixture.branding, logo: null } });
    expect(pdf.length - without.pdf.length).toBeGreaterThan(190_000);
    expect(pdf.length - without.pdf.length).toBeLessThan(2 * logo.length);
  });

  it('fails loudly, naming the section, when data is not its operation answer', async () => {
    const broken = propertyPackFixture.sections.map((s) => (s.name === 'crime' ? { ...s, data: { totalCrimes: '412' } } : s));
    await expect(renderReport({ ...propertyPackFixture, sections: broken })).rejects.toThrow(
      "section crime: data is not area_crime's answer",
    );
  });

  it('renders in a worker thread from workerData', async () => {
    // The built entry, as the analysis service runs it.
    const worker = new Worker(path.join(__dirname, '..', 'dist', 'worker.js'), { workerData: areaPackFixture });
    const reply = await new Promise<{ pdf: Uint8Array; pages: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    const direct = await renderReport(areaPackFixture);
    expect(reply.pages).toBe(direct.pages);
    expect(Buffer.from(reply.pdf).equals(direct.pdf)).toBe(true);
  });
});

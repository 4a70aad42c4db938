import PDFDocument from 'pdfkit';
import { makePng } from './fixtures/png';
import { checkLogo, maxLogoBytes } from './logo';

// A real JPEG made without pdfkit's help would need an encoder; instead this is the smallest baseline JPEG (a 1 × 1
// grey pixel) written out marker by marker: SOI, DQT, SOF0, DHT (DC and AC), SOS with one coded block, EOI.
const tinyJpeg = Buffer.from(
  'ffd8ffdb004300' +
    '01'.repeat(64) +
    'ffc0000b080001000101011100' +
    'ffc4001f0000010501010101010100000000000000000102030405060708090a0b' +
    'ffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9fa' +
    'ffda0008010100003f00d2cf20' +
    'ffd9',
  'hex',
);

const gif = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');

describe('checkLogo', () => {
  it('accepts a PNG, which pdfkit opens at its size', () => {
    const png = makePng(30, 20, (x) => [x * 8, 100, 200]);
    expect(checkLogo(png)).toEqual({ ok: true, mediaType: 'image/png' });
  });

  it('accepts a JPEG, which pdfkit opens at its size', () => {
    expect(checkLogo(tinyJpeg)).toEqual({ ok: true, mediaType: 'image/jpeg' });
    // The same bytes pdfkit reads as a 1 × 1 image: the test JPEG is real, not merely a signature.
    const image = (
      new PDFDocument({ autoFirstPage: false }) as unknown as { openImage: (b: Buffer) => { width: number; height: number } }
    ).openImage(tinyJpeg);
    expect([image.width, image.height]).toEqual([1, 1]);
  });

  it('refuses a GIF, garbage, an empty file and a file too large', () => {
    expect(checkLogo(gif)).toEqual({ ok: false, message: 'The logo must be a PNG or a JPEG image.' });
    expect(checkLogo(Buffer.from('not an image at all'))).toMatchObject({ ok: false });
    expect(checkLogo(new Uint8Array(0))).toEqual({ ok: false, message: 'The logo is empty.' });
    expect(checkLogo(new Uint8Array(maxLogoBytes + 1))).toMatchObject({ ok: false, message: expect.stringContaining('at most') });
  });

  it('refuses a PNG signature over broken contents', () => {
    const png = makePng(4, 4, () => [0, 0, 0]);
    const broken = Buffer.concat([png.subarray(0, 8), Buffer.from('garbage after the signature')]);
    expect(checkLogo(broken)).toMatchObject({ ok: false, message: expect.stringContaining('could not be read as a PNG') });
  });

  it('refuses a JPEG signature with no frame', () => {
    expect(checkLogo(Buffer.from('ffd8ffe000104a46494600', 'hex'))).toMatchObject({ ok: false, message: expect.stringContaining('JPEG') });
  });
});

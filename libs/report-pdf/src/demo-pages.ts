import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { propertyPackFixture } from './fixtures/property-pack';
import { renderReport } from './render-report';

// Renders the demonstration property pack (a fixture) and writes two pages as PNGs for the documentation: the cover
// and the page the boundary is drawn on, with poppler's pdftoppm at 80 dpi.
// "Grid north" is found in the text of the boundary page only, so the page is found, not assumed.
//   node libs/report-pdf/dist/demo-pages.js docs/images

const main = async () => {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: demo-pages.js <output directory>');
  const { pdf } = await renderReport(propertyPackFixture);
  mkdirSync(outDir, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), 'report-demo-'));
  try {
    const pdfPath = path.join(work, 'pack.pdf');
    writeFileSync(pdfPath, pdf);
    // pdftotext (poppler, beside pdftoppm) separates pages with form feeds.
    const pages = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).split('\f');
    const boundaryPage = pages.findIndex((text) => text.includes('Grid north; Ordnance Survey National Grid')) + 1;
    if (boundaryPage < 1) throw new Error('no page of the demo pack shows the boundary');
    const shots: Array<[number, string]> = [
      [1, 'report-cover.png'],
      [boundaryPage, 'report-boundary.png'],
    ];
    for (const [pageNumber, name] of shots) {
      const prefix = path.join(work, `page-${pageNumber}`);
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(pageNumber), '-l', String(pageNumber), '-singlefile', pdfPath, prefix]);
      copyFileSync(`${prefix}.png`, path.join(outDir, name));
      process.stdout.write(`${path.join(outDir, name)} (page ${pageNumber})\n`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});

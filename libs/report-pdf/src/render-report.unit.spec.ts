import { extractPdfText } from '@pds/land-register';
import { areaPackFixture } from './fixtures/area-pack';
import { propertyPackFixture } from './fixtures/property-pack';
import { fixtureSources } from './fixtures/sources';
import { renderReport } from './render-report';

// The fixture packs rendered and read back with pdf.js: every figure below is the fixture's own value as the API
// gives it, printed by format.ts, so a figure dropped, re-rounded or drawn as paths fails here.

jest.setTimeout(60_000);

const read = async (model: typeof propertyPackFixture) => {
  const { pdf, pages } = await renderReport(model);
  const text = await extractPdfText(pdf);
  return { pdf, pages, text, flat: text.replace(/\s+/g, ' ') };
};

describe('renderReport: the property pack', () => {
  let rendered: Awaited<ReturnType<typeof read>>;
  beforeAll(async () => {
    rendered = await read(propertyPackFixture);
  });

  it('has a cover with the company, the subject and the two dates', () => {
    const cover = rendered.text.split('\n\n')[0] as string;
    for (const line of [
      'Thameside Lettings & Sales',
      'Property information pack',
      '60 Western Elms Avenue, Reading, RG30 2AN',
      'UPRN 310022981',
      'Prepared on 25 November 2026',
      'Figures as of 25 November 2026',
      'Report rep_01jd8x5m3q7v9k2b4n6p8r0t1w',
    ])
      expect(cover).toContain(line);
    expect(cover).not.toMatch(/Page \d+ of/);
  });

  it('numbers every page but the cover "Page N of M", and puts the footer on every page', () => {
    const { pages, text } = rendered;
    expect(pages).toBeGreaterThanOrEqual(8);
    const numbers = [...text.matchAll(/Page (\d+) of (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(numbers).toEqual(Array.from({ length: pages - 1 }, (_, i) => [i + 2, pages]));
    expect(text.split('Thameside Lettings & Sales · 01189 000000 · Demonstration pack').length - 1).toBe(pages);
  });

  it('lists the sections in the contents with pages, and the unavailable one with its reason', () => {
    const contents = rendered.text.split('\n\n')[1] as string;
    expect(contents).toContain('Contents');
    expect(contents).toMatch(/^Valuation \d+$/m);
    expect(contents).toMatch(/^Boundary \d+$/m);
    expect(contents).toMatch(/^Sources \d+$/m);
    expect(contents).toMatch(/^Disclaimer \d+$/m);
    expect(contents).toMatch(/^Registered titles\nNot available — HM Land Registry did not answer in time$/m);
    // The contents' page numbers are where the headings are.
    const boundaryPage = Number(/^Boundary (\d+)$/m.exec(contents)?.[1]);
    expect(rendered.text.split('\n\n')[boundaryPage - 1]).toContain('Grid north; Ordnance Survey National Grid');
  });

  it('prints the valuation, its range and each comparable exactly as the API gives them', () => {
    const { flat } = rendered;
    expect(flat).toContain('Estimated value £655,000');
    expect(flat).toContain('£561,630 to £763,893');
    expect(flat).toContain('Confidence score 62 of 100');
    for (const price of ['£675,000', '£612,500', '£598,000', '£640,000']) expect(flat).toContain(price);
    // Indexed prices of the comparables.
    for (const price of ['£705,300', '£713,900', '£622,600', '£667,800']) expect(flat).toContain(price);
  });

  it('prints the tax due, the bands and the last month of the index', () => {
    const { flat } = rendered;
    expect(flat).toContain('Tax due £22,750');
    expect(flat).toContain('Effective rate 3.5%');
    expect(flat).toContain('£250,000 to £925,000 5% £405,000 £20,250');
    expect(flat).toContain('£344,474 (September 2026)');
  });

  it('prints the EPC ratings, the boundary with its scale, crime counts and the schools', () => {
    const { flat, text } = rendered;
    expect(flat).toContain('Current rating D 62');
    expect(flat).toContain('Potential rating B 84');
    expect(flat).toContain('Area 536.2 m²');
    expect(flat).toContain('Scale 1:500 at A4');
    expect(text).toMatch(/^0 20 m$/m);
    expect(flat).toContain('Crimes recorded 412');
    for (const line of [
      'Violence and sexual offences 138',
      'Anti-social behaviour 87',
      'Criminal damage and arson 41',
      'Possession of weapons 1',
    ])
      expect(text).toContain(line);
    for (const name of ['Wilson Primary School', 'Battle Primary Academy', 'Prospect School']) expect(flat).toContain(name);
  });

  it("gives every dataset's attribution once, with the synthetic ones marked, and the disclaimer", () => {
    const { flat } = rendered;
    const used = [...new Set(propertyPackFixture.sections.flatMap((s) => (s.state === 'assembled' ? s.sources : [])))];
    for (const source of used) expect(flat).toContain(source.attribution);
    expect(flat.split(`vintage ${fixtureSources.ppd.vintage}`).length - 1).toBe(1);
    expect(flat.split('SYNTHETIC — made for demonstration').length - 1).toBe(2);
    expect(flat).toContain('It is not a valuation by a RICS Registered Valuer');
    expect(flat).toContain('A prompt for enquiry, not a stability conclusion');
    expect(flat).toContain('show general boundaries');
  });
});

describe('renderReport: the area pack', () => {
  it('has the postcode, the area sections and the unavailable ground-risk screen', async () => {
    const { text, flat, pages } = await read(areaPackFixture);
    expect(text.split('\n\n')[0]).toContain('Area information pack');
    expect(flat).toContain('Postcode RG30 2AN');
    expect(flat).toMatch(/Ground risk screen Not available — The Coal Authority map service is not answering/);
    expect(flat).toContain('Castle Hill/Russell Street/Oxford Road');
    expect(flat).toContain('CPI annual rate');
    expect(flat).toContain('Crimes recorded 412');
    expect(flat).not.toContain('Estimated value');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // No footer text was given: the footer line carries the page number alone.
    expect(text).toMatch(new RegExp(`^Page 2 of ${pages}$`, 'm'));
  });
});

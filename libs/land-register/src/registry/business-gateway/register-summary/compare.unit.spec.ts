import { parseRegister } from '../../../register/parse-register';
import { extractPdfText } from '../../../register/pdf-text';
import { renderOfficialCopy } from '../../../register/render-official-copy';
import type { Register } from '../../../register/register';
import { sampleFreeholdWithCharges } from '../../../register/samples/freehold-with-charges';
import { sampleLeaseholdFlat } from '../../../register/samples/leasehold-flat';
import { buildRegisterSummary } from './build-summary';
import { compareSummaryWithExtraction, summaryEnquiries, summaryMismatchCode } from './compare';

// The registry's summary of a register against the project's parse of the same register's official copy: the
// copy is rendered to PDF and its text read back, as for a real order.

const copyText = async (register: Register) => extractPdfText(await renderOfficialCopy(register));

describe('compareSummaryWithExtraction', () => {
  it.each([
    ['freehold with two charges', sampleFreeholdWithCharges],
    ['leasehold flat', sampleLeaseholdFlat],
  ])('finds nothing to ask when both readings of the %s agree', async (_, register) => {
    const text = await copyText(register);
    expect(compareSummaryWithExtraction(buildRegisterSummary(register), parseRegister(text), text)).toEqual([]);
  });

  it('turns a planted disagreement on the lender into one enquiry', async () => {
    const text = await copyText(sampleFreeholdWithCharges);
    const summary = buildRegisterSummary(sampleFreeholdWithCharges, {
      chargees: { 6: [{ kind: 'organisation', name: 'HARBOUR FINANCE LIMITED', companyNumber: null, addresses: [], description: null }] },
    });
    const found = compareSummaryWithExtraction(summary, parseRegister(text), text);
    expect(found.map((d) => d.field)).toEqual(['chargees']);
    expect(found[0]?.registry).toBe('MERIDIAN BUILDING SOCIETY; HARBOUR FINANCE LIMITED');
    expect(found[0]?.parsed).toContain('ASHDOWN SECURED LENDING LIMITED');
    expect(summaryEnquiries(found)).toEqual([
      {
        code: summaryMismatchCode,
        priority: 'high',
        reason: expect.stringContaining('gives the lenders (chargees) as MERIDIAN BUILDING SOCIETY; HARBOUR FINANCE LIMITED'),
        action: expect.stringContaining('Check the lenders (chargees) on the official copy'),
      },
    ]);
  });

  it('reports each field that differs: title number, edition, class, tenure, owners, charges and price', async () => {
    const text = await copyText(sampleFreeholdWithCharges);
    const summary = buildRegisterSummary({ ...sampleFreeholdWithCharges, titleNumber: 'BK509232', editionDate: '2023-06-03' });
    const changed = {
      ...summary,
      title: { ...summary.title, classOfTitle: '90' as const },
      proprietorship: { ...summary.proprietorship, parties: summary.proprietorship.parties.slice(0, 1) },
      charges: summary.charges.slice(0, 1),
      pricePaid: summary.pricePaid && { ...summary.pricePaid, amount: '£458,000' },
    };
    const found = compareSummaryWithExtraction(changed, parseRegister(text), text);
    expect(found.map((d) => [d.field, d.registry, d.parsed])).toEqual([
      ['titleNumber', 'BK509232', 'BK509231'],
      ['editionDate', '2023-06-03', '2023-06-02'],
      ['classOfTitle', 'possessory (code 90)', 'Title absolute'],
      ['tenure', 'Leasehold', 'Freehold'],
      ['proprietors', 'DAVID ALAN PRESCOTT', 'DAVID ALAN PRESCOTT; HANNAH MAY PRESCOTT'],
      ['chargeCount', '1', '2'],
      ['chargees', 'MERIDIAN BUILDING SOCIETY', expect.stringContaining('MERIDIAN BUILDING SOCIETY; ASHDOWN SECURED LENDING LIMITED')],
      ['pricePaid', '£458,000', 'not found on the copy'],
    ]);
    expect(found.every((d) => d.enquiry.code === summaryMismatchCode)).toBe(true);
  });
});

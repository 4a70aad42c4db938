import { sampleFreeholdWithCharges } from './samples/freehold-with-charges';
import { extractPdfText } from './pdf-text';
import { renderOfficialCopy } from './render-official-copy';

describe('rendering an official copy', () => {
  it('gives the same bytes for the same register, dated from the register and not the clock', async () => {
    const first = await renderOfficialCopy(sampleFreeholdWithCharges);
    const second = await renderOfficialCopy(sampleFreeholdWithCharges);
    expect(first.equals(second)).toBe(true);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.toString('latin1')).toContain('(D:20240502102103Z)');
  });

  it('lays the copy out with the standard header, registers, introductions and end marker', async () => {
    const lines = (await extractPdfText(await renderOfficialCopy(sampleFreeholdWithCharges))).split('\n');
    for (const expected of [
      'Official copy of register of title',
      'Title number BK509231 Edition date 02.06.2023',
      '– This official copy shows the entries on the register of title on 02 MAY 2024 at 10:21:03.',
      '– This title is dealt with by HM Land Registry, Durham Office.',
      'A: Property Register',
      'This register describes the land and estate comprised in the title.',
      'BERKSHIRE : WOKINGHAM',
      'B: Proprietorship Register',
      'Title absolute',
      '2 (14.03.2022) The price stated to have been paid on 25 February 2022 was £485,000.',
      'C: Charges Register',
      'This register contains any charges and other matters that affect the land.',
      '3 The land tinted pink on the title plan has the benefit of a right of way on foot only over the',
      'End of register',
      'Page 2 of 2',
    ])
      expect(lines).toContain(expected);
  });
});

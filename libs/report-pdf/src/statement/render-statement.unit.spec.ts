import { extractPdfText } from '@pds/land-register';
import { createHash } from 'node:crypto';
import { renderStatement } from './render-statement';
import type { StatementModel } from './statement-model';
import { statementFixture as may, statementFixtureFigures as figures } from '../fixtures/statement';
import { pounds } from './statement-format';

// A statement rendered and read back with pdf.js: the figures below are the model's, printed as a reader expects
// them (pounds with pence, credits grouped), and a closed month renders to the same bytes every time.

jest.setTimeout(60_000);

describe('renderStatement', () => {
  it('prints the account, plan, month and every summary figure, and numbers its pages', async () => {
    const { pdf, pages } = await renderStatement(may);
    const text = (await extractPdfText(pdf)).replace(/\s+/g, ' ');
    for (const shown of ['Statement for May 2026', 'acc_statement01', 'finance@example.test', 'Standard', 'ledger position 1234'])
      expect(text).toContain(shown);
    // Closing credits and pounds, the payments, an order taken, and the day of the order on the chart.
    for (const shown of ['4,962', '£63.00', '£99.00', '£20.00', '£119.00', '-£7.00', '+4,906', 'Wed 20 May', 'title_order'])
      expect(text).toContain(shown);
    expect(text).not.toContain('to date');
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('renders a closed month to the same bytes each time, and says when a month is to date', async () => {
    const hash = async (m: StatementModel) =>
      createHash('sha256')
        .update((await renderStatement(m)).pdf)
        .digest('hex');
    expect(await hash(may)).toBe(await hash({ ...may }));
    const toDate = await renderStatement({ ...may, toDate: true, issuedAt: '2026-05-21T12:00:00.000Z' });
    expect((await extractPdfText(toDate.pdf)).replace(/\s+/g, ' ')).toContain('Statement for May 2026 (to date)');
  });

  it('refuses a figure missing from the model rather than print a blank', async () => {
    const { closing_pence: _, ...short } = figures;
    await expect(renderStatement({ ...may, figures: short })).rejects.toThrow('closing_pence');
  });
});

describe('pounds', () => {
  it('always shows pence, and the sign before the pound sign', () => {
    expect([pounds(9_900), pounds(-700), pounds(5), pounds(123_456_78)]).toEqual(['£99.00', '-£7.00', '£0.05', '£123,456.78']);
  });
});

import type { StatementModel } from '@pds/report-pdf';
import { daysBetween, monthsBetween, parseStatementFile, statementPeriod, ukMonthOf } from './months';
import { statementCsv } from './statement-csv';

// Statement months by the UK calendar, and the statement's CSV as RFC 4180 writes it, worked by hand.

describe('statement months', () => {
  it('cuts months by UK time: 23:30 UTC on 31 May 2026 is 00:30 on 1 June (BST)', () => {
    expect(ukMonthOf(new Date('2026-05-31T23:30:00Z'))).toBe('2026-06');
    expect(ukMonthOf('2026-12-31T23:30:00Z')).toBe('2026-12');
  });

  it('lists every month from the opening one to this one, newest first, across a year', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(monthsBetween('2026-02', '2026-02')).toEqual(['2026-02']);
  });

  it('reads a file name as its month and format, telling a malformed month from another file', () => {
    expect(parseStatementFile('2026-05.pdf')).toEqual({ month: '2026-05', format: 'pdf' });
    expect(parseStatementFile('2026-05.csv')).toEqual({ month: '2026-05', format: 'csv' });
    for (const bad of ['2026-13.pdf', '2026-5.csv', 'may.pdf', '2026-05-01.pdf', '.pdf']) expect(parseStatementFile(bad)).toBe('malformed');
    expect(parseStatementFile('2026-05.txt')).toBeUndefined();
    expect(parseStatementFile('2026-05')).toBeUndefined();
  });

  it('covers a closed month to its last day, issued at its end; this month to today, issued now', () => {
    const now = new Date('2026-06-10T08:00:00.000Z');
    // June's first instant in the UK is 23:00 UTC on 31 May (BST).
    expect(statementPeriod('2026-05', now)).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
      toDate: false,
      issuedAt: '2026-05-31T23:00:00.000Z',
    });
    expect(statementPeriod('2026-02', now)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      toDate: false,
      issuedAt: '2026-03-01T00:00:00.000Z',
    });
    expect(statementPeriod('2026-06', now)).toEqual({ from: '2026-06-01', to: '2026-06-10', toDate: true, issuedAt: now.toISOString() });
    expect(daysBetween('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
});

describe('statement CSV', () => {
  it('writes the summary figures, each movement and the usage by operation in their sections', () => {
    const model = {
      figures: { opening_credits: 94, closing_credits: 4_962, closing_pence: 6_300 },
      movements: [
        {
          at: '2026-05-03T10:00:00.000Z',
          kind: 'cash_deposited',
          referenceId: 'd1',
          operation: null,
          description: '=HYPERLINK("x"), deposit',
          amountCredits: 0,
          amountPence: 2_000,
        },
      ],
      usageByOperation: [
        { operationId: 'valuation', calls: 5, charges: 4, creditsCharged: 8, refunds: 1, creditsRefunded: 2 },
        { operationId: 'postcode_lookup', calls: 3, charges: 0, creditsCharged: 0, refunds: 0, creditsRefunded: 0 },
      ],
    } as unknown as StatementModel;
    expect(statementCsv(model).split('\r\n')).toEqual([
      'section,at,kind,reference,description,operation_id,calls,credits,pence',
      'summary,,opening_credits,,,,,94,',
      'summary,,closing_credits,,,,,4962,',
      'summary,,closing_pence,,,,,,6300',
      'movement,2026-05-03T10:00:00.000Z,cash_deposited,d1,"\'=HYPERLINK(""x""), deposit",,,0,2000',
      'usage,,charged,,,valuation,5,8,',
      'usage,,refunded,,,valuation,,2,',
      'usage,,charged,,,postcode_lookup,3,0,',
      '',
    ]);
  });
});

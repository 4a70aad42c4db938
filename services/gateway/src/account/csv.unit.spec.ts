import { csvField, toCsv } from './csv';
import { usageCsv } from './usage/usage-csv';
import type { UsageReport } from './usage/usage-of';

// Expected files written out by hand from RFC 4180 (CRLF after every record, fields with a comma, quote, CR or LF
// quoted, quotes doubled) and OWASP's CSV-injection advice (a text cell that could start a formula prefixed with ').

describe('the CSV writer', () => {
  it('quotes a field only when it must, doubling its quotes', () => {
    expect(['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', '', 'café £5'].map(csvField)).toEqual([
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '"cr\rhere"',
      '',
      'café £5',
    ]);
  });

  it('writes nothing for no value, and a negative amount as a number', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, -700, 'x']])).toBe('a,b,c\r\n,-700,x\r\n');
  });

  it('turns text that a spreadsheet would run as a formula into text, but leaves numbers as numbers', () => {
    expect(['=HYPERLINK("http://x.test")', '+1', '-2', '@SUM(A1)', '\tx', '\rx', "'quoted", 'a=b'].map(csvField)).toEqual([
      `"'=HYPERLINK(""http://x.test"")"`,
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
      "'quoted",
      'a=b',
    ]);
    expect([-2, 0, 37].map(csvField)).toEqual(['-2', '0', '37']);
    expect(() => csvField(Number.NaN)).toThrow('finite');
  });

  it('ends every record, the last too, with CRLF, and refuses a record of the wrong width', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [2, '=1+1'],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n2,\'=1+1\r\n');
    expect(() => toCsv(['a', 'b'], [[1]])).toThrow('1 fields; the header has 2');
  });
});

describe('the usage CSV', () => {
  const usage = (groupBy: 'day' | 'operation', rows: UsageReport['rows']): UsageReport => ({
    from: '2026-05-14',
    to: '2026-05-15',
    timeZone: 'Europe/London',
    groupBy,
    rows,
    totals: { calls: 0, creditsCharged: 0, refunds: 0, creditsRefunded: 0 },
    asOf: null,
  });

  it('has one record a day, named for its range and grouping, with no totals record', () => {
    const file = usageCsv(
      usage('day', [
        { day: '2026-05-14', calls: 12, creditsCharged: 37, refunds: 1, creditsRefunded: 5 },
        { day: '2026-05-15', calls: 0, creditsCharged: 0, refunds: 0, creditsRefunded: 0 },
      ]),
    );
    expect(file.filename).toBe('usage-2026-05-14-2026-05-15-day.csv');
    expect(file.text).toBe('day,calls,credits_charged,refunds,credits_refunded\r\n2026-05-14,12,37,1,5\r\n2026-05-15,0,0,0,0\r\n');
  });

  it('guards an operation name that would run as a formula', () => {
    const file = usageCsv(
      usage('operation', [
        { operationId: '=HYPERLINK("http://x.test","y")', calls: 1, creditsCharged: 2, refunds: 0, creditsRefunded: 0 },
        { operationId: 'property_valuation', calls: 3, creditsCharged: 30, refunds: 0, creditsRefunded: 0 },
      ]),
    );
    expect(file.filename).toBe('usage-2026-05-14-2026-05-15-operation.csv');
    expect(file.text).toBe(
      'operation_id,calls,credits_charged,refunds,credits_refunded\r\n' +
        '"\'=HYPERLINK(""http://x.test"",""y"")",1,2,0,0\r\n' +
        'property_valuation,3,30,0,0\r\n',
    );
  });
});

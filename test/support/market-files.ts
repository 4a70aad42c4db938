import { readFileSync } from 'node:fs';

// The market series' published files read plainly for tests, apart from the importers: what an answer should give.

const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * A series of a Bank of England database CSV in the codes layout (`DATE,IUMBV34,…`, `31 Jan 2025`, unquoted), by
 * month: `{ month, ratePercent }` in the file's order, empty fields left out.
 */
export const boeCodesSeries = (path: string, code: string) => {
  const [header = '', ...records] = readFileSync(path, 'utf8').split(/\r?\n/).filter(Boolean);
  const at = header.split(',').indexOf(code);
  if (at < 1) throw new Error(`${path} has no series ${code}`);
  return records
    .map((r) => r.split(','))
    .filter((f) => f[at] !== '')
    .map((f) => {
      const [, mon = '', year] = f[0]!.split(' ');
      const month = String(monthNames.indexOf(mon.toUpperCase()) + 1).padStart(2, '0');
      return { month: `${year}-${month}`, ratePercent: Number(f[at]) };
    });
};

/** The monthly values of an ONS time series download (the rows after its eight about the series), by `YYYY-MM`. */
export const onsMonthly = (path: string): Map<string, number> =>
  new Map(
    readFileSync(path, 'utf8')
      .split(/\r?\n/)
      .filter(Boolean)
      .slice(8)
      .map((l) => l.replace(/"/g, '').split(','))
      .flatMap(([p, v]) => {
        const m = /^(\d{4}) ([A-Z]{3})$/.exec(p!);
        return m ? [[`${m[1]}-${String(monthNames.indexOf(m[2]!) + 1).padStart(2, '0')}`, Number(v)] as [string, number]] : [];
      }),
  );

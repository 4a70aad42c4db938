// CSV as RFC 4180 writes it: records ended by CRLF, a field quoted when it holds a comma, a quote, CR or LF, and a
// quote inside a quoted field doubled. Written as UTF-8 by whoever sends it.
//
// A spreadsheet opening the file runs a cell that starts with `=`, `+`, `-` or `@` as a formula (and some read past a
// leading tab or CR to one), so text the customer or anyone else chose (a key's name, an operation, a description)
// could run as a formula on their machine. Such a text cell is prefixed with `'`, which spreadsheets take as "this
// is text" (OWASP's advice on CSV injection). Numbers are written as numbers: a negative amount stays a number.

/** A cell: text, a number, or nothing (an empty field). */
export type CsvValue = string | number | null;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** One field: numbers as they are, text guarded against formulas and quoted when it must be. */
export const csvField = (value: CsvValue): string => {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`a CSV number must be finite, got ${value}`);
    return String(value);
  }
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A whole file: the header, then each record, every one ended by CRLF. */
export const toCsv = (header: readonly string[], records: readonly (readonly CsvValue[])[]): string =>
  [header, ...records]
    .map((record) => {
      if (record.length !== header.length) throw new Error(`a record has ${record.length} fields; the header has ${header.length}`);
      return `${record.map(csvField).join(',')}\r\n`;
    })
    .join('');

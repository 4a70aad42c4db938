import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileWriter, madeUpDataset } from '../../../../test/support/made-up-dataset';
import type { DatasetInput } from '../datasets/dataset';
import type { DatasetDefinition, Note, Read } from './dataset-definition';
import { defineDataset } from './define-dataset';
import { FormatError } from './files';

// The builder's rules for what a dataset declares beyond its rows: the vintage (fixed, from names, from the latest
// value loaded, from what the files say of themselves, from the parts an accumulating dataset holds), records that must
// appear once, rows of several values a line, change files, a reader of the dataset's own and the check of its own
// counts. Files written here; every expectation is read off their text by hand.

const write = fileWriter('pds-builder-');

const about = madeUpDataset('days', [
  { name: 'day', type: 'date' },
  { name: 'n', type: 'integer' },
]);

/** Days and counts, CSV with a header `day,n`; a line may carry several counts (`day,n,n…`). */
const days = (more: Partial<DatasetDefinition<string[], void, undefined>>) =>
  defineDataset({
    ...about,
    files: { usage: 'days takes CSV files' },
    header: () => undefined,
    row: ([day = '', ...ns]) =>
      ns.every((n) => /^\d+$/.test(n)) ? { rows: ns.map((n) => [day, Number(n)]) } : { rejected: `${ns.join(',')} are not counts` },
    ...more,
  });

const rowsOf = async (input: DatasetInput) => {
  const rows = [];
  for await (const row of input.rows()) rows.push(row);
  return rows;
};

const march = write('days_202403.csv', 'day,n\n2024-03-01,1\n2024-12-31,x\n');
const june = write('days_202406.csv', 'day,n\n2024-06-30,2,3\n');

describe('the vintage a dataset declares', () => {
  it('from the latest value of a column over the rows loaded (a rejected row does not count)', async () => {
    const input = await days({ vintage: { latest: 'day', said: (latest) => (latest ? `to ${latest}` : 'nothing') } }).open([march, june]);
    expect(input.vintage).toBe('nothing');
    expect(await rowsOf(input)).toEqual([
      { part: 'days_202403.csv', line: 2, values: ['2024-03-01', 1] },
      { part: 'days_202403.csv', line: 3, rejected: 'x are not counts' },
      { part: 'days_202406.csv', line: 2, values: ['2024-06-30', 2] },
      { part: 'days_202406.csv', line: 2, values: ['2024-06-30', 3] },
    ]);
    expect(input.vintage).toBe('to 2024-06-30');
  });

  it('from the files’ names, before anything loads: a name that does not say it refuses the files', async () => {
    const fromName = days({
      vintage: {
        fromFiles: ({ parts }) => {
          const m = /_(\d{4})(\d{2})\.csv$/.exec(parts.at(-1)?.name ?? '');
          if (!m) throw new FormatError(`${parts.at(-1)?.name}: name it days_YYYYMM.csv`);
          return `${m[1]}-${m[2]}`;
        },
      },
    });
    expect((await fromName.open([march, june])).vintage).toBe('2024-06');
    const unnamed = write('days.csv', 'day,n\n');
    await expect(fromName.open([unnamed])).rejects.toThrow(new FormatError('days.csv: name it days_YYYYMM.csv'));
  });

  it('of an accumulating dataset, its own vintage of the parts the rows hold', async () => {
    const input = await days({ accumulates: { partColumns: ['day'], vintage: (keys) => [...keys].sort().join(' and ') } }).open([
      june,
      march,
    ]);
    await rowsOf(input);
    expect(input.vintage).toBe('2024-03-01 and 2024-06-30');
  });

  it('a dataset that neither declares a vintage nor accumulates is refused when it is defined', () => {
    expect(() => days({})).toThrow('days: a dataset that does not accumulate declares its vintage');
  });
});

describe('rows', () => {
  it('a record that must appear once is rejected where it appears again, naming where it was first read', async () => {
    const again = write('again.csv', 'day,n\n2024-03-01,7\n2024-04-01,8\n');
    const input = await days({
      vintage: 'v',
      once: { key: ([day]) => String(day), rejected: ([day], first) => `${day} as at ${first}` },
    }).open([march, again]);
    expect((await rowsOf(input)).filter((r) => r.part === 'again.csv')).toEqual([
      { part: 'again.csv', line: 2, rejected: '2024-03-01 as at days_202403.csv:2' },
      { part: 'again.csv', line: 3, values: ['2024-04-01', 8] },
    ]);
  });

  it('a header of several records: all skipped, the layout read from them; a trailer mapped to nothing is passed over', async () => {
    const titled = write('titled.csv', 'Days of the year\nday,n\n2024-01-01,4\nTotal,4\n');
    const input = await defineDataset({
      ...about,
      files: { usage: 'one file', one: true },
      header: { records: 2, read: ([title]) => title?.[0] ?? '' },
      row: ([day = '', n = '']) => (day === 'Total' ? null : { values: [day, Number(n)] }),
      vintage: 'v',
      changeFiles: ([only]) => only?.layout === 'Days of the year',
    }).open([titled]);
    expect(input.changeFiles).toBe(true);
    expect(await rowsOf(input)).toEqual([{ part: 'titled.csv', line: 3, values: ['2024-01-01', 4] }]);
  });
});

/** Lines `day n`, after a first line `released YYYY-MM-DD count N`; it waits a while before reading, as a parser may. */
async function* spaced(stream: Readable, _part: unknown, note: Note): AsyncGenerator<Read<string[]>> {
  await sleep(20);
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  const [first = '', ...lines] = text.trim().split('\n');
  const [, released = '', , count = ''] = first.split(' ');
  note('released', released);
  note('count', count);
  for (const [i, line] of lines.entries())
    yield line === '-' ? { line: i + 2, rejected: 'a dash' } : { line: i + 2, record: line.split(' ') };
}

describe('a reader of the dataset’s own', () => {
  const own = defineDataset({
    ...about,
    files: { usage: 'files' },
    records: spaced,
    row: ([day = '', n = '']) => ({ values: [day, Number(n)] }),
    vintage: { fromNotes: (notes) => `released ${notes.all('released').sort().at(-1)}` },
    verify: ({ recordsByPart, parts, notes }) =>
      parts.flatMap(({ name }) => {
        const said = Number(notes.of(name, 'count')[0]);
        return recordsByPart.get(name) === said ? [] : [`${name}: ${recordsByPart.get(name)} read, it says ${said}`];
      }),
  });

  it('gives every record, its rejections and what the files say of themselves', async () => {
    const early = write('early.txt', 'released 2024-02-01 count 2\n2024-01-01 5\n-\n');
    const late = write('late.txt', 'released 2024-05-01 count 2\n2024-04-01 6\n');
    const input = await own.open([late, early]);
    expect(await rowsOf(input)).toEqual([
      { part: 'late.txt', line: 2, values: ['2024-04-01', 6] },
      { part: 'early.txt', line: 2, values: ['2024-01-01', 5] },
      { part: 'early.txt', line: 3, rejected: 'a dash' },
    ]);
    expect(input.vintage).toBe('released 2024-05-01');
    // The records read of each part (rejected or not) against the count its first line gives.
    expect(
      input.verify?.(
        new Map([
          ['late.txt', 1],
          ['early.txt', 2],
        ]),
      ),
    ).toEqual(['late.txt: 1 read, it says 2']);
  });
});

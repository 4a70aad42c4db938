import { statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { DatasetInput, ReadRow } from '../datasets/dataset';
import { fileWriter, madeUpDataset } from '../../../../test/support/made-up-dataset';
import { zipOf } from '../../../../infra/demo-data/src/epc/zip-writer';
import type { DatasetDefinition } from './dataset-definition';
import { defineDataset } from './define-dataset';
import { FormatError } from './files';

// The importer builder over small files written here: a plain CSV, a gzip, and a zip of two CSV members and a readme.
// Every expected row, line, part name and byte count is worked out by hand from the files' text below.

const write = fileWriter('pds-builder-');
const plain = write('a.csv', 'name,n\r\nx,1\r\n"y, quoted",2\r\n');
const gzip = write('b.csv.gz', gzipSync('name,n\nz,zz\nw,3\n'));
const zip = write(
  'c.zip',
  zipOf([
    { name: 'one.csv', data: Buffer.from('name,n\nq,4\n') },
    { name: 'readme.txt', data: Buffer.from('not data') },
    { name: 'two.csv', data: Buffer.from('\uFEFFname,n\nr,5\n') },
  ]),
);
const other = write('other.csv', 'title,count\nx,1\n');

const about = madeUpDataset('counts', [
  { name: 'name', type: 'text' },
  { name: 'n', type: 'integer' },
]);

/** A dataset of names and counts, published as CSV with a header `name,n`, plain, gzip or zipped. */
const counts = (more: Partial<DatasetDefinition<string[], number, undefined>> = {}) =>
  defineDataset({
    ...about,
    files: { usage: 'counts takes CSV files', archive: { members: /\.csv$/, noMembers: (file) => `${file} holds no CSV` } },
    header: (header, part) => {
      if (header.join(',') !== 'name,n') throw new FormatError(`${part.name} is not counts: its header is ${header.join(',')}`);
      return header.length;
    },
    row: ([name = '', n = ''], { layout }) =>
      /^\d+$/.test(n) ? { values: [name, Number(n)] } : { rejected: `n ${JSON.stringify(n)} of ${layout}` },
    vintage: 'the release',
    ...more,
  });

const everyRow = async (input: DatasetInput) => {
  const rows: Array<ReadRow & { bytesRead: number }> = [];
  for await (const row of input.rows()) rows.push({ ...row, bytesRead: input.bytesRead() });
  return rows;
};

describe('the importer builder', () => {
  it('reads every part in the order given: a plain file, a gzip, and the CSV members of a zip, headers skipped', async () => {
    const input = await counts().open([plain, gzip, zip]);
    expect(input.parts.map((p) => p.name)).toEqual(['a.csv', 'b.csv.gz', 'c.zip:one.csv', 'c.zip:two.csv']);
    const rows = await everyRow(input);
    expect(rows.map(({ bytesRead: _, ...row }) => row)).toEqual([
      { part: 'a.csv', line: 2, values: ['x', 1] },
      { part: 'a.csv', line: 3, values: ['y, quoted', 2] },
      { part: 'b.csv.gz', line: 2, rejected: 'n "zz" of 2' },
      { part: 'b.csv.gz', line: 3, values: ['w', 3] },
      { part: 'c.zip:one.csv', line: 2, values: ['q', 4] },
      { part: 'c.zip:two.csv', line: 2, values: ['r', 5] },
    ]);
    expect(input.vintage).toBe('the release');
    expect(input.changeFiles).toBeUndefined();
  });

  it('counts progress in bytes on disk, never going back, up to the parts’ total', async () => {
    const input = await counts().open([plain, gzip, zip]);
    // a.csv: 8 + 5 + 15 bytes; the gzip and the zip's members as they are stored.
    expect(input.parts[0]).toEqual({ name: 'a.csv', sizeBytes: 28 });
    expect(input.parts[1]?.sizeBytes).toBe(statSync(gzip).size);
    const total = input.parts.reduce((sum, p) => sum + p.sizeBytes, 0);
    expect(input.bytesRead()).toBe(0);
    const read = (await everyRow(input)).map((r) => r.bytesRead);
    expect(read.every((bytes, i) => i === 0 || bytes >= read[i - 1]!)).toBe(true);
    // The first row of the gzip is read once a.csv is done.
    expect(read[2]).toBeGreaterThanOrEqual(28);
    expect(input.bytesRead()).toBe(total);
  });

  it('refuses files that are not the format before any row is read, naming the file', async () => {
    await expect(counts().open([plain, other])).rejects.toThrow(new FormatError('other.csv is not counts: its header is title,count'));
    await expect(counts().open([])).rejects.toThrow(new FormatError('counts takes CSV files'));
    await expect(counts({ files: { usage: 'counts takes one file', one: true } }).open([plain, gzip])).rejects.toThrow(
      'counts takes one file',
    );
    const empty = write('empty.csv', '');
    await expect(counts().open([empty])).rejects.toThrow(new FormatError('empty.csv is empty'));
    const unquoted = write('broken.csv', '"name,n\nx,1\n');
    await expect(counts().open([unquoted])).rejects.toThrow(/^broken\.csv is not a CSV file: /);
    const noCsv = write('d.zip', zipOf([{ name: 'readme.txt', data: Buffer.from('none') }]));
    await expect(counts().open([noCsv])).rejects.toThrow(new FormatError('d.zip holds no CSV'));
  });

  it('reads a zip as the dataset declares it: its first member only, named as published, its metadata checked', async () => {
    const supply = zipOf([
      { name: 'Doc/about.txt', data: Buffer.from('release 7') },
      { name: 'Data/one.csv', data: Buffer.from('name,n\nq,4\n') },
      { name: 'Data/two.csv', data: Buffer.from('name,n\nr,5\n') },
    ]);
    const metadata = (bytes: Buffer) => {
      const release = /release (\d+)/.exec(bytes.toString())?.[1];
      if (!release) throw new FormatError('Doc/about.txt names no release');
      return release;
    };
    const declared = (first: boolean) =>
      defineDataset<string[], undefined, string>({
        ...about,
        files: {
          usage: 'takes the zip',
          archive: {
            members: /^Data\//,
            first,
            name: (_zip, member) => member,
            noMembers: (file) => `${file} needs Doc/about.txt and Data/`,
            metadata: { member: /^Doc\/about\.txt$/, read: metadata },
            only: (file) => `${file} is not a zip`,
          },
        },
        header: () => undefined,
        row: ([name = '', n = '']) => ({ values: [name, Number(n)] }),
        vintage: { fromFiles: ({ parts }) => `release ${parts[0]?.metadata}` },
      });
    const input = await declared(true).open([write('e.zip', supply)]);
    expect(input.parts.map((p) => p.name)).toEqual(['Data/one.csv']);
    expect(input.vintage).toBe('release 7');
    expect((await declared(false).open([write('e.zip', supply)])).parts.map((p) => p.name)).toEqual(['Data/one.csv', 'Data/two.csv']);
    const withoutAbout = write('f.zip', zipOf([{ name: 'Data/one.csv', data: Buffer.from('name,n\n') }]));
    await expect(declared(true).open([withoutAbout])).rejects.toThrow(new FormatError('f.zip needs Doc/about.txt and Data/'));
    const unnamed = write(
      'g.zip',
      zipOf([
        { name: 'Doc/about.txt', data: Buffer.from('draft') },
        { name: 'Data/x.csv', data: Buffer.from('') },
      ]),
    );
    await expect(declared(true).open([unnamed])).rejects.toThrow(new FormatError('Doc/about.txt names no release'));
    await expect(declared(true).open([plain])).rejects.toThrow(new FormatError('a.csv is not a zip'));
  });

  it('checks the first record of a file without a header, in every part or the first only, and reads it as a row', async () => {
    const seen: string[] = [];
    const headerless = (parts?: 'first') =>
      counts({
        header: undefined,
        check: {
          record: (fields, part) => {
            seen.push(part.name);
            if (fields.length !== 2) throw new FormatError(`${part.name}: ${fields.length} fields`);
          },
          ...(parts ? { parts } : {}),
        },
      });
    const first = write('h.csv', 'x,1\n');
    const wide = write('i.csv', 'x,1,2\n');
    await expect(headerless().open([first, wide])).rejects.toThrow(new FormatError('i.csv: 3 fields'));
    expect(seen).toEqual(['h.csv', 'i.csv']);
    const input = await headerless('first').open([first, wide]);
    expect(seen).toEqual(['h.csv', 'i.csv', 'h.csv']);
    expect((await everyRow(input)).map(({ bytesRead: _, ...row }) => row)).toEqual([
      { part: 'h.csv', line: 1, values: ['x', 1] },
      { part: 'i.csv', line: 1, values: ['x', 1] },
    ]);
  });
});

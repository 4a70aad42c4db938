import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// For the importer builder's tests: what the import records of a made-up dataset (none of it is read by the builder),
// and a folder of the files a test writes.

export const madeUpDataset = (name: string, columns: Array<{ name: string; type: string }>) => ({
  name,
  importerVersion: 1,
  title: name,
  publisher: 'A publisher',
  licence: 'A licence',
  attribution: 'An attribution',
  relation: name,
  columns,
  indexes: [],
});

/** Writes a file into a new temporary folder, returning its path. */
export const fileWriter = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return (name: string, data: string | Buffer) => {
    writeFileSync(join(dir, name), data);
    return join(dir, name);
  };
};

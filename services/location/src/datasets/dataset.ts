// A reference dataset as the import command and the readers know it: what it is (title, publisher, licence, the
// attribution every answer built from it carries), the table it loads (columns as data, indexes), and how its
// published files are read. One small file per dataset declares all of this with the importer builder
// (import/define-dataset.ts; see codepoint-open.ts), which makes `open`.

export type SqlValue = string | number | boolean | null;

export interface Column {
  name: string;
  /** A PostgreSQL type: text, integer, double precision, date, … */
  type: string;
}

/** One row read from a file: its values in column order, or why it could not be read. */
export type ReadRow = { part: string; line: number; values: SqlValue[] } | { part: string; line: number; rejected: string };

/** A file of the dataset to read, with its size for progress. */
export interface DatasetPart {
  name: string;
  sizeBytes: number;
}

export interface DatasetInput {
  /** The release, from the files themselves where they say it (a metadata file), else from their names. */
  vintage: string;
  parts: DatasetPart[];
  /** Every row of every part, in order. `bytesRead` (for progress) is the on-disk bytes consumed so far. */
  rows: () => AsyncIterable<ReadRow>;
  bytesRead: () => number;
  /** After every row is read: anything the product's own metadata says that the records read contradict (a count). */
  verify?: (recordsByPart: ReadonlyMap<string, number>) => string[];
  /** The files are change files (the dataset's `changes`): they amend the serving version instead of replacing it. */
  changeFiles?: boolean;
}

export interface Dataset {
  /** The import command's name for it: `npm run import -- codepoint-open FILE`. */
  name: string;
  /** Raised whenever the reading of the files changes, so that the same files load again under the new reading. */
  importerVersion: number;
  title: string;
  publisher: string;
  licence: string;
  /** The attribution line the licence requires wherever the data is shown. */
  attribution: string;
  /** The view readers query; each version loads into its own table behind it. */
  relation: string;
  columns: Column[];
  /** Index statements with `{table}` for the version's table; built after the rows are loaded. */
  indexes: string[];
  /**
   * A dataset published in parts that add up over time (police.uk publishes a month of each force's crime at a time).
   * An import replaces the parts its files hold, found from these columns of the rows it loads, and carries every
   * other part of the serving version forward; a file whose parts all still serve from it changes nothing.
   */
  accumulates?: {
    /** The columns whose values name a part, e.g. month and reporting force. */
    partColumns: string[];
    /** The release as served, from the keys of every part it holds (`2016-07 to 2017-07`). */
    vintage: (keys: string[]) => string;
  };
  /**
   * A dataset whose publisher also issues change files (HM Land Registry's monthly Price Paid update): records that add,
   * change or delete by key. Such an import carries the serving version forward less every record whose key the files
   * name, adds the files' records, then removes those marked deleted.
   */
  changes?: {
    keyColumn: string;
    statusColumn: string;
    /** The status value of a deletion. */
    deleted: string;
    /**
     * The release the amended version holds, as one text column `vintage`: `SELECT 'to ' || max(date) AS vintage FROM
     * {table}`; without it, the change file's own vintage.
     */
    vintageSql?: string;
  };
  /**
   * Opens the files and checks they are this dataset's published format, failing at once (FormatError) when they
   * are not; nothing is loaded until this passes.
   */
  open: (paths: string[]) => Promise<DatasetInput>;
}

export const ogl = 'Open Government Licence v3.0';

import type { Readable } from 'node:stream';
import type { Dataset, SqlValue } from '../datasets/dataset';
import type { FileStream } from './files';

// What a dataset declares for the importer builder (define-dataset.ts): its format checks, columns and row mapping.
// The builder does the rest: the files, zips and their members, parts in order, the header, progress, vintage,
// rejections with file and line, and (in import-dataset.ts) the load and the atomic swap.

/** A file of the dataset as it is read: a path given, or one member of a zip given. */
export interface Part<M = unknown> {
  /** What rejections, progress and the recorded version call it. */
  name: string;
  /** The given path's own name. */
  file: string;
  path: string;
  /** The zip's member this part is, when it is one. */
  member?: string;
  sizeBytes: number;
  /** What the zip's metadata member said (`files.archive.metadata`). */
  metadata?: M;
  open: () => Promise<FileStream>;
}

/** One record read from a part, with the line it began on, or why it could not be read at all. */
export type Read<R> = { line: number; record: R } | { line: number; rejected: string };

/** What a file says of itself as it is read (a GML collection's time stamp or feature count), kept by part. */
export type Note = (key: string, value: string) => void;

/** A dataset's own record reader, for a file that is not CSV (a streaming XML parse). */
export type Reader<R> = (stream: Readable, part: Part, note: Note) => AsyncIterable<Read<R>>;

/** One record as the table's values, several rows (one per series or category), a rejection, or nothing (a trailer). */
export type RowResult = { values: SqlValue[] } | { rows: SqlValue[][] } | { rejected: string } | null;

export interface RowContext<L, M> {
  /** What the part's header said (`header`). */
  layout: L;
  part: Part<M>;
  line: number;
  /** The files are the dataset's change files (`changeFiles`). */
  changeFiles: boolean;
}

/**
 * A CSV header, read before anything loads, giving the part's layout (where each column is) or failing the import
 * (FormatError); skipped when the rows are read. A function reads the first record (trimmed; an empty file is refused);
 * `{ records, read }` reads a header of several records.
 */
export type Header<L> = ((fields: string[], part: Part) => L) | { records: number; read: (records: string[][], part: Part) => L };

/** What the noted facts say, per part and in all. */
export interface Notes {
  of: (part: string, key: string) => string[];
  all: (key: string) => string[];
}

export interface FilesRead<M> {
  /** The paths given, in order. */
  paths: string[];
  parts: Part<M>[];
}

/**
 * The release the files hold: fixed; from the files' names or their zip's metadata (worked out before loading, so a
 * name that does not say it refuses the files); the latest value of a column over the rows loaded; or from what the
 * files said of themselves as they were read. An accumulating dataset's is its `accumulates.vintage`.
 */
export type Vintage<M> =
  | string
  | { fromFiles: (files: FilesRead<M>) => string }
  | { latest: string; said: (latest: string | undefined) => string }
  | { fromNotes: (notes: Notes, files: FilesRead<M>) => string };

export interface Files<M> {
  /** Said when the paths are not what the dataset takes (none, or more than one where it takes `one`). */
  usage: string;
  one?: boolean;
  /** A path may be a zip: which of its members are the dataset's files (the others are passed over). */
  archive?: {
    members: RegExp | ((member: string) => boolean);
    /** The zip holds one such file: its first member that matches. */
    first?: boolean;
    /** Said when a zip holds none (or lacks its metadata member). */
    noMembers: (file: string) => string;
    /** A part's name, `file:member` unless said. */
    name?: (file: string, member: string) => string;
    /** A member every zip must hold, read whole and checked before anything loads (the product's own metadata). */
    metadata?: { member: RegExp; read: (bytes: Buffer, member: string) => M };
    /** Said of a path that is not a zip, when only the zip is published. */
    only?: (file: string) => string;
  };
}

export interface DatasetDefinition<R, L, M> extends Omit<Dataset, 'open'> {
  files: Files<M>;
  /** CSV (a BOM, CRLF, quoted fields) in UTF-8 unless said; `records` for a file that is not CSV. */
  encoding?: 'windows-1252';
  records?: Reader<R>;
  header?: Header<L>;
  /** A file without a header: its first record checked before anything loads, in every part or the first only. */
  check?: { record: (record: R, part: Part<M>) => void; parts?: 'first' };
  row: (record: R, context: RowContext<L, M>) => RowResult;
  /**
   * A record that must appear once in files given together: a later one is rejected, naming the first. `each`: every
   * row of a record is checked on its own (a record of several series), a repeated row rejected and its others kept.
   */
  once?: { key: (values: SqlValue[]) => string; rejected: (values: SqlValue[], first: string) => string; each?: boolean };
  /** Whether the files are the dataset's change files (`changes`), from their names or headers. */
  changeFiles?: (parts: ReadonlyArray<{ part: Part<M>; layout: L }>) => boolean;
  /** Required unless the dataset `accumulates`. */
  vintage?: Vintage<M>;
  /** After every row is read: what the files' own metadata says that the records read contradict. */
  verify?: (read: { recordsByPart: ReadonlyMap<string, number>; parts: Part<M>[]; notes: Notes }) => string[];
}

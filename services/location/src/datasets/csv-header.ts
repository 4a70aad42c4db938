import { FormatError, openFile, type FileStream } from '../import/files';
import { csvRecords } from './csv';

/** The first record of a CSV stream (its header), read before anything loads; a file that is not CSV fails here. */
export const csvHeaderOf = async (open: () => Promise<FileStream>, name: string): Promise<string[]> => {
  const probe = await open();
  try {
    for await (const record of csvRecords(probe.stream)) return record.fields.map((h) => h.trim());
  } catch (error) {
    throw new FormatError(`${name} is not a CSV file: ${(error as Error).message.slice(0, 120)}`, { cause: error });
  } finally {
    probe.stream.destroy();
  }
  throw new FormatError(`${name} is empty`);
};

/** The header of a plain or gzip CSV file. */
export const csvHeader = async (path: string, name: string): Promise<string[]> => csvHeaderOf(() => openFile(path), name);

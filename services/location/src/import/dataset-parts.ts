import { basename } from 'node:path';
import type { Files, Part } from './dataset-definition';
import { FormatError, isZip, openFile, openZipMember, readZipMember, sizeOf, zipMembers } from './files';

// The parts of an import, in the order given: each path is a part (plain or gzip, told by its first bytes), or, where
// the dataset is published zipped, the zip's members that are its files (its metadata member read and checked first).

export const partsOf = async <M>(paths: string[], files: Files<M>): Promise<Part<M>[]> => {
  if (paths.length === 0 || (files.one && paths.length !== 1)) throw new FormatError(files.usage);
  return (await Promise.all(paths.map((path) => partsOfPath(path, files)))).flat();
};

const partsOfPath = async <M>(path: string, files: Files<M>): Promise<Part<M>[]> => {
  const file = basename(path);
  const archive = files.archive;
  if (!archive || !(await isZip(path))) {
    if (archive?.only) throw new FormatError(archive.only(file));
    return [{ name: file, file, path, sizeBytes: sizeOf(path), open: () => openFile(path) }];
  }
  const members = await zipMembers(path);
  const wanted = (name: string) => (typeof archive.members === 'function' ? archive.members(name) : archive.members.test(name));
  const found = members.filter((m) => wanted(m.name)).slice(0, archive.first ? 1 : undefined);
  const declared = archive.metadata;
  const about = declared && members.find((m) => declared.member.test(m.name));
  if (found.length === 0 || (declared && !about)) throw new FormatError(archive.noMembers(file));
  const metadata = declared && about ? declared.read(await readZipMember(path, about.name), about.name) : undefined;
  const name = archive.name ?? ((zip: string, member: string) => `${zip}:${member}`);
  return found.map((m) => ({
    name: name(file, m.name),
    file,
    path,
    member: m.name,
    sizeBytes: m.compressedBytes,
    ...(metadata === undefined ? {} : { metadata }),
    open: () => openZipMember(path, m.name),
  }));
};

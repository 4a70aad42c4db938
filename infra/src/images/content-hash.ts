import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A short digest of the given parts: an image built from the same parts is the same image, tagged by it. */
export const digest = (parts: Iterable<string | Buffer>) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(createHash('sha256').update(part).digest());
  return hash.digest('hex').slice(0, 16);
};

/** Every file under `dir`, each named by its path relative to `dir` and followed by its content. */
export function* filesUnder(dir: string, root = dir): Generator<string | Buffer> {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path, root);
    else {
      yield relative(root, path);
      yield readFileSync(path);
    }
  }
}

/**
 * The repository's own files as they are in the working tree (committed or not, git's ignores applied), less the
 * paths given, each named and followed by its content: what a service image is built from.
 */
export function* repositoryFiles(root: string, excluded: (path: string) => boolean): Generator<string | Buffer> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  })
    .toString('utf8')
    .split('\0')
    .filter((path) => path !== '' && !excluded(path))
    .sort();
  for (const path of listed) {
    let content: Buffer;
    try {
      content = readFileSync(join(root, path));
    } catch {
      continue; // listed by the index but deleted in the working tree: not in the build either
    }
    yield path;
    yield content;
  }
}

import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// With MAIL_SINK_DIR (`npm start` sets .run/mail/), each caught message is also written as an .eml file that any mail
// program opens, named so that the names sort by time: `<receivedAt>-<id>.eml`. Only the newest files are kept.

export const defaultEmlFileLimit = 1_000;

/** `2026-03-01T09:30:00.123Z` as a file name's part (no colons, which some file systems refuse). */
const fileTime = (iso: string) => iso.replace(/:/g, '-');

export class EmlFiles {
  constructor(
    readonly dir: string,
    readonly limit = defaultEmlFileLimit,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** Writes the message, then removes the oldest files beyond the limit (those of earlier runs too). */
  write(receivedAt: string, id: string, raw: Buffer): string {
    const name = `${fileTime(receivedAt)}-${id}.eml`;
    writeFileSync(join(this.dir, name), raw, { mode: 0o600 });
    const files = readdirSync(this.dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    for (const old of files.slice(0, Math.max(0, files.length - this.limit))) unlinkSync(join(this.dir, old));
    return name;
  }
}

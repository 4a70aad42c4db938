import { hash, verify } from '@node-rs/argon2';

// Argon2id at 19 MiB, two passes, one lane (OWASP's minimum for Argon2id; the package's own defaults are weaker:
// 4 MiB, three passes). `Algorithm` is a const enum in the package's types, which isolated-module compilers cannot
// inline, so its value is written here: 2 is Argon2id.
const argon2id = 2;
export const passwordHashOptions = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Why a password is refused, in words for the page; undefined when it will do (NIST SP 800-63B: length, not composition). */
export const passwordProblem = (password: string, email: string): string | undefined => {
  const length = [...password.normalize('NFC')].length;
  if (length < 12) return 'Use at least 12 characters.';
  if (length > 128) return 'Use at most 128 characters.';
  if (password.normalize('NFC').toLowerCase() === email) return 'Do not use your email address as your password.';
  if (new Set(password).size === 1) return 'Use more than one character, repeated.';
  return undefined;
};

/** Too many hashes are already waiting: the page answers 503 rather than queue without bound. */
export class PasswordHashingBusy extends Error {}

/**
 * Hashing is deliberately slow and memory-hungry (19 MiB each), and runs on libuv's small thread pool that file and DNS
 * work share: at most `inFlight` run at once and `queued` wait; more are refused at once.
 */
export class Passwords {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly inFlight = 2,
    private readonly queued = 16,
  ) {}

  hash(password: string): Promise<string> {
    return this.bounded(() => hash(password.normalize('NFC'), passwordHashOptions));
  }

  /** False for a wrong password and for a stored value that is not a hash this can read. */
  verify(stored: string, password: string): Promise<boolean> {
    return this.bounded(() => verify(stored, password.normalize('NFC')).catch(() => false));
  }

  private async bounded<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.inFlight) {
      if (this.waiting.length >= this.queued) throw new PasswordHashingBusy('too many passwords being hashed');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * A hash of a password nobody has, verified when the email is unknown so that an unknown address and a wrong password
 * take the same time (made once, lazily: at start-up it would slow every gateway's boot).
 */
let dummy: Promise<string> | undefined;
export const dummyHash = (passwords: Passwords): Promise<string> =>
  (dummy ??= passwords.hash('no one has this password, not even its maker').catch((error: unknown) => {
    dummy = undefined;
    throw error;
  }));

/** Whether a stored hash was made with weaker settings than today's, so it is made again at the next sign-in. */
export const needsRehash = (stored: string): boolean => {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  return Number(m[1]) < passwordHashOptions.memoryCost || Number(m[2]) < passwordHashOptions.timeCost;
};

import { randomBytes } from 'node:crypto';

// Object ids in Stripe's form: a prefix naming the kind (`cs_test_`, `sub_`, `in_`, …) and random letters and digits.

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const newId = (prefix: string, length = 24): string =>
  prefix + [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');

/** Whole seconds since the epoch, as Stripe gives times. */
export const unixSeconds = (at: Date): number => Math.floor(at.getTime() / 1000);

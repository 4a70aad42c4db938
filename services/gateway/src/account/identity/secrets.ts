import { createHash, randomBytes } from 'node:crypto';

/** A new 256-bit secret, as it travels in a cookie or a link. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What is stored instead of a secret: a leak of the table then signs no one in and opens no link. */
export const secretHash = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest();

/** Only secrets of the shape `newSecret` makes are looked up at all. */
export const isSecret = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

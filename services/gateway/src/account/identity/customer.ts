import type { customerEvents } from '@pds/contracts';
import { createHash } from 'node:crypto';

export type CustomerEvent = customerEvents.CustomerEvent;

/** A customer as their stream left them. `credentialId` is the password that signs in now. */
export type Customer =
  | { status: 'none' }
  | {
      status: 'signed_up';
      customerId: string;
      email: string;
      accountId: string;
      credentialId: string;
      verified: boolean;
      trialOpened: boolean;
    };
export type KnownCustomer = Extract<Customer, { status: 'signed_up' }>;

export const initialState = (): Customer => ({ status: 'none' });

/** RFC 4648 base32 in lower case: letters and digits that read aloud and survive any case folding. */
const base32 = (bytes: Buffer): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + alphabet[(value << (5 - bits)) & 31] : out;
};
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** One address, one spelling: surrounding space dropped, Unicode composed (NFC), letters in lower case. */
export const normaliseEmail = (email: string): string => email.trim().normalize('NFC').toLowerCase();

/** Whether an address is worth mailing: one `@`, a dot in the domain, no spaces, at most 254 characters (RFC 5321). */
export const isEmail = (email: string): boolean => email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);

/**
 * A customer's id is made from their normalised email, so the store's "stream must not exist" check allows one
 * customer per address without a lookup table; the account's id is made from the customer's, so opening it is a
 * repeat-safe command.
 */
export const customerIdFor = (normalisedEmail: string): string => `cst_${base32(sha256(normalisedEmail)).slice(0, 26)}`;
export const accountIdFor = (customerId: string): string => `acc_${base32(sha256(`account\0${customerId}`)).slice(0, 24)}`;

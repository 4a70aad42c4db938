import { randomBytes } from 'node:crypto';
import { newSigningSecret, openSecret, parseSecretKeys, sealSecret, secretHint } from './secret-box';

const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');

describe('sealing webhook secrets', () => {
  const secret = newSigningSecret();

  it('makes secrets of whsec_ and 32 random bytes, hinted by their first characters only', () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(6), 'base64url')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(secret);
    expect(secretHint('whsec_abcdefghij')).toBe('whsec_abcd…');
  });

  it('opens what it sealed, and the sealed bytes do not hold the secret in the clear', () => {
    const keys = parseSecretKeys(`a:${key(1)}`);
    const sealed = sealSecret(keys, 'wh_one', secret);
    expect(sealed.keyId).toBe('a');
    expect(sealed.nonce).toHaveLength(12);
    expect(sealed.ciphertext.includes(Buffer.from(secret))).toBe(false);
    expect(openSecret(keys, 'wh_one', sealed)).toBe(secret);
  });

  it('seals under the first key and opens under any listed: a key is rotated by putting a new one first', () => {
    const before = parseSecretKeys(`old:${key(1)}`);
    const sealedBefore = sealSecret(before, 'wh_one', secret);
    const rotated = parseSecretKeys(`new:${key(2)}, old:${key(1)}`);
    expect(openSecret(rotated, 'wh_one', sealedBefore)).toBe(secret);
    const sealedAfter = sealSecret(rotated, 'wh_one', secret);
    expect(sealedAfter.keyId).toBe('new');
    expect(() => openSecret(before, 'wh_one', sealedAfter)).toThrow(/key new/);
  });

  it('refuses altered bytes, another webhook, or the wrong key under the same id', () => {
    const keys = parseSecretKeys(`a:${key(1)}`);
    const sealed = sealSecret(keys, 'wh_one', secret);
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openSecret(keys, 'wh_one', { ...sealed, ciphertext: flipped })).toThrow();
    expect(() => openSecret(keys, 'wh_two', sealed)).toThrow();
    expect(() => openSecret(parseSecretKeys(`a:${key(3)}`), 'wh_one', sealed)).toThrow();
  });

  it('reads WEBHOOK_SECRET_KEYS strictly', () => {
    expect(() => parseSecretKeys('')).toThrow(/no key/);
    expect(() => parseSecretKeys(`a:${randomBytes(16).toString('base64')}`)).toThrow(/"a"/);
    expect(() => parseSecretKeys(key(1))).toThrow(/must be/);
    expect(() => parseSecretKeys(`a:${key(1)},a:${key(2)}`)).toThrow(/twice/);
  });
});

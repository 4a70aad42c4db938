import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// A webhook's signing secret, kept encrypted at rest: the sender needs it whole to sign, so it cannot be hashed.
// AES-256-GCM with a random 12-byte nonce, under the first key of WEBHOOK_SECRET_KEYS; every key listed can decrypt,
// so a key is rotated by putting a new one first and dropping the old once no secret is sealed under it. The webhook
// id is bound in as associated data, so a sealed secret copied onto another webhook's row does not open.

export interface SecretKeys {
  /** The key new secrets are sealed under. */
  sealing: { id: string; key: Buffer };
  byId: ReadonlyMap<string, Buffer>;
}

export interface SealedSecret {
  keyId: string;
  nonce: Buffer;
  /** The ciphertext followed by the 16-byte authentication tag. */
  ciphertext: Buffer;
}

const keyBytes = 32;
const nonceBytes = 12;
const tagBytes = 16;

/** `id:base64key,id:base64key,…` (the first seals); each key 32 bytes. Throws, naming the entry, on anything else. */
export const parseSecretKeys = (text: string): SecretKeys => {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [id, encoded, ...rest] = entry.split(':');
      const key = Buffer.from(encoded ?? '', 'base64');
      if (!id || !/^[A-Za-z0-9_-]{1,32}$/.test(id) || rest.length > 0 || key.length !== keyBytes)
        throw new Error(`WEBHOOK_SECRET_KEYS: entry ${JSON.stringify(id ?? '')} must be <id>:<base64 of ${keyBytes} bytes>`);
      return { id, key };
    });
  const first = entries[0];
  if (!first) throw new Error('WEBHOOK_SECRET_KEYS names no key');
  const byId = new Map(entries.map((e) => [e.id, e.key]));
  if (byId.size !== entries.length) throw new Error('WEBHOOK_SECRET_KEYS names a key id twice');
  return { sealing: first, byId };
};

/** A new key entry for WEBHOOK_SECRET_KEYS. */
export const newSecretKeyEntry = (id: string) => `${id}:${randomBytes(keyBytes).toString('base64')}`;

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** What the list shows of a secret: enough to tell two apart, far too little to sign with. */
export const secretHint = (secret: string) => `${secret.slice(0, 'whsec_'.length + 4)}…`;

export const sealSecret = (keys: SecretKeys, webhookId: string, secret: string): SealedSecret => {
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv('aes-256-gcm', keys.sealing.key, nonce).setAAD(Buffer.from(webhookId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { keyId: keys.sealing.id, nonce, ciphertext };
};

/** The secret; throws when its key is not configured or the sealed bytes were altered (or belong to another webhook). */
export const openSecret = (keys: SecretKeys, webhookId: string, sealed: SealedSecret): string => {
  const key = keys.byId.get(sealed.keyId);
  if (!key) throw new Error(`webhook secret sealed under key ${sealed.keyId}, which WEBHOOK_SECRET_KEYS does not list`);
  const body = sealed.ciphertext.subarray(0, sealed.ciphertext.length - tagBytes);
  const tag = sealed.ciphertext.subarray(sealed.ciphertext.length - tagBytes);
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.nonce).setAAD(Buffer.from(webhookId)).setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
};

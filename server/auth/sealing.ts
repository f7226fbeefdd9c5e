/**
 * Secrets sealed for keeping in the database: AES-256-GCM under a key
 * derived for one purpose from the key of secrets at rest
 * (`totp-encryption-key.ts`), bound to what they belong to (the associated
 * data), so a sealed value copied to another row does not open there.
 *
 * Sealed text is `v1.` and the base64url of nonce, tag and ciphertext: a
 * value without the prefix was stored before sealing existed.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface Sealer {
  seal(plain: string, boundTo: string): string;
  /** The plain text, or null when the value is not sealed text or was sealed under another key or for another owner. */
  open(sealed: string, boundTo: string): string | null;
}

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

/**
 * What staff read in place of a private link whose stored copy does not open
 * with this server's key. The link itself still opens: it is found by its
 * hash, never by unsealing.
 */
export const SEALED_WITH_ANOTHER_KEY =
  "Sealed with another key: this server's TOTP_ENCRYPTION_KEY is not the one that made this link, so the link cannot be shown here (it still works). Make a new link to read one, and give every server the same key.";

export function sealerFor(key: Uint8Array, purpose: string): Sealer {
  const purposeKey = Buffer.from(hkdfSync('sha256', key, new Uint8Array(0), purpose, 32));
  return {
    seal(plain, boundTo) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', purposeKey, nonce);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
    },

    open(sealed, boundTo) {
      if (!isSealed(sealed)) return null;
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
      const decipher = createDecipheriv('aes-256-gcm', purposeKey, bytes.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

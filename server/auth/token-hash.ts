/**
 * Bearer tokens as the database keeps them: the SHA-256 of the token, in
 * hex, never the token. A token is 32 random bytes, so a plain hash is
 * enough (nothing to salt or stretch against guessing), and a copy of the
 * database holds no working token. Refresh tokens, staff invitations,
 * password resets, newsletter confirmations and unsubscribes, and every
 * private link (server/private-links/) are found by this hash alone.
 */
import { createHash, randomBytes } from 'node:crypto';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/**
 * Two-factor secrets as the database keeps them: sealed (`sealing.ts`) and
 * bound to their account. Secrets stored in plain text before sealing
 * existed are sealed at start (`sealStoredTotpSecrets`); until then, and
 * when a server of an older version writes one, they are read as they are.
 */
import { listTotpSecrets, replaceTotpSecret } from '../db/queries/user-totp.ts';
import type { Db } from '../db/schema.ts';
import { isSealed, sealerFor } from './sealing.ts';

export class TotpKeyMismatchError extends Error {
  override name = 'TotpKeyMismatchError';
}

const boundTo = (userId: number) => `user:${userId}`;

export function totpSecrets(key: Uint8Array) {
  const sealer = sealerFor(key, 'two-factor secrets');
  return {
    seal: (userId: number, secret: string): string => sealer.seal(secret, boundTo(userId)),

    /** The secret of a stored value; throws when it was sealed under another key. */
    open(userId: number, stored: string): string {
      if (!isSealed(stored)) return stored;
      const secret = sealer.open(stored, boundTo(userId));
      if (secret === null) throw new TotpKeyMismatchError(`the two-factor secret of user ${userId} does not open with this TOTP_ENCRYPTION_KEY`);
      return secret;
    },
  };
}

/**
 * Run at every start, before requests: seals the secrets still in plain
 * text, and refuses to go on when a sealed one does not open, which means
 * this server's key is not the one they were sealed with (a fleet whose
 * servers each generated their own key file, say). Staff must not find out
 * at their next sign-in.
 */
export async function sealStoredTotpSecrets(db: Db, key: Uint8Array): Promise<{ sealed: number }> {
  const secrets = totpSecrets(key);
  let sealed = 0;
  let unreadable = 0;
  for (const { id, totp_secret: stored } of await listTotpSecrets(db)) {
    if (isSealed(stored)) {
      try {
        secrets.open(id, stored);
      } catch {
        unreadable += 1;
      }
      continue;
    }
    await replaceTotpSecret(db, id, stored, secrets.seal(id, stored));
    sealed += 1;
  }
  if (unreadable > 0) {
    throw new TotpKeyMismatchError(
      `${unreadable} stored two-factor secret(s) do not open with this key: set TOTP_ENCRYPTION_KEY (or the totp-key file in DATA_DIR) to the key they were sealed with`,
    );
  }
  return { sealed };
}

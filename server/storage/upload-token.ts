/**
 * The local driver's answer to a presigned URL: a short-lived token, signed
 * by this server, naming the one key, type and size the upload may have.
 * Anyone holding the URL can upload that one file until it expires, and
 * nothing else, exactly as with S3 (see docs/decisions/007-local-upload-tokens.md).
 */
import { hkdfSync } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { DomainError } from '../../common/errors.ts';

const AUDIENCE = 'media-upload';

export interface UploadGrant {
  key: string;
  contentType: string;
  /** Exact size in bytes; null when the request did not declare one. */
  size: number | null;
}

/**
 * A key of its own, derived from the server's signing key: an upload token
 * can never pass for an access token, nor the reverse.
 */
export function deriveUploadTokenKey(signingKey: Uint8Array): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', signingKey, new Uint8Array(0), 'media upload tokens', 32));
}

export function signUploadToken(tokenKey: Uint8Array, grant: UploadGrant, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ key: grant.key, type: grant.contentType, size: grant.size })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(tokenKey);
}

const grantClaims = z.object({
  key: z.string().min(1),
  type: z.string().min(1),
  size: z.number().int().positive().nullable(),
});

/** The grant a token carries; 403 when it is missing, forged or expired. */
export async function verifyUploadToken(tokenKey: Uint8Array, token: string | undefined): Promise<UploadGrant> {
  if (!token)
    throw new DomainError('INVALID_UPLOAD_TOKEN', 'This upload address is not valid. Please start the upload again.');
  try {
    const { payload } = await jwtVerify(token, tokenKey, { audience: AUDIENCE, algorithms: ['HS256'] });
    const claims = grantClaims.parse(payload);
    return { key: claims.key, contentType: claims.type, size: claims.size };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new DomainError('INVALID_UPLOAD_TOKEN',
        'This upload address has expired. Please start the upload again.',
      );
    }
    throw new DomainError('INVALID_UPLOAD_TOKEN', 'This upload address is not valid. Please start the upload again.');
  }
}

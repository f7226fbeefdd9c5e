/**
 * The link that confirms a member of staff's new address (decision 052): a
 * signed token naming the account, the address it had and the one it moves
 * to. No table keeps it: once the account's address changes, a token naming
 * the old one no longer matches, so each link works once and none survives a
 * later change.
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { DomainError } from '../../common/errors.ts';
import { nowSeconds } from '../db/database.ts';

/** How long the confirmation link works. */
export const EMAIL_CHANGE_TTL_SECONDS = 24 * 60 * 60;

const ISSUER = 'crowdfunding-showcase';
const AUDIENCE = 'email-change';

export const EMAIL_CHANGE_LINK_INVALID =
  'This link no longer works: it has expired, was already used, or your address changed since it was sent. Ask for a new one on your account page.';

export interface EmailChange {
  userId: number;
  from: string;
  to: string;
}

export async function signEmailChangeToken(key: Uint8Array, change: EmailChange): Promise<string> {
  const now = nowSeconds();
  return new SignJWT({ typ: AUDIENCE, from: change.from, to: change.to })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(change.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + EMAIL_CHANGE_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(key);
}

/** The change an unexpired token asks for; INVALID_TOKEN otherwise. */
export async function verifyEmailChangeToken(key: Uint8Array, token: string): Promise<EmailChange> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const userId = Number(payload.sub);
    const { from, to } = payload;
    if (payload.typ !== AUDIENCE || !Number.isInteger(userId) || userId <= 0 || typeof from !== 'string' || typeof to !== 'string') {
      throw new Error('claims');
    }
    return { userId, from, to };
  } catch {
    throw new DomainError('INVALID_TOKEN', EMAIL_CHANGE_LINK_INVALID, { kind: 'invalid' });
  }
}

import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../db/database.ts';
import {
  findRefreshTokenByHash,
  insertRefreshToken,
  markRefreshTokenRotated,
} from '../db/queries/refresh-tokens.ts';
import { insertStaffSession, revokeStaffSession, touchStaffSession, type SessionDevice } from '../db/queries/staff-sessions.ts';
import { findUserById } from '../db/queries/users.ts';
import type { Database, UserRole, UserRow } from '../db/schema.ts';
import { DomainError } from '../../common/errors.ts';
import { isStaffRole } from '../../common/staff-roles.ts';
import { hashToken, newToken } from './token-hash.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'crowdfunding-showcase';

export interface Session {
  access_token: string;
  refresh_token: string;
  id_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface AccessClaims {
  userId: number;
  role: UserRole;
  /** The token's `iat` (Unix seconds), compared with `users.tokens_valid_after`. */
  issuedAt: number;
  /** The sign-in session (`sid`); null for tokens issued before sessions were kept. */
  sessionId: string | null;
}

/**
 * The `iat` of a token issued now: never below the user's
 * `tokens_valid_after`, which a revocation sets to the second after its own,
 * so a sign-in in the same second as a logout is not refused (decision 029).
 */
export function accessTokenIssuedAt(user: Pick<UserRow, 'tokens_valid_after'>, now: number): number {
  return Math.max(now, Number(user.tokens_valid_after));
}

async function signTokens(key: Uint8Array, user: UserRow, now: number, sessionId: string) {
  const issuedAt = accessTokenIssuedAt(user, now);
  const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
  const access_token = await new SignJWT({ role: user.role, typ: 'access', sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience('api')
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(key);
  // The id token tells the browser who is signed in (SPEC.md keeps its
  // e-mail); it is never accepted as a bearer token.
  const id_token = await new SignJWT({ email: user.email, typ: 'id' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setAudience('client')
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { access_token, id_token };
}

async function createRefreshToken(
  db: Kysely<Database>,
  userId: number,
  familyId: string,
  now: number,
): Promise<string> {
  // Opaque and random; only its hash is stored, so a database leak does not
  // hand out sessions.
  const token = newToken();
  await insertRefreshToken(db, {
    userId,
    tokenHash: hashToken(token),
    familyId,
    expiresAt: now + REFRESH_TOKEN_TTL_SECONDS,
    now,
  });
  return token;
}

/** Starts a session for a user who just proved who they are, on the device it was asked from. */
export async function startSession(
  db: Kysely<Database>,
  key: Uint8Array,
  user: UserRow,
  device: SessionDevice,
): Promise<Session & { session_id: string }> {
  const now = nowSeconds();
  const sessionId = randomUUID();
  const refresh_token = await db.transaction().execute(async (trx) => {
    await insertStaffSession(trx, { id: sessionId, userId: user.id, now, ...device });
    return createRefreshToken(trx, user.id, sessionId, now);
  });
  const tokens = await signTokens(key, user, now, sessionId);
  return { ...tokens, refresh_token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, session_id: sessionId };
}

const invalidRefreshToken = () =>
  new DomainError('INVALID_TOKEN', 'Your session has expired. Please sign in again.');

/**
 * Exchanges a refresh token for new tokens. The old refresh token is spent:
 * presenting it again means it was stolen or replayed, so the whole family
 * (every token descended from the same sign-in) is revoked.
 */
export async function refreshSession(
  db: Kysely<Database>,
  key: Uint8Array,
  refreshToken: string,
  device: SessionDevice,
): Promise<Session> {
  const now = nowSeconds();
  return db.transaction().execute(async (trx) => {
    const stored = await findRefreshTokenByHash(trx, hashToken(refreshToken));
    if (!stored) throw invalidRefreshToken();
    if (stored.revoked_at !== null || stored.expires_at <= now) throw invalidRefreshToken();
    if (stored.rotated_at !== null || !(await markRefreshTokenRotated(trx, stored.id, now))) {
      // The thief may hold an access token of the session too: ending the
      // session ends those as well (its id is their `sid`).
      await revokeStaffSession(trx, stored.family_id, now);
      return null;
    }
    const user = await findUserById(trx, stored.user_id);
    if (!user) throw invalidRefreshToken();
    await touchStaffSession(trx, { id: stored.family_id, userId: user.id, now, ...device });
    const refresh_token = await createRefreshToken(trx, user.id, stored.family_id, now);
    const tokens = await signTokens(key, user, now, stored.family_id);
    return { ...tokens, refresh_token, token_type: 'Bearer' as const, expires_in: ACCESS_TOKEN_TTL_SECONDS };
  }).then((session) => {
    // Thrown after the transaction commits, so the family revocation stays.
    if (!session) throw invalidRefreshToken();
    return session;
  });
}

/**
 * Ends a session: the refresh token and its whole family stop working, and
 * so do the session's access tokens (they carry its id as `sid`). The
 * user's other sessions go on.
 */
export async function endSession(db: Kysely<Database>, refreshToken: string): Promise<void> {
  const now = nowSeconds();
  await db.transaction().execute(async (trx) => {
    const stored = await findRefreshTokenByHash(trx, hashToken(refreshToken));
    if (!stored) return;
    await revokeStaffSession(trx, stored.family_id, now);
  });
}

/**
 * Verifies a bearer access token; throws 401 when it is missing, forged or
 * expired, or lacks `exp`, `iat` or `sub`. Whether it was revoked since
 * (`users.tokens_valid_after`) is for the caller, which reads the user.
 */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: 'api',
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isInteger(userId) || userId <= 0) throw new Error('claims');
    if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') throw new Error('claims');
    const role = typeof payload.role === 'string' && isStaffRole(payload.role) ? payload.role : 'member';
    const sessionId = typeof payload.sid === 'string' && payload.sid ? payload.sid : null;
    return { userId, role, issuedAt: payload.iat, sessionId };
  } catch {
    throw new DomainError('INVALID_TOKEN', 'Your session has expired. Please sign in again.');
  }
}

export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

/**
 * The proof that a sign-in got past its password, exchanged with a
 * two-factor code for a session. Its own audience and type, so it is never
 * taken for an access token.
 */
export async function signMfaToken(key: Uint8Array, userId: number): Promise<string> {
  const now = nowSeconds();
  return new SignJWT({ typ: 'mfa' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience('mfa')
    .setIssuedAt(now)
    .setExpirationTime(now + MFA_TOKEN_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(key);
}

/** The user an unexpired MFA token was issued for; throws INVALID_TOKEN otherwise. */
export async function verifyMfaToken(key: Uint8Array, token: string): Promise<number> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: 'mfa',
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'mfa' || !Number.isInteger(userId) || userId <= 0) throw new Error('claims');
    return userId;
  } catch {
    throw new DomainError('INVALID_TOKEN', 'Your sign-in took too long. Please enter your email and password again.');
  }
}

/**
 * Whether a refresh token belongs to a live sign-in of a member of staff:
 * neither revoked nor expired, of an account that is still staff. Nothing
 * is rotated or touched: the answer only says who is asking.
 */
export async function isLiveStaffRefreshToken(db: Kysely<Database>, refreshToken: string): Promise<boolean> {
  const stored = await findRefreshTokenByHash(db, hashToken(refreshToken));
  if (!stored || stored.revoked_at !== null || stored.expires_at <= nowSeconds()) return false;
  const user = await findUserById(db, stored.user_id);
  return user !== undefined && isStaffRole(user.role);
}

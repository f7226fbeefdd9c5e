/**
 * The back office's session in cookies (decision 030): the refresh token in
 * an HttpOnly, SameSite=Strict cookie scoped to /api/auth, which page
 * scripts cannot read, and a CSRF token in a readable cookie that the
 * back office echoes in a header on the calls the refresh cookie
 * authenticates (refresh, logout). The bearer-token API of DESIGN.md is
 * unchanged for API clients: they send and receive refresh tokens in JSON.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { DomainError } from '../../common/errors.ts';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_TRANSPORT_HEADER } from '../../common/session-transport.ts';
import { REFRESH_TOKEN_TTL_SECONDS } from '../auth/tokens.ts';
import { isHttpsRequest } from './https.ts';

export const REFRESH_COOKIE = 'admin_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';
/**
 * The page-view beacon's address: the refresh cookie rides there too, only
 * so a signed-in member of staff's own reading is not counted (decision 065).
 */
export const BEACON_PATH = '/api/events';

/** Whether the caller asked for its session in cookies (the back office does). */
export function wantsCookieSession(c: Context): boolean {
  return c.req.header(SESSION_TRANSPORT_HEADER)?.toLowerCase() === 'cookie';
}

/** Keeps a new refresh token in the cookie, with a fresh CSRF token beside it. */
export function setSessionCookies(c: Context, refreshToken: string, trustProxy: boolean): void {
  // Secure whenever the visitor came over HTTPS; a plain-HTTP local run would otherwise never keep them.
  const secure = isHttpsRequest(c, trustProxy);
  setCookie(c, REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    path: BEACON_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  setCookie(c, REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  setCookie(c, CSRF_COOKIE, randomBytes(24).toString('base64url'), {
    httpOnly: false,
    secure,
    sameSite: 'Strict',
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearSessionCookies(c: Context): void {
  deleteCookie(c, REFRESH_COOKIE, { path: BEACON_PATH });
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
  deleteCookie(c, CSRF_COOKIE, { path: '/' });
}

/**
 * The refresh token of a cookie session, once the CSRF header matches the
 * CSRF cookie; undefined when the call carries no refresh cookie.
 */
export function cookieRefreshToken(c: Context): string | undefined {
  const token = getCookie(c, REFRESH_COOKIE);
  if (!token) return undefined;
  const expected = getCookie(c, CSRF_COOKIE) ?? '';
  const presented = c.req.header(CSRF_HEADER) ?? '';
  const matches =
    expected.length > 0 &&
    expected.length === presented.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(presented));
  if (!matches) throw new DomainError('CSRF_FAILED', 'This request is missing its security token. Reload the page and try again.');
  return token;
}

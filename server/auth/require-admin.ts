import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../deps.ts';
import { findUserById } from '../db/queries/users.ts';
import { DomainError } from '../../common/errors.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * Guards `/api/admin/*`: a valid bearer access token of an administrator.
 * The user is read on each call so a removed or demoted account loses access
 * at once rather than when its token expires, and so does a token issued
 * before the account's `tokens_valid_after`.
 */
export function requireAdmin(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) {
      throw new DomainError('UNAUTHORIZED', 'Sign in to continue');
    }
    const claims = await verifyAccessToken(deps.signingKey, match[1]);
    const user = await findUserById(deps.db, claims.userId);
    // Issued before a logout, refresh-token reuse or password reset of the
    // account: refused as if expired (decision 029).
    if (!user || claims.issuedAt < Number(user.tokens_valid_after)) {
      throw new DomainError('INVALID_TOKEN', 'Your session has expired. Please sign in again.');
    }
    if (user.role !== 'admin') {
      throw new DomainError('FORBIDDEN', 'You need admin privileges to access this area.');
    }
    c.set('adminUserId', user.id);
    await next();
  };
}

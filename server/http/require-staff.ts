import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../deps.ts';
import { findStaffSession } from '../db/queries/staff-sessions.ts';
import { findUserById } from '../db/queries/users.ts';
import { DomainError } from '../../common/errors.ts';
import { can, forbiddenMessage, isStaffRole, type Permission } from '../../common/staff-roles.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import { securitySettings } from '../auth/security-settings.ts';

export const TOTP_REQUIRED_MESSAGE = "The site's owner requires two-factor sign-in. Set it up on your account page.";
/** What a member of staff without two-factor may still reach when the owner requires it: enough to set it up. */
const OPEN_WITHOUT_TOTP = /^\/api\/admin\/(me|account)(\/|$)/;

/**
 * Guards `/api/admin/*`: a valid bearer access token of a member of staff.
 * The user and the session are read on each call, so a removed or demoted
 * account, an ended session, and a token issued before the account's
 * `tokens_valid_after` lose access at once rather than when the token expires.
 * What the role may do is checked per route family by `allow`.
 */
export function requireStaff(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) {
      throw new DomainError('UNAUTHORIZED', 'Sign in to continue');
    }
    const claims = await verifyAccessToken(deps.signingKey, match[1]);
    const [user, session] = await Promise.all([
      findUserById(deps.db, claims.userId),
      claims.sessionId ? findStaffSession(deps.db, claims.sessionId) : Promise.resolve(undefined),
    ]);
    // Issued before a password reset of the account, or of a session that was
    // signed out, revoked or caught replaying a refresh token (decision 029).
    const sessionEnded = claims.sessionId !== null && (!session || session.revoked_at !== null || session.user_id !== claims.userId);
    if (!user || claims.issuedAt < Number(user.tokens_valid_after) || sessionEnded) {
      throw new DomainError('INVALID_TOKEN', 'Your session has expired. Please sign in again.');
    }
    if (!isStaffRole(user.role)) {
      throw new DomainError('FORBIDDEN', 'You need admin privileges to access this area.');
    }
    c.set('staff', { userId: user.id, email: user.email, role: user.role, sessionId: claims.sessionId });
    if (user.totp_enabled_at === null && !OPEN_WITHOUT_TOTP.test(c.req.path) && (await securitySettings(deps)).require_totp) {
      throw new DomainError('TOTP_REQUIRED', TOTP_REQUIRED_MESSAGE);
    }
    await next();
  };
}

/** Refuses the route family to roles without `permission` (after `requireStaff`). */
export function allow(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!can(c.get('staff').role, permission)) throw new DomainError('FORBIDDEN', forbiddenMessage(permission));
    await next();
  };
}

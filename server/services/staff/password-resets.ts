/**
 * "Forgot your password?" for staff: a link by e-mail that sets a new
 * password once, within an hour, and ends every session of the account.
 *
 * Asking never tells whether an account exists: the answer is the same, the
 * mail is sent after the answer, and both branches make a comparable
 * database round trip. A new request leaves earlier unused links working
 * until they expire: mails can arrive out of order, and whichever one the
 * person opens should work. Using one spends the others of the account too:
 * they were asked for the password that just changed.
 *
 * Only the token's SHA-256 hash is stored; neither the token nor the
 * password goes into logs or the audit log.
 */
import { DomainError } from '../../../common/errors.ts';
import { isStaffRole } from '../../../common/staff-roles.ts';
import {
  forgotPasswordSchema,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_TOKEN_MAX_LENGTH,
  resetPasswordSchema,
} from '../../../common/schemas/auth.ts';
import { validate } from '../../../common/validate.ts';
import { assertAcceptablePassword } from '../../auth/password-policy.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { resetPassword } from '../../auth/reset-password.ts';
import { hashToken, newToken } from '../../auth/token-hash.ts';
import { siteLink } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import {
  claimPasswordReset,
  findPasswordReset,
  insertPasswordReset,
  spendPasswordResetsOfUser,
  type PasswordResetWithUser,
} from '../../db/queries/password-resets.ts';
import { hitRateLimit } from '../../db/queries/rate-limits.ts';
import { findUserByEmail, normalizeEmail } from '../../db/queries/users.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuditLogService } from '../site/audit-log.ts';
import type { Caller } from '../../auth/caller.ts';
import { enforceRateLimit } from '../rate-limits.ts';

export const RESET_LINK_SECONDS = 60 * 60;

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that address, we have sent a link to reset its password.';

// A 400, not a 401: the link is wrong, not the caller's sign-in (the back
// office would otherwise try to refresh a session).
const invalidLink = (message: string) => new DomainError('INVALID_TOKEN', message, { kind: 'invalid' });

function resetMail(to: string, link: string, caller: Caller, siteName: string) {
  return {
    kind: 'password_reset',
    to,
    // No copy keeps it, not even a mail that did not leave: an owner reading
    // the outbox could otherwise sign in as a colleague (decision 088).
    secretLinks: { urls: [link], keptUntil: nowSeconds() },
    subject: `Reset your ${siteName} password`,
    text: [
      `Someone asked to reset the password of the ${siteName} back-office account ${to}.`,
      `The request came from the address ${caller.clientIp}.`,
      '',
      'To choose a new password, open this link within 1 hour. It works once:',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: nothing changes and your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordResetsService(deps: AppDeps, audit: AuditLogService) {
  const { db, logger, rateLimits, mailer, config } = deps;

  /** The link's row while it can still be used; INVALID_TOKEN saying why otherwise. */
  async function usableReset(token: string): Promise<PasswordResetWithUser> {
    if (!token || token.length > RESET_TOKEN_MAX_LENGTH) throw invalidLink(RESET_LINK_INVALID);
    const reset = await findPasswordReset(db, hashToken(token));
    // A demoted account no longer reaches the back office: its links go with it.
    if (!reset || reset.used_at !== null || !isStaffRole(reset.role)) throw invalidLink(RESET_LINK_INVALID);
    if (reset.expires_at <= nowSeconds()) throw invalidLink(RESET_LINK_EXPIRED);
    return reset;
  }

  return {
    /**
     * Sends a reset link to a staff account of that address. Answers the
     * same whatever happens past validation and the per-address limit; only
     * the per-IP limit refuses (it says nothing about accounts).
     */
    async requestReset(values: unknown, caller: Caller): Promise<{ message: string }> {
      const { email } = validate(forgotPasswordSchema, values);
      await enforceRateLimit(db, rateLimits.forgotPasswordPerIp, caller.clientIp);
      const answer = { message: FORGOT_PASSWORD_MESSAGE };
      const perAddress = await hitRateLimit(db, rateLimits.forgotPasswordPerAddress, normalizeEmail(email));
      if (!perAddress.allowed) return answer;

      const user = await findUserByEmail(db, email);
      const token = newToken();
      const tokenHash = hashToken(token);
      if (!user || !isStaffRole(user.role)) {
        // The same kind of indexed round trip as the insert below.
        await findPasswordReset(db, tokenHash);
        return answer;
      }
      const now = nowSeconds();
      await insertPasswordReset(db, { userId: user.id, tokenHash, now, expiresAt: now + RESET_LINK_SECONDS });
      const link = siteLink(config, `/admin/reset-password?token=${token}`);
      // Not awaited: a slow mail server must not make known addresses answer
      // later than unknown ones. The mailer records failures in the outbox.
      deps.siteProfileCache.siteName()
        .then((siteName) => mailer.sendMail(resetMail(user.email, link, caller, siteName)))
        .catch((error: unknown) => {
          logger.error({ err: error, userId: user.id }, 'password reset mail could not be stored');
        });
      return answer;
    },

    /** The account a link resets, for the page to show before asking for the password. */
    async checkLink(token: string): Promise<{ email: string }> {
      const reset = await usableReset(token);
      return { email: reset.email };
    },

    /**
     * Sets the new password and ends every session of the account. The link
     * is spent in the same transaction as the change: of two requests with
     * one link, one wins and the other is refused.
     */
    async resetPassword(values: unknown, caller: Caller): Promise<void> {
      const { token, password } = validate(resetPasswordSchema, values);
      const reset = await usableReset(token);
      await assertAcceptablePassword(password);
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        const now = nowSeconds();
        if (!(await claimPasswordReset(trx, reset.id, now))) throw invalidLink(RESET_LINK_INVALID);
        await spendPasswordResetsOfUser(trx, reset.user_id, now);
        await resetPassword(trx, reset.user_id, passwordHash);
      });
      await audit.record({
        userId: reset.user_id,
        userEmail: reset.email,
        ipAddress: caller.clientIp,
        action: 'auth.password_reset',
        entity: 'user',
        entityId: reset.user_id,
      });
      logger.info({ userId: reset.user_id }, 'password reset with an e-mailed link');
    },
  };
}

export type PasswordResetsService = ReturnType<typeof passwordResetsService>;

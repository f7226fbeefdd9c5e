/**
 * Signing in to the back office: login with its rate limits, token refresh
 * and logout (SPEC.md section 7).
 */
import { DomainError } from '../../../common/errors.ts';
import { loginSchema, loginTotpSchema, refreshSchema } from '../../../common/schemas/auth.ts';
import type { MfaChallengeJson } from '../../../common/answers.ts';
import { validate } from '../../../common/validate.ts';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { endSession, refreshSession, signMfaToken, startSession, verifyMfaToken, type Session } from '../../auth/tokens.ts';
import { hashRecoveryCode, totpStepOf } from '../../auth/totp.ts';
import { totpSecrets } from '../../auth/totp-secrets.ts';
import { siteLink } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import { spendRecoveryCode } from '../../db/queries/recovery-codes.ts';
import { earlierSignIns } from '../../db/queries/staff-sessions.ts';
import { claimTotpStep } from '../../db/queries/user-totp.ts';
import type { UserRow } from '../../db/schema.ts';
import { deviceName } from './device-name.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { clearRateLimit, hitRateLimit, peekRateLimit } from '../../db/queries/rate-limits.ts';
import type { AuditLogService } from '../site/audit-log.ts';
import { findUserByEmail, findUserById, normalizeEmail } from '../../db/queries/users.ts';
import type { AppDeps } from '../../deps.ts';
import type { Caller } from '../../auth/caller.ts';
import { enforceRateLimit } from '../rate-limits.ts';
import { signInAttempts } from './sign-in-attempts.ts';

const deviceOf = (caller: Caller) => ({ ipAddress: caller.clientIp, userAgent: caller.userAgent ?? '' });

export function authService(deps: AppDeps, audit: AuditLogService) {
  const { db, signingKey, rateLimits } = deps;
  const slowdown = rateLimits.loginSlowdown;
  const attempts = signInAttempts(deps, 'password');
  const codeAttempts = signInAttempts(deps, 'code');
  const secrets = totpSecrets(deps.totpEncryptionKey);
  const slowdownRule = { name: slowdown.name, max: slowdown.afterFailures, windowSeconds: slowdown.windowSeconds };

  /**
   * Past a number of failures for the account from any address, every
   * attempt waits before its password is checked: guessing spread over many
   * addresses slows to a crawl, and nobody is locked out.
   */
  async function slowDownGuessing(account: string): Promise<void> {
    const failures = await peekRateLimit(db, slowdownRule, account);
    const over = failures.count - slowdown.afterFailures;
    if (over < 0) return;
    await sleep(Math.min(slowdown.baseMs * 2 ** Math.min(over, 16), slowdown.maxMs));
  }

  /**
   * Tells the user of a sign-in from a browser and address none of their
   * earlier sessions had, so a stolen password does not go unnoticed. Not
   * awaited: a slow mail server must not hold the sign-in.
   */
  function warnOfNewDevice(user: UserRow, caller: Caller, earlier: { any: boolean; fromDevice: boolean }): void {
    if (!earlier.any || earlier.fromDevice) return;
    const accountPage = siteLink(deps.config, '/admin/account');
    const mail = (siteName: string) => [
      'Hello,',
      '',
      `Your ${siteName} back-office account (${user.email}) was just signed in to from a device it had not been used on before.`,
      '',
      `When: ${new Date(nowSeconds() * 1000).toUTCString()}`,
      `Device: ${deviceName(caller.userAgent)}`,
      `Address: ${caller.clientIp}`,
      '',
      'If this was you, there is nothing to do.',
      '',
      `If it was not you, change your password now on your account page (${accountPage}), sign out the sessions you do not recognise there, and set up two-factor authentication.`,
    ].join('\n');
    deps.siteProfileCache.siteName()
      .then((siteName) =>
        deps.mailer.sendMail({ kind: 'new_sign_in', to: user.email, subject: `New sign-in to ${siteName}`, text: mail(siteName) }),
      )
      .catch((error: unknown) => deps.logger.warn({ err: error, userId: user.id }, 'new sign-in mail could not be kept'));
  }

  /** The session of a user who proved who they are, recorded and, from a new device, told to them. */
  async function completeSignIn(user: UserRow, caller: Caller, method?: 'totp' | 'recovery_code'): Promise<Session> {
    const device = deviceOf(caller);
    const earlier = await earlierSignIns(db, user.id, device);
    const { session_id: sessionId, ...session } = await startSession(db, signingKey, user, device);
    await audit.record({
      userId: user.id,
      userEmail: user.email,
      ipAddress: caller.clientIp,
      action: 'auth.login',
      entity: 'session',
      entityId: sessionId,
      ...(method ? { detail: { method } } : {}),
    });
    warnOfNewDevice(user, caller, earlier);
    return session;
  }

  const invalidCode = () => new DomainError('INVALID_CODE', 'Invalid authentication code');

  return {
    /**
     * Every attempt is counted against the account before its password is
     * checked, in one atomic increment shared by every server: parallel
     * guesses cannot all slip in under the limit while the first ones are
     * still being verified. A success clears the count.
     */
    async login(values: unknown, caller: Caller): Promise<Session | MfaChallengeJson> {
      const { email, password } = validate(loginSchema, values);
      await enforceRateLimit(db, rateLimits.loginPerIp, caller.clientIp);
      await attempts.count(email, caller.clientIp);
      await slowDownGuessing(normalizeEmail(email));

      const user = await findUserByEmail(db, email);
      const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        await hitRateLimit(db, slowdownRule, normalizeEmail(email));
        // The typed address is kept only when it names an account: a password
        // typed into the e-mail field must not land in the log.
        await audit.record({
          userId: user?.id ?? null,
          userEmail: user?.email ?? null,
          ipAddress: caller.clientIp,
          action: 'auth.login_failed',
          entity: 'user',
          entityId: user?.id ?? null,
          detail: user ? null : { reason: 'unknown account' },
        });
        throw new DomainError('INVALID_CREDENTIALS', 'Invalid email or password');
      }
      await attempts.clear(email, caller.clientIp);
      // The account-wide count waits for the whole sign-in: cleared by the
      // password alone, it would forgive every wrong code tried before it.
      if (user.totp_enabled_at !== null) return { mfa_required: true, mfa_token: await signMfaToken(signingKey, user.id) };
      await clearRateLimit(db, slowdownRule, normalizeEmail(email));
      return completeSignIn(user, caller);
    },

    /**
     * The second step of a sign-in with two-factor: a code of the app (each
     * time step accepted once) or an unused recovery code. Wrong codes count
     * against a limit of their own per address, which a right password does
     * not clear, and towards the account's slow-down like wrong passwords.
     */
    async loginWithTotp(values: unknown, caller: Caller): Promise<Session> {
      const input = validate(loginTotpSchema, values);
      await enforceRateLimit(db, rateLimits.loginPerIp, caller.clientIp);
      const userId = await verifyMfaToken(signingKey, input.mfa_token);
      const user = await findUserById(db, userId);
      if (!user || user.totp_enabled_at === null || !user.totp_secret) {
        throw new DomainError('INVALID_TOKEN', 'Your sign-in took too long. Please enter your email and password again.');
      }
      const account = normalizeEmail(user.email);
      await codeAttempts.count(account, caller.clientIp);
      await slowDownGuessing(account);

      const method = input.code !== undefined ? 'totp' : 'recovery_code';
      let accepted = false;
      if (input.code !== undefined) {
        const step = totpStepOf(secrets.open(user.id, user.totp_secret), input.code);
        accepted = step !== null && (await claimTotpStep(db, user.id, step));
      } else if (input.recovery_code !== undefined) {
        accepted = await spendRecoveryCode(db, user.id, hashRecoveryCode(input.recovery_code), nowSeconds());
      }
      if (!accepted) {
        await hitRateLimit(db, slowdownRule, account);
        await audit.record({
          userId: user.id,
          userEmail: user.email,
          ipAddress: caller.clientIp,
          action: 'auth.login_failed',
          entity: 'user',
          entityId: user.id,
          detail: { method },
        });
        throw invalidCode();
      }
      await codeAttempts.clear(account, caller.clientIp);
      await clearRateLimit(db, slowdownRule, account);
      return completeSignIn(user, caller, method);
    },

    async refresh(values: unknown, caller: Caller): Promise<Session> {
      const { refresh_token } = validate(refreshSchema, values);
      return refreshSession(db, signingKey, refresh_token, deviceOf(caller));
    },

    async logout(values: unknown): Promise<void> {
      const { refresh_token } = validate(refreshSchema, values);
      await endSession(db, refresh_token);
    },
  };
}

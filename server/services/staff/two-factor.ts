/**
 * Two-factor sign-in of a member of staff's own account: enrolment with an
 * authenticator app, recovery codes, and turning it off. Secrets are stored
 * sealed (server/auth/totp-secrets.ts); secrets and codes never reach the
 * audit log.
 */
import type { RecoveryCodesJson, TotpSetupJson } from '../../../common/answers.ts';
import { DomainError } from '../../../common/errors.ts';
import { disableTotpSchema, totpCodeInputSchema } from '../../../common/schemas/account.ts';
import { validate } from '../../../common/validate.ts';
import { securitySettings } from '../../auth/security-settings.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpEnrolment } from '../../auth/totp.ts';
import { totpSecrets } from '../../auth/totp-secrets.ts';
import type { SiteProfileService } from '../site/site-profile.ts';
import { nowSeconds } from '../../db/database.ts';
import { replaceRecoveryCodes } from '../../db/queries/recovery-codes.ts';
import { revokeStaffSessionsOfUser } from '../../db/queries/staff-sessions.ts';
import { claimTotpStep, disableTotp, enableTotp, setPendingTotpSecret } from '../../db/queries/user-totp.ts';
import { findUserById } from '../../db/queries/users.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuditLogService } from '../site/audit-log.ts';
import type { Caller, Staff } from '../../auth/caller.ts';
import { reauthentication, WRONG_CODE } from './reauthenticate.ts';

export const TOTP_ALREADY_ENABLED = 'Two-factor authentication is already on. Turn it off first to set up another app.';
export const TOTP_NOT_STARTED = 'Start the two-factor set-up first.';
export const TOTP_NOT_ENABLED = 'Two-factor authentication is not on for this account.';
export const TOTP_KEPT_BY_OWNER = "The site's owner requires two-factor sign-in for all staff, so it cannot be turned off.";

export function twoFactorService(deps: AppDeps, audit: AuditLogService, siteProfile: SiteProfileService) {
  const { db } = deps;
  const check = reauthentication(deps);
  const secrets = totpSecrets(deps.totpEncryptionKey);

  async function userOf(staff: Staff): Promise<UserRow> {
    const user = await findUserById(db, staff.userId);
    if (!user) throw new DomainError('NOT_FOUND', 'This account no longer exists.');
    return user;
  }

  const record = (user: UserRow, caller: Caller, action: string) =>
    audit.record({ userId: user.id, userEmail: user.email, ipAddress: caller.clientIp, action, entity: 'user', entityId: user.id });

  /** A fresh set of recovery codes replacing any earlier one; the plain codes exist only in this answer. */
  async function issueRecoveryCodes(userId: number, now: number): Promise<RecoveryCodesJson> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode), now);
    return { recovery_codes: codes };
  }

  return {
    async setup(staff: Staff): Promise<TotpSetupJson> {
      const user = await userOf(staff);
      if (user.totp_enabled_at !== null) throw new DomainError('VALIDATION_FAILED', TOTP_ALREADY_ENABLED);
      // The authenticator app lists the account under the site's own name.
      const enrolment = await newTotpEnrolment(user.email, (await siteProfile.current()).site_name);
      if (!(await setPendingTotpSecret(db, user.id, secrets.seal(user.id, enrolment.secret), nowSeconds()))) {
        throw new DomainError('VALIDATION_FAILED', TOTP_ALREADY_ENABLED);
      }
      return enrolment;
    },

    /**
     * Confirms the pending secret with a first code from the app, and ends
     * the account's other sessions: one opened with a stolen password must
     * not outlive the second factor meant to stop it.
     */
    async enable(staff: Staff, values: unknown, caller: Caller): Promise<RecoveryCodesJson> {
      const { code } = validate(totpCodeInputSchema, values);
      const user = await userOf(staff);
      if (user.totp_enabled_at !== null) throw new DomainError('VALIDATION_FAILED', TOTP_ALREADY_ENABLED);
      if (!user.totp_secret) throw new DomainError('VALIDATION_FAILED', TOTP_NOT_STARTED);
      const step = await check.checkCode(user, secrets.open(user.id, user.totp_secret), code, caller);
      const now = nowSeconds();
      // Conditional on the secret the code was checked against: a set-up restarted meanwhile wins.
      if (!(await enableTotp(db, user.id, user.totp_secret, step, now))) {
        throw new DomainError('VALIDATION_FAILED', TOTP_NOT_STARTED);
      }
      const answer = await issueRecoveryCodes(user.id, now);
      await revokeStaffSessionsOfUser(db, user.id, now, staff.sessionId ?? undefined);
      await record(user, caller, 'auth.totp_enabled');
      return answer;
    },

    async disable(staff: Staff, values: unknown, caller: Caller): Promise<void> {
      const { password } = validate(disableTotpSchema, values);
      const user = await userOf(staff);
      if ((await securitySettings(deps, true)).require_totp) throw new DomainError('TOTP_REQUIRED', TOTP_KEPT_BY_OWNER);
      await check.checkPassword(user, password, caller, 'password');
      const now = nowSeconds();
      await disableTotp(db, user.id, now);
      await replaceRecoveryCodes(db, user.id, [], now);
      await record(user, caller, 'auth.totp_disabled');
    },

    /** New recovery codes, the old ones void; asks for a code of the app (spent like a sign-in's). */
    async regenerateRecoveryCodes(staff: Staff, values: unknown, caller: Caller): Promise<RecoveryCodesJson> {
      const { code } = validate(totpCodeInputSchema, values);
      const user = await userOf(staff);
      if (user.totp_enabled_at === null || !user.totp_secret) throw new DomainError('VALIDATION_FAILED', TOTP_NOT_ENABLED);
      const step = await check.checkCode(user, secrets.open(user.id, user.totp_secret), code, caller);
      if (!(await claimTotpStep(db, user.id, step))) {
        throw new DomainError('INVALID_CODE', WRONG_CODE, { kind: 'invalid', fieldErrors: { code: WRONG_CODE } });
      }
      const answer = await issueRecoveryCodes(user.id, nowSeconds());
      await record(user, caller, 'auth.recovery_codes_regenerated');
      return answer;
    },
  };
}

/**
 * A member of staff's own account: their name and address, their sign-in
 * sessions (listed, ended one by one or all but this one) and their
 * password.
 */
import type { AccountProfileJson, StaffSessionJson } from '../../../common/answers.ts';
import { DomainError } from '../../../common/errors.ts';
import { changePasswordSchema, confirmEmailSchema, updateProfileSchema } from '../../../common/schemas/account.ts';
import { validate } from '../../../common/validate.ts';
import { assertAcceptablePassword } from '../../auth/password-policy.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { siteLink } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import {
  findStaffSession,
  listActiveStaffSessions,
  revokeStaffSession,
  revokeStaffSessionsOfUser,
} from '../../db/queries/staff-sessions.ts';
import { signEmailChangeToken, verifyEmailChangeToken, EMAIL_CHANGE_LINK_INVALID, EMAIL_CHANGE_TTL_SECONDS } from '../../auth/email-change.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { findUserByEmail, findUserById, moveUserEmail, normalizeEmail, updateUserPassword, updateUserProfile } from '../../db/queries/users.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuditLogService } from '../site/audit-log.ts';
import type { Caller, Staff } from '../../auth/caller.ts';
import { deviceName } from './device-name.ts';
import { reauthentication } from './reauthenticate.ts';

const emailTaken = (email: string) =>
  new DomainError('EMAIL_TAKEN', `${email} is the address of another account.`, { fieldErrors: { email: `${email} is the address of another account.` } });

/** The mail to a new address: the link that makes it the account's. */
function confirmationMail(to: string, link: string, siteName: string) {
  return {
    kind: 'email_change',
    to,
    secretLinks: { urls: [link], keptUntil: nowSeconds() + EMAIL_CHANGE_TTL_SECONDS },
    subject: `Confirm your new address for ${siteName}`,
    text: [
      'Hello,',
      '',
      `You asked to use this address for your ${siteName} back-office account. To confirm it, open this link within ${EMAIL_CHANGE_TTL_SECONDS / 3600} hours:`,
      link,
      '',
      'Until then your account keeps its current address. If you did not ask for this, ignore this e-mail: nothing changes.',
    ].join('\n'),
  };
}

/** `katherine@example.org` → `k***@example.org`: enough for the owner of the old address to recognise it, not to learn it. */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email.charAt(0)}***${email.slice(at)}`;
}

/**
 * The safeguard mail to the address an account leaves: had someone else
 * changed it, the rightful owner would otherwise learn of it only when
 * signing in fails.
 */
function addressChangedMail(change: { from: string; to: string }, siteName: string, at: number) {
  return {
    kind: 'email_changed',
    to: change.from,
    subject: `Your sign-in address for ${siteName} was changed`,
    text: [
      'Hello,',
      '',
      `The sign-in address of your ${siteName} back-office account was changed from ${change.from} to ${maskedAddress(change.to)} on ${new Date(at * 1000).toUTCString()}.`,
      'Sign-in alerts and password resets now go to the new address.',
      '',
      'If this was you, there is nothing to do.',
      '',
      'If this was not you, someone else may be using your account: tell the site\'s owner or another administrator at once, so they can take it back and end its sessions.',
    ].join('\n'),
  };
}

export function accountService(deps: AppDeps, audit: AuditLogService) {
  const { db, signingKey, mailer, config, logger } = deps;
  const check = reauthentication(deps);

  /** Another account with the address: the change would make two accounts answer to one mailbox. */
  async function assertAddressFree(email: string, userId: number): Promise<void> {
    const holder = await findUserByEmail(db, email);
    if (holder && holder.id !== userId) throw emailTaken(normalizeEmail(email));
  }

  async function userOf(staff: Staff): Promise<UserRow> {
    const user = await findUserById(db, staff.userId);
    if (!user) throw new DomainError('NOT_FOUND', 'This account no longer exists.');
    return user;
  }

  /** Tells the old address of the change; a mail that cannot be kept is logged, and the change stands. */
  async function tellOldAddress(userId: number, change: { from: string; to: string }): Promise<void> {
    try {
      await mailer.sendMail(addressChangedMail(change, await deps.siteProfileCache.siteName(), nowSeconds()));
    } catch (error) {
      logger.warn({ err: error, userId }, 'address change notice could not be kept');
    }
  }

  /**
   * Saves the account's name (and address): a new name is the byline of the
   * posts the account created, so every kept page is dropped while it is
   * stored and again once it is, as on a change of the site settings.
   */
  async function saveProfile(user: UserRow, changes: { name: string; email?: string }): Promise<UserRow | undefined> {
    if (changes.name === user.name) return updateUserProfile(db, user.id, changes);
    return deps.contentChanges.write(db, null, (trx) => updateUserProfile(trx, user.id, changes));
  }

  const record = (staff: Staff, caller: Caller, action: string, entity: string, entityId: string | number) =>
    audit.record({ userId: staff.userId, userEmail: staff.email, ipAddress: caller.clientIp, action, entity, entityId });

  return {
    /**
     * Saves the caller's name, and starts or makes a change of address
     * (decision 052): with a mail server, a link to the new address that
     * changes it when opened; without one, at once, and the answer says so.
     */
    async updateProfile(staff: Staff, values: unknown, caller: Caller): Promise<AccountProfileJson> {
      const input = validate(updateProfileSchema, values);
      const user = await userOf(staff);
      const email = normalizeEmail(input.email);
      if (email === user.email) {
        const saved = (await saveProfile(user, { name: input.name })) ?? user;
        if (saved.name !== user.name) await record(staff, caller, 'account.name_changed', 'user', user.id);
        return { name: saved.name, email: saved.email, email_change: 'unchanged', pending_email: null };
      }
      await check.checkPassword(user, input.current_password ?? '', caller);
      await assertAddressFree(email, user.id);
      if (config.SMTP_URL) {
        await saveProfile(user, { name: input.name });
        const token = await signEmailChangeToken(signingKey, { userId: user.id, from: user.email, to: email });
        const link = siteLink(config, `/admin/confirm-email?token=${token}`);
        await mailer.sendMail(confirmationMail(email, link, await deps.siteProfileCache.siteName()));
        await record(staff, caller, 'account.email_change_requested', 'user', user.id);
        return { name: input.name, email: user.email, email_change: 'confirmation_sent', pending_email: email };
      }
      let saved: UserRow | undefined;
      try {
        saved = await saveProfile(user, { name: input.name, email });
      } catch (error) {
        // Another account took the address since it was checked.
        if (isUniqueViolation(error)) throw emailTaken(email);
        throw error;
      }
      if (!saved) throw new DomainError('NOT_FOUND', 'This account no longer exists.');
      logger.info({ userId: user.id }, 'staff address changed without a confirmation mail (no SMTP_URL set)');
      await tellOldAddress(user.id, { from: user.email, to: saved.email });
      await record({ ...staff, email: saved.email }, caller, 'account.email_changed', 'user', user.id);
      return { name: saved.name, email: saved.email, email_change: 'changed', pending_email: null };
    },

    /** Opens a confirmation link: the account moves to the address it names, once. */
    async confirmEmail(values: unknown, caller: Caller): Promise<{ email: string }> {
      const { token } = validate(confirmEmailSchema, values);
      const change = await verifyEmailChangeToken(signingKey, token);
      await assertAddressFree(change.to, change.userId);
      let moved: UserRow | undefined;
      try {
        moved = await moveUserEmail(db, change.userId, change.from, change.to);
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken(change.to);
        throw error;
      }
      if (!moved) throw new DomainError('INVALID_TOKEN', EMAIL_CHANGE_LINK_INVALID, { kind: 'invalid' });
      await tellOldAddress(moved.id, change);
      await audit.record({
        userId: moved.id,
        userEmail: moved.email,
        ipAddress: caller.clientIp,
        action: 'account.email_changed',
        entity: 'user',
        entityId: moved.id,
      });
      return { email: moved.email };
    },

    async sessions(staff: Staff): Promise<StaffSessionJson[]> {
      const rows = await listActiveStaffSessions(db, staff.userId, nowSeconds());
      return rows.map((row) => ({
        id: row.id,
        created_at: Number(row.created_at),
        last_used_at: Number(row.last_used_at),
        ip_address: row.ip_address,
        device: deviceName(row.user_agent),
        current: row.id === staff.sessionId,
      }));
    },

    /** Ends one of the caller's own sessions; another user's is as unknown as a missing one. */
    async revokeSession(staff: Staff, id: string, caller: Caller): Promise<void> {
      const session = await findStaffSession(db, id);
      if (!session || session.user_id !== staff.userId || session.revoked_at !== null) {
        throw new DomainError('NOT_FOUND', 'This session does not exist or has already ended.');
      }
      await revokeStaffSession(db, id, nowSeconds());
      await record(staff, caller, 'auth.session_revoked', 'session', id);
    },

    async revokeOtherSessions(staff: Staff, caller: Caller): Promise<void> {
      await revokeStaffSessionsOfUser(db, staff.userId, nowSeconds(), staff.sessionId ?? undefined);
      await record(staff, caller, 'auth.other_sessions_revoked', 'user', staff.userId);
    },

    /**
     * Sets a new password once the current one is proved, and ends every
     * other session: whoever may have known the old password is signed out.
     */
    async changePassword(staff: Staff, values: unknown, caller: Caller): Promise<void> {
      const input = validate(changePasswordSchema, values);
      const user = await userOf(staff);
      await check.checkPassword(user, input.current_password, caller);
      await assertAcceptablePassword(input.new_password, 'new_password');
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction().execute(async (trx) => {
        await updateUserPassword(trx, user.id, passwordHash);
        await revokeStaffSessionsOfUser(trx, user.id, nowSeconds(), staff.sessionId ?? undefined);
      });
      await record(staff, caller, 'auth.password_changed', 'user', user.id);
    },
  };
}

/**
 * A member of staff's own account: their sign-in sessions (listed, ended
 * one by one or all but this one) and their password.
 */
import type { StaffSessionJson } from '../../common/answers.ts';
import { DomainError } from '../../common/errors.ts';
import { changePasswordSchema } from '../../common/schemas/account.ts';
import { validate } from '../../common/validate.ts';
import { assertAcceptablePassword } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { nowSeconds } from '../db/database.ts';
import {
  findStaffSession,
  listActiveStaffSessions,
  revokeStaffSession,
  revokeStaffSessionsOfUser,
} from '../db/queries/staff-sessions.ts';
import { findUserById, updateUserPassword } from '../db/queries/users.ts';
import type { UserRow } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import type { AuditLogService } from './audit-log.ts';
import type { Caller, Staff } from './caller.ts';
import { deviceName } from './device-name.ts';
import { reauthentication } from './reauthenticate.ts';

export function accountService(deps: AppDeps, audit: AuditLogService) {
  const { db } = deps;
  const check = reauthentication(deps);

  async function userOf(staff: Staff): Promise<UserRow> {
    const user = await findUserById(db, staff.userId);
    if (!user) throw new DomainError('NOT_FOUND', 'This account no longer exists.');
    return user;
  }

  const record = (staff: Staff, caller: Caller, action: string, entity: string, entityId: string | number) =>
    audit.record({ userId: staff.userId, userEmail: staff.email, ipAddress: caller.clientIp, action, entity, entityId });

  return {
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

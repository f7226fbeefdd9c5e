/**
 * Staff accounts: who is signed in (`me`), and the owner's management of
 * staff (accounts, roles, invitations).
 */
import { DomainError } from '../../common/errors.ts';
import type { StaffMeJson } from '../../common/answers.ts';
import { isStaffRole, permissionsOf } from '../../common/staff-roles.ts';
import { findUserById } from '../db/queries/users.ts';
import type { AppDeps } from '../deps.ts';
import type { Staff } from './caller.ts';

export function staffService({ db }: AppDeps) {
  return {
    async me(staff: Staff): Promise<StaffMeJson> {
      const user = await findUserById(db, staff.userId);
      if (!user || !isStaffRole(user.role)) throw new DomainError('NOT_FOUND', 'This account no longer exists.');
      return {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        permissions: permissionsOf(user.role),
        totp_enabled: user.totp_enabled_at !== null,
      };
    },
  };
}

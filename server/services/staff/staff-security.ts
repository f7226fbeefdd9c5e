/** The staff security the owner sets for the whole site: for now, whether every member of staff must use two-factor sign-in. */
import type { SecuritySettingsJson } from '../../../common/answers.ts';
import { DomainError } from '../../../common/errors.ts';
import { securitySettingsSchema } from '../../../common/schemas/account.ts';
import { validate } from '../../../common/validate.ts';
import { saveSecuritySettings, securitySettings } from '../../auth/security-settings.ts';
import { nowSeconds } from '../../db/database.ts';
import { findUserById } from '../../db/queries/users.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuditLogService } from '../site/audit-log.ts';
import type { Caller, Staff } from '../../auth/caller.ts';

export const OWN_TOTP_FIRST = 'Set up two-factor authentication on your own account first: requiring it would otherwise lock you out of this page.';

export function staffSecurityService(deps: AppDeps, audit: AuditLogService) {
  const { db } = deps;
  return {
    security: (): Promise<SecuritySettingsJson> => securitySettings(deps, true),

    async updateSecurity(staff: Staff, values: unknown, caller: Caller): Promise<SecuritySettingsJson> {
      const next = validate(securitySettingsSchema, values);
      const before = await securitySettings(deps, true);
      if (next.require_totp && !before.require_totp) {
        const user = await findUserById(db, staff.userId);
        if (user?.totp_enabled_at == null) {
          throw new DomainError('VALIDATION_FAILED', OWN_TOTP_FIRST, { fieldErrors: { require_totp: OWN_TOTP_FIRST } });
        }
      }
      await saveSecuritySettings(deps, { require_totp: next.require_totp }, staff.userId, nowSeconds());
      await audit.record({
        userId: staff.userId,
        userEmail: staff.email,
        ipAddress: caller.clientIp,
        action: 'settings.update',
        entity: 'settings',
        entityId: 'security',
        detail: { require_totp: { from: before.require_totp, to: next.require_totp } },
      });
      return { require_totp: next.require_totp };
    },
  };
}

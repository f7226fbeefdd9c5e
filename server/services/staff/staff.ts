/**
 * Staff accounts: who is signed in (`me`), and the owner's management of
 * staff (accounts, roles, invitations).
 */
import { DomainError, notFound } from '../../../common/errors.ts';
import type { InvitationLinkJson, MailDeliveryJson, StaffInvitationJson, StaffListJson, StaffMeJson, StaffUserJson } from '../../../common/answers.ts';
import { siteLink } from '../../config.ts';
import { mailDelivery, type MailResult } from '../../mail/mailer.ts';
import { isStaffRole, permissionsOf, STAFF_ROLE_LABELS, type StaffRole } from '../../../common/staff-roles.ts';
import {
  countOwners,
  createUser,
  deleteUser,
  findUserByEmail,
  findUserById,
  listStaffUsers,
  lockOwners,
  normalizeEmail,
  revokeAccessTokensOfUser,
  updateUserRole,
  type StaffUserWithActivity,
} from '../../db/queries/users.ts';
import { securitySettings } from '../../auth/security-settings.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuditLogService } from '../site/audit-log.ts';
import type { Caller, Staff } from '../../auth/caller.ts';
import { hashToken, newToken } from '../../auth/token-hash.ts';
import { enforceRateLimit } from '../rate-limits.ts';
import {
  acceptInvitationSchema,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_TOKEN_MAX_LENGTH,
  inviteStaffSchema,
  updateStaffSchema,
} from '../../../common/schemas/staff.ts';
import { validate } from '../../../common/validate.ts';
import { listSearchSchema } from '../../../common/schemas/search.ts';
import { assertAcceptablePassword } from '../../auth/password-policy.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { nowSeconds } from '../../db/database.ts';
import type { Db, StaffInvitationRow } from '../../db/schema.ts';
import { revokeStaffSessionsOfUser } from '../../db/queries/staff-sessions.ts';
import {
  claimStaffInvitation,
  findStaffInvitationByTokenHash,
  insertStaffInvitation,
  lockInvitationsOf,
  listPendingInvitations,
  revokeStaffInvitation,
  type PendingInvitation,
} from '../../db/queries/staff-invitations.ts';

/** How long an invitation link works. */
export const INVITATION_SECONDS = 72 * 60 * 60;

// A 404 naming why: the link is wrong, not the caller's sign-in (a 401 would
// make the back office try to refresh a session).
const invalidInvitation = (message: string) => new DomainError('INVALID_TOKEN', message, { kind: 'not_found' });

function invitationMail(to: string, role: StaffRole, invitedBy: string, link: string, expiresAt: number, siteName: string) {
  return {
    kind: 'staff_invitation',
    to,
    secretLinks: { urls: [link], keptUntil: expiresAt },
    subject: `You are invited to the ${siteName} back office`,
    text: [
      `${invitedBy} invited you to join the back office of ${siteName} as ${STAFF_ROLE_LABELS[role]}.`,
      '',
      'To accept, open this link within 72 hours, then choose your name and a password. It works once:',
      link,
      '',
      'If you did not expect this invitation, ignore this e-mail: no account is made.',
    ].join('\n'),
  };
}

function staffUserJson(user: StaffUserWithActivity): StaffUserJson {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    // Listed and changed accounts are staff; `member` rows never get here.
    role: user.role as StaffRole,
    created_at: user.created_at,
    totp_enabled: user.totp_enabled_at !== null,
    last_active_at: user.last_active_at === null ? null : Number(user.last_active_at),
  };
}

function invitationJson(invitation: PendingInvitation): StaffInvitationJson {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    created_at: invitation.created_at,
    expires_at: invitation.expires_at,
    invited_by_email: invitation.invited_by_email,
  };
}

export function staffService(deps: AppDeps, audit: AuditLogService) {
  const { db, engine, config, logger, mailer, rateLimits } = deps;

  /** The invitation while it can still be accepted; INVALID_TOKEN saying why otherwise. */
  async function usableInvitation(token: string): Promise<StaffInvitationRow> {
    if (!token || token.length > INVITATION_TOKEN_MAX_LENGTH) throw invalidInvitation(INVITATION_INVALID);
    const invitation = await findStaffInvitationByTokenHash(db, hashToken(token));
    if (!invitation || invitation.accepted_at !== null || invitation.revoked_at !== null) throw invalidInvitation(INVITATION_INVALID);
    if (invitation.expires_at <= nowSeconds()) throw invalidInvitation(INVITATION_EXPIRED);
    return invitation;
  }

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
        totp_required: (await securitySettings(deps)).require_totp,
        site_name: await deps.siteProfileCache.siteName(),
      };
    },

    /**
     * Every member of staff with their activity, and the invitations still
     * waiting; with `q`, those whose name or address contains it.
     */
    async list(query: unknown = {}): Promise<StaffListJson> {
      const { q } = validate(listSearchSchema, query);
      const [users, invitations] = await Promise.all([
        listStaffUsers(db, q),
        listPendingInvitations(db, nowSeconds(), undefined, q),
      ]);
      return {
        users: users.filter((user) => isStaffRole(user.role)).map(staffUserJson),
        invitations: invitations.map(invitationJson),
      };
    },

    /**
     * Invites someone: an invitation row (its token's hash only) and a mail
     * with the link. An address that has an account or a pending invitation
     * is refused; an expired or revoked invitation does not count. The answer
     * says where the mail went, with the link to copy when it did not leave.
     */
    async invite(values: unknown, staff: Staff): Promise<StaffInvitationJson & { mail: MailDeliveryJson }> {
      const { email: typed, role } = validate(inviteStaffSchema, values);
      const email = normalizeEmail(typed);
      const now = nowSeconds();
      const token = newToken();
      // Checked and written in one transaction, one invitation of an address
      // at a time: two invitations sent at once (a double click, two owners)
      // must not both pass the check.
      const invitation = await db.transaction().execute(async (trx) => {
        await lockInvitationsOf(trx, engine, email);
        if (await findUserByEmail(trx, email)) throw new DomainError('EMAIL_TAKEN', `${email} already has an account.`);
        if ((await listPendingInvitations(trx, now, email)).length > 0) {
          throw new DomainError('EMAIL_TAKEN', `${email} has been invited already. Revoke that invitation to send a new one.`);
        }
        return insertStaffInvitation(trx, {
          email,
          role,
          tokenHash: hashToken(token),
          invitedBy: staff.userId,
          now,
          expiresAt: now + INVITATION_SECONDS,
        });
      });
      const link = siteLink(config, `/admin/accept-invite?token=${token}`);
      let sent: MailResult | null = null;
      try {
        sent = await mailer.sendMail(invitationMail(email, role, staff.email, link, invitation.expires_at, await deps.siteProfileCache.siteName()));
      } catch (error) {
        // The invitation stands: the owner is given its link to pass on.
        logger.error({ err: error, invitationId: invitation.id }, 'staff invitation mail could not be stored');
      }
      return { ...invitationJson({ ...invitation, invited_by_email: staff.email }), mail: mailDelivery(sent, link) };
    },

    async revokeInvitation(id: number): Promise<void> {
      if (!(await revokeStaffInvitation(db, id, nowSeconds()))) throw notFound('No pending invitation with this id.');
    },

    /**
     * Changes an account's role (and name). The site always keeps an owner;
     * the new role applies from the account's next call, as every call reads it.
     */
    async update(id: number, values: unknown): Promise<{ user: StaffUserJson; from: StaffRole }> {
      const { role, name } = validate(updateStaffSchema, values);
      // A name is the byline of the posts the account created: a rename is told like a write that touches every page.
      const renames = name !== (await findUserById(db, id))?.name;
      const change = <T>(work: (trx: Db) => Promise<T>) => (renames ? deps.contentChanges.write(db, null, work) : db.transaction().execute(work));
      const { user, from } = await change(async (trx) => {
        await lockOwners(trx, engine);
        const current = await findUserById(trx, id);
        if (!current || !isStaffRole(current.role)) throw notFound('No member of staff with this id.');
        if (current.role === 'owner' && role !== 'owner' && (await countOwners(trx)) <= 1) {
          throw new DomainError('LAST_OWNER', 'This is the only owner. Make another member of staff an owner first.');
        }
        const updated = await updateUserRole(trx, id, { role, name });
        if (!updated) throw notFound('No member of staff with this id.');
        return { user: updated, from: current.role };
      });
      const [listed] = (await listStaffUsers(db)).filter((row) => row.id === user.id);
      return { user: staffUserJson(listed ?? { ...user, last_active_at: null }), from };
    },

    /**
     * Removes an account and ends its sessions at once. Posts, revisions,
     * media and links it made stay (their author becomes unknown, and its
     * posts show no byline). Owners cannot remove themselves, and the last
     * owner cannot be removed.
     */
    async remove(id: number, staff: Staff): Promise<{ email: string; role: StaffRole }> {
      if (id === staff.userId) {
        throw new DomainError('CANNOT_REMOVE_SELF', 'You cannot remove your own account. Ask another owner to remove it.');
      }
      // The posts it created lose their byline: told like a write that touches every page, as on a rename.
      const named = Boolean((await findUserById(db, id))?.name);
      const change = <T>(work: (trx: Db) => Promise<T>) => (named ? deps.contentChanges.write(db, null, work) : db.transaction().execute(work));
      const removed = await change(async (trx) => {
        await lockOwners(trx, engine);
        const user = await findUserById(trx, id);
        if (!user || !isStaffRole(user.role)) throw notFound('No member of staff with this id.');
        if (user.role === 'owner' && (await countOwners(trx)) <= 1) {
          throw new DomainError('LAST_OWNER', 'This is the only owner and cannot be removed.');
        }
        const now = nowSeconds();
        await revokeStaffSessionsOfUser(trx, id, now);
        await revokeAccessTokensOfUser(trx, id, now);
        await deleteUser(trx, id);
        return { email: user.email, role: user.role };
      });
      return { email: removed.email, role: removed.role };
    },

    /** What an invitation link offers, for the page to show before asking for a name and password. */
    async checkInvitation(token: string, caller: Caller): Promise<InvitationLinkJson> {
      await enforceRateLimit(db, rateLimits.invitationPerIp, caller.clientIp);
      const invitation = await usableInvitation(token);
      return { email: invitation.email, role: invitation.role, expires_at: invitation.expires_at };
    },

    /**
     * Creates the account the invitation offers. The invitation is spent in
     * the same transaction as the account is made: of two requests with one
     * link, one makes the account and the other is refused.
     */
    async acceptInvitation(values: unknown, caller: Caller): Promise<{ email: string }> {
      await enforceRateLimit(db, rateLimits.invitationPerIp, caller.clientIp);
      const { token, name, password } = validate(acceptInvitationSchema, values);
      const invitation = await usableInvitation(token);
      await assertAcceptablePassword(password);
      const passwordHash = await hashPassword(password);
      const user = await db.transaction().execute(async (trx) => {
        if (!(await claimStaffInvitation(trx, invitation.id, nowSeconds()))) throw invalidInvitation(INVITATION_INVALID);
        if (await findUserByEmail(trx, invitation.email)) {
          throw new DomainError('EMAIL_TAKEN', `${invitation.email} already has an account. Sign in instead.`);
        }
        return createUser(trx, { email: invitation.email, passwordHash, role: invitation.role, name });
      });
      await audit.record({
        userId: user.id,
        userEmail: user.email,
        ipAddress: caller.clientIp,
        action: 'staff.invitation_accepted',
        entity: 'user',
        entityId: user.id,
        detail: { invitation_id: invitation.id, role: invitation.role },
      });
      return { email: user.email };
    },
  };
}

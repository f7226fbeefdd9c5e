/**
 * Invitations of staff: stored by their token's hash, found by that hash,
 * accepted at most once, revocable while pending.
 */
import { sql } from 'kysely';
import { containsText } from '../contains-text.ts';
import type { Engine } from '../database.ts';
import type { Db, StaffInvitationRow } from '../schema.ts';
import type { StaffRole } from '../../../common/staff-roles.ts';

export async function insertStaffInvitation(
  db: Db,
  invitation: { email: string; role: StaffRole; tokenHash: string; invitedBy: number; now: number; expiresAt: number },
): Promise<StaffInvitationRow> {
  return db
    .insertInto('staff_invitations')
    .values({
      email: invitation.email,
      role: invitation.role,
      token_hash: invitation.tokenHash,
      invited_by: invitation.invitedBy,
      created_at: invitation.now,
      expires_at: invitation.expiresAt,
      accepted_at: null,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The first key of the invitations' advisory locks (any fixed number). */
const INVITATION_LOCK_CLASS = 4_120_001;

/**
 * PostgreSQL: holds the invitations of `email` for the rest of the
 * transaction (an advisory lock on the address), so checking for a pending
 * one and inserting happen for one invitation at a time. SQLite runs one
 * transaction at a time anyway, so there it does nothing.
 */
export async function lockInvitationsOf(trx: Db, engine: Engine, email: string): Promise<void> {
  if (engine !== 'postgres') return;
  // The two-key form: its keys never meet the one-key locks taken elsewhere.
  await sql`select pg_advisory_xact_lock(${INVITATION_LOCK_CLASS}, hashtext(${email}))`.execute(trx);
}

/** A pending invitation with the address of whoever sent it. */
export type PendingInvitation = StaffInvitationRow & { invited_by_email: string | null };

/** Invitations still waiting at `now`: not accepted, not revoked, not expired; oldest first. */
export function listPendingInvitations(db: Db, now: number, email?: string, matching?: string): Promise<PendingInvitation[]> {
  let query = db
    .selectFrom('staff_invitations')
    .leftJoin('users', 'users.id', 'staff_invitations.invited_by')
    .selectAll('staff_invitations')
    .select('users.email as invited_by_email')
    .where('staff_invitations.accepted_at', 'is', null)
    .where('staff_invitations.revoked_at', 'is', null)
    .where('staff_invitations.expires_at', '>', now);
  if (email !== undefined) query = query.where('staff_invitations.email', '=', email);
  if (matching) query = query.where(containsText(['staff_invitations.email'], matching));
  return query.orderBy('staff_invitations.created_at', 'asc').orderBy('staff_invitations.id', 'asc').execute();
}

/** An invitation by its token's hash, whatever its state (the caller tells expired from spent). */
export function findStaffInvitationByTokenHash(db: Db, tokenHash: string): Promise<StaffInvitationRow | undefined> {
  return db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Ends a pending invitation as accepted or revoked, if it still works at
 * `now`, in one conditional update: of two requests racing, only one sees `true`.
 */
async function endPendingInvitation(db: Db, id: number, now: number, end: 'accepted_at' | 'revoked_at'): Promise<boolean> {
  const result = await db
    .updateTable('staff_invitations')
    .set({ [end]: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the invitation accepted; false when it was used, revoked or expired meanwhile. */
export const claimStaffInvitation = (db: Db, id: number, now: number) => endPendingInvitation(db, id, now, 'accepted_at');

/** Revokes a pending invitation; false when there is none with that id still pending. */
export const revokeStaffInvitation = (db: Db, id: number, now: number) => endPendingInvitation(db, id, now, 'revoked_at');

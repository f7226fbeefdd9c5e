/**
 * Sign-in sessions of staff: one row per sign-in, shared as `family_id` by
 * the refresh tokens it rotates through and as `sid` by its access tokens.
 * Ending a session ends both.
 */
import type { Db, StaffSessionRow } from '../schema.ts';

export interface SessionDevice {
  ipAddress: string;
  userAgent: string;
}

/** The longest user agent kept: enough to name a browser, not a place to store a megabyte. */
const MAX_USER_AGENT = 512;

export async function insertStaffSession(
  db: Db,
  session: { id: string; userId: number; now: number } & SessionDevice,
): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.now,
      last_used_at: session.now,
      ip_address: session.ipAddress,
      user_agent: session.userAgent.slice(0, MAX_USER_AGENT),
      revoked_at: null,
    })
    .execute();
}

/**
 * Records a use of the session (a refresh) from `device`. A family from
 * before sessions were kept gets its row now, so it shows in the list.
 */
export async function touchStaffSession(
  db: Db,
  session: { id: string; userId: number; now: number } & SessionDevice,
): Promise<void> {
  const result = await db
    .updateTable('staff_sessions')
    .set({ last_used_at: session.now, ip_address: session.ipAddress, user_agent: session.userAgent.slice(0, MAX_USER_AGENT) })
    .where('id', '=', session.id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) await insertStaffSession(db, session);
}

export function findStaffSession(db: Db, id: string): Promise<StaffSessionRow | undefined> {
  return db.selectFrom('staff_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's sessions still in use: not revoked, with a refresh token that has not expired. */
export function listActiveStaffSessions(db: Db, userId: number, now: number): Promise<StaffSessionRow[]> {
  return db
    .selectFrom('staff_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_tokens')
          .select('refresh_tokens.id')
          .whereRef('refresh_tokens.family_id', '=', 'staff_sessions.id')
          .where('refresh_tokens.revoked_at', 'is', null)
          .where('refresh_tokens.rotated_at', 'is', null)
          .where('refresh_tokens.expires_at', '>', now),
      ),
    )
    .orderBy('last_used_at', 'desc')
    .execute();
}

/** Ends one session: its row and every refresh token of its family. */
export async function revokeStaffSession(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of the user but `keep` (the one asking), when given. */
export async function revokeStaffSessionsOfUser(db: Db, userId: number, now: number, keep?: string): Promise<void> {
  let sessions = db.updateTable('staff_sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  let tokens = db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep) {
    sessions = sessions.where('id', '!=', keep);
    tokens = tokens.where('family_id', '!=', keep);
  }
  await sessions.execute();
  await tokens.execute();
}

/**
 * Whether the user signed in before at all, and before from this device
 * (the same browser at the same address), revoked sessions included.
 */
export async function earlierSignIns(db: Db, userId: number, device: SessionDevice): Promise<{ any: boolean; fromDevice: boolean }> {
  const [any, same] = await Promise.all([
    db.selectFrom('staff_sessions').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst(),
    db
      .selectFrom('staff_sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('ip_address', '=', device.ipAddress)
      .where('user_agent', '=', device.userAgent.slice(0, MAX_USER_AGENT))
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { any: any !== undefined, fromDevice: same !== undefined };
}


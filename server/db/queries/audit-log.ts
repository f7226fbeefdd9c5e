/**
 * The audit log: one row per staff action that changed something, and per
 * sign-in event. Rows are only ever inserted and, after the retention
 * period, pruned; nothing updates them.
 */
import type { Db } from '../schema.ts';

export interface AuditEntry {
  at: number;
  userId: number | null;
  userEmail: string | null;
  ipAddress: string | null;
  /** What was done, as `entity.verb` (`post.update`, `auth.login_failed`). */
  action: string;
  entity?: string | null;
  entityId?: string | number | null;
  versionBefore?: number | null;
  versionAfter?: number | null;
  /** Anything else worth keeping; never a secret, token or password. */
  detail?: Record<string, unknown> | null;
}

export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      created_at: entry.at,
      user_id: entry.userId,
      user_email: entry.userEmail,
      ip_address: entry.ipAddress,
      action: entry.action,
      entity: entry.entity ?? null,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      version_before: entry.versionBefore ?? null,
      version_after: entry.versionAfter ?? null,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}

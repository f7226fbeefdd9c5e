/**
 * The audit log: one row per staff action that changed something, and per
 * sign-in event. Rows are only ever inserted and, after the retention
 * period, pruned; nothing updates them.
 */
import { sql, type Selectable } from 'kysely';
import { containsText } from '../contains-text.ts';
import { fetchNewestFirst, type PageRequest } from '../paging.ts';
import type { AuditLogTable, Db } from '../schema.ts';

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

export interface AuditLogFilter {
  userId?: number | undefined;
  userEmail?: string | undefined;
  /** An exact action, or every action of a family when it ends with a dot (`post.`). */
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  /** Unix seconds, both inclusive. */
  from?: number | undefined;
  to?: number | undefined;
  /** Free text: the action, the address, the entity or its id contains it. */
  q?: string | undefined;
}

export type AuditLogRow = Selectable<AuditLogTable>;

/** One page of entries matching `filter`, newest first. */
export async function listAuditEntries(
  db: Db,
  filter: AuditLogFilter,
  paging: PageRequest,
): Promise<{ rows: AuditLogRow[]; next_token: string | null }> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.userEmail !== undefined) query = query.where('user_email', '=', filter.userEmail);
  if (filter.action !== undefined) {
    const { action } = filter;
    // substr rather than LIKE: the same case-sensitive match on both engines, and no wildcards to escape.
    query = action.endsWith('.')
      ? query.where(sql<boolean>`substr(action, 1, ${sql.lit(action.length)}) = ${action}`)
      : query.where('action', '=', action);
  }
  if (filter.entity !== undefined) query = query.where('entity', '=', filter.entity);
  if (filter.entityId !== undefined) query = query.where('entity_id', '=', filter.entityId);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<=', filter.to);
  if (filter.q !== undefined) query = query.where(containsText(['action', 'user_email', 'entity', 'entity_id'], filter.q));
  return fetchNewestFirst(query, { sort: 'created_at', id: 'id', sortKeyOf: (row) => row.created_at }, paging);
}

/** Deletes entries recorded before `before` (Unix seconds); returns how many. */
export async function pruneAuditEntries(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

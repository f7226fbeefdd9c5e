/**
 * The audit log as the other services and the HTTP layer write it: who did
 * what, from where, to which entity, and its version before and after.
 */
import type { AuditLogEntryJson, AuditLogPage } from '../../../common/answers.ts';
import { AUDIT_LOG_DEFAULT_LIMIT, auditLogQuerySchema } from '../../../common/schemas/audit-log.ts';
import { validate } from '../../../common/validate.ts';
import { nowSeconds } from '../../db/database.ts';
import { decodeCursor } from '../../db/paging.ts';
import { insertAuditEntry, listAuditEntries, type AuditEntry, type AuditLogRow } from '../../db/queries/audit-log.ts';
import type { AppDeps } from '../../deps.ts';

/** An entry as recorded now (the time is the database writer's). */
export type AuditRecord = Omit<AuditEntry, 'at'>;

export function auditLogService({ db }: AppDeps) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await insertAuditEntry(db, { ...entry, at: nowSeconds() });
    },

    /** One page of entries, newest first, from the query parameters of GET /admin/audit-log. */
    async list(query: unknown): Promise<AuditLogPage> {
      const { user_id, user_email, action, entity, entity_id, from, to, q, limit, next_token } = validate(auditLogQuerySchema, query);
      // Refused before the query runs, like every other list's token.
      decodeCursor(next_token);
      const page = await listAuditEntries(
        db,
        { userId: user_id, userEmail: user_email, action, entity, entityId: entity_id, from, to, q },
        { pageSize: limit ?? AUDIT_LOG_DEFAULT_LIMIT, nextToken: next_token ?? null },
      );
      return { entries: page.rows.map(toJson), next_token: page.next_token };
    },
  };
}

function toJson(row: AuditLogRow): AuditLogEntryJson {
  return { ...row, detail: parseDetail(row.detail) };
}

function parseDetail(detail: string | null): Record<string, unknown> | null {
  if (detail === null) return null;
  try {
    const value: unknown = JSON.parse(detail);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export type AuditLogService = ReturnType<typeof auditLogService>;

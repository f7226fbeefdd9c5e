/**
 * The audit log as the other services and the HTTP layer write it: who did
 * what, from where, to which entity, and its version before and after.
 */
import { nowSeconds } from '../db/database.ts';
import { insertAuditEntry, type AuditEntry } from '../db/queries/audit-log.ts';
import type { AppDeps } from '../deps.ts';

/** An entry as recorded now (the time is the database writer's). */
export type AuditRecord = Omit<AuditEntry, 'at'>;

export function auditLogService({ db }: AppDeps) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await insertAuditEntry(db, { ...entry, at: nowSeconds() });
    },
  };
}

export type AuditLogService = ReturnType<typeof auditLogService>;

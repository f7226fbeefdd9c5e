/**
 * GET /admin/audit-log: the audit log, newest first, filtered by who, what
 * and when (common/schemas/audit-log.ts). Read-only: no route changes or
 * deletes an entry; only the retention clean-up forgets old ones.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { AppServices } from '../services/index.ts';

export function adminAuditLogApi({ auditLog }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await auditLog.list(c.req.query())));
  return app;
}

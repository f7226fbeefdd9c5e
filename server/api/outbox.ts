import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.ts';
import { pagingQuerySchema, readIdParam, readQuery } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'stored'] as const;

const listQuerySchema = z
  .object({
    status: z.enum(OUTBOX_STATUSES, { error: `status must be one of ${OUTBOX_STATUSES.join(', ')}` }).optional(),
  })
  .and(pagingQuerySchema);

/**
 * The owner's outbox (the `outbox` family, owner only):
 * GET /admin/outbox: mails newest first, paged, of one `?status=` when given,
 * with the count of each status and whether a mail server is set up;
 * GET /admin/outbox/{id}: one mail, its bodies and the links in it.
 */
export function adminOutboxApi({ outbox }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { status, ...paging } = readQuery(c, listQuerySchema);
    return c.json(await outbox.list({ ...paging, status }));
  });
  app.get('/:id', async (c) => c.json(await outbox.find(readIdParam(c, 'Mail'))));
  return app;
}

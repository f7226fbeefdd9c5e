import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { z } from 'zod';
import { listSearchSchema } from '../../common/schemas/search.ts';
import { SUBSCRIBER_STATUSES } from '../../common/schemas/subscriber.ts';
import { pagingQuerySchema, readIdParam, readJsonObject, readQuery } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/** POST /submissions/newsletter: the signup form. */
export function subscribersApi({ subscribers }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const { status } = await subscribers.subscribe(await readJsonObject(c), callerOf(c), { path: c.req.path });
    // `status` says whether the address waits for its confirmation link. No id: ids are sequential and
    // would tell anyone how many people signed up.
    return c.json({ status, message: 'Successfully subscribed!' }, 201);
  });
  return app;
}

const listQuerySchema = z
  .object({
    status: z.enum(SUBSCRIBER_STATUSES, { error: `status must be one of ${SUBSCRIBER_STATUSES.join(', ')}` }).optional(),
    ...listSearchSchema.shape,
  })
  .and(pagingQuerySchema);

/**
 * The back office's subscribers: GET / (the list, of one `?status=` and
 * matching `?q=` when given, its total and the count of each status), GET /export (every
 * subscriber, for the CSV file), POST /import (a CSV with
 * a consent note), POST /{id}/resend-confirmation (a pending subscriber's
 * link mailed again; the answer says where the mail went),
 * POST /{id}/unsubscribe, DELETE /{id} (erasure).
 */
export function adminSubscribersApi({ subscribers }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const { status, q, ...paging } = readQuery(c, listQuerySchema);
    return c.json(await subscribers.list(paging, status, q));
  });
  // The whole list leaves the site here, so the export is an audit entry of its own.
  app.get('/export', async (c) => {
    const all = await subscribers.exportAll();
    c.set('audit', { action: 'subscriber.export', entity: 'subscriber', detail: { count: all.length } });
    return c.json({ subscribers: all });
  });
  app.post('/import', async (c) => c.json(await subscribers.import(await readJsonObject(c))));
  app.post('/:id/resend-confirmation', async (c) => c.json(await subscribers.resendConfirmation(readIdParam(c, 'Subscriber'))));
  app.post('/:id/unsubscribe', async (c) => {
    await subscribers.unsubscribeById(readIdParam(c, 'Subscriber'));
    return c.body(null, 204);
  });
  app.delete('/:id', async (c) => {
    await subscribers.erase(readIdParam(c, 'Subscriber'));
    return c.body(null, 204);
  });
  return app;
}

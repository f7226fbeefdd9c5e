/**
 * The back office's newsletter issues: GET/POST /admin/newsletters,
 * GET /admin/newsletters/audience (who a "Send now" would reach),
 * POST /admin/newsletters/ending-soon (a draft of the live campaigns ending
 * within 7 days; 409 NO_ENDING_CAMPAIGNS when none does),
 * GET/PUT/DELETE /admin/newsletters/{id}, and POST …/preview, …/{id}/test,
 * …/{id}/send (202: the sending runs in the background) and …/{id}/cancel.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import { readIdParam, readJsonObject } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

const LABEL = 'Newsletter issue';

export function adminNewslettersApi({ newsletters }: AppServices) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => c.json({ issues: await newsletters.list(), delivery: newsletters.delivery() }));
  app.post('/', async (c) => c.json(await newsletters.create(await readJsonObject(c)), 201));
  app.get('/audience', async (c) => c.json(await newsletters.audience()));
  app.post('/ending-soon', async (c) => c.json(await newsletters.draftEndingSoon(), 201));
  // Unsaved values, as the composer shows them while they are typed.
  app.post('/preview', async (c) => c.json(await newsletters.preview(await readJsonObject(c))));
  app.get('/:id', async (c) => c.json(await newsletters.get(readIdParam(c, LABEL))));
  app.put('/:id', async (c) => {
    const id = readIdParam(c, LABEL);
    return c.json(await newsletters.update(id, await readJsonObject(c)));
  });
  app.delete('/:id', async (c) => {
    await newsletters.remove(readIdParam(c, LABEL));
    return c.body(null, 204);
  });
  app.post('/:id/test', async (c) => {
    const id = readIdParam(c, LABEL);
    return c.json(await newsletters.sendTest(id, await readJsonObject(c)));
  });
  app.post('/:id/send', async (c) => {
    const id = readIdParam(c, LABEL);
    // No body at all sends now.
    const hasBody =
      c.req.header('content-type') !== undefined ||
      c.req.header('transfer-encoding') !== undefined ||
      Number(c.req.header('content-length') ?? '0') > 0;
    const body = hasBody ? await readJsonObject(c) : {};
    return c.json(await newsletters.send(id, body), 202);
  });
  app.post('/:id/cancel', async (c) => c.json(await newsletters.cancel(readIdParam(c, LABEL))));

  return app;
}

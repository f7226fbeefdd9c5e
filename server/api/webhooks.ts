import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import { readIdParam, readJsonObject } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/**
 * /admin/webhooks: the owner's webhook endpoints (the `settings`
 * permission), their delivery logs, "Send a test event" and "Resend". The
 * secret is in the create's answer only.
 */
export function adminWebhooksApi({ webhooks }: AppServices) {
  const app = new Hono<AppEnv>();
  const endpointId = (c: Parameters<typeof readIdParam>[0]) => readIdParam(c, 'Webhook endpoint');
  app.get('/', async (c) => c.json(await webhooks.list()));
  app.post('/', async (c) => c.json(await webhooks.create(await readJsonObject(c)), 201));
  app.put('/:id', async (c) => {
    const id = endpointId(c);
    return c.json(await webhooks.update(id, await readJsonObject(c)));
  });
  app.delete('/:id', async (c) => {
    await webhooks.remove(endpointId(c));
    return c.body(null, 204);
  });
  app.get('/:id/deliveries', async (c) => c.json(await webhooks.deliveries(endpointId(c))));
  app.post('/:id/test', async (c) => c.json(await webhooks.sendTest(endpointId(c)), 202));
  app.post('/:id/deliveries/:deliveryId/resend', async (c) => {
    const id = endpointId(c);
    return c.json(await webhooks.resend(id, readIdParam(c, 'Delivery', 'deliveryId')), 202);
  });
  return app;
}

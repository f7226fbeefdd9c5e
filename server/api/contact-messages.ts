import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { pagingQuerySchema, readIdParam, readJsonObject, readQuery } from '../http/input.ts';
import { contactListFilterSchema } from '../services/site/contact-messages.ts';
import type { AppServices } from '../services/index.ts';
import { notFound } from '../../common/errors.ts';

/** POST /submissions/contact: the contact form. */
export function contactMessagesApi({ contactMessages }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const { id } = await contactMessages.send(await readJsonObject(c), callerOf(c));
    return c.json({ id, message: "Message sent! We'll get back to you as soon as possible." }, 201);
  });
  return app;
}

/** /admin/submissions/contact: read the inbox (a tab by `status`, searched with `q`), mark messages read. */
export function adminContactMessagesApi({ contactMessages }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await contactMessages.list(readQuery(c, contactListFilterSchema.and(pagingQuerySchema)))));
  app.get('/:id', async (c) => {
    const message = await contactMessages.find(readIdParam(c, 'Contact message'));
    if (!message) throw notFound('Contact message not found');
    return c.json(message);
  });
  app.patch('/:id', async (c) => {
    const id = readIdParam(c, 'Contact message');
    return c.json(await contactMessages.changeStatus(id, await readJsonObject(c)));
  });
  return app;
}

import { Hono } from 'hono';
import { z } from 'zod';
import { contactMessageSchema, contactMessageStatusSchema } from '../../app/lib/schemas/contact-message.ts';
import {
  countContactMessagesByStatus,
  findContactMessageById,
  insertContactMessage,
  listContactMessages,
  updateContactMessageStatus,
} from '../db/queries/contact-messages.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { clientIp } from '../http/client-ip.ts';
import { pagingQuerySchema } from '../http/cursor.ts';
import { ApiError, notFound, versionConflict } from '../http/errors.ts';
import { readIdParam, readJson, readQuery } from '../http/input.ts';
import { hitRateLimit, tooManyRequests } from '../http/rate-limit.ts';

/** POST /submissions/contact: the contact form. */
export function contactMessagesApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const input = await readJson(c, contactMessageSchema);
    const limit = await hitRateLimit(deps.db, deps.rateLimits.contactPerIp, clientIp(c, deps.config.TRUST_PROXY));
    if (!limit.allowed) throw tooManyRequests(limit);
    const message = await insertContactMessage(deps.db, input);
    return c.json({ id: message.id, message: "Message sent! We'll get back to you as soon as possible." }, 201);
  });
  return app;
}

const adminListQuery = z
  .object({ status: z.enum(['new', 'read'], { error: 'status must be new or read' }).optional() })
  .and(pagingQuerySchema);

/** /admin/submissions/contact: read the inbox, mark messages read. */
export function adminContactMessagesApi({ db }: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = readQuery(c, adminListQuery);
    const [page, counts] = await Promise.all([
      listContactMessages(db, query),
      countContactMessagesByStatus(db),
    ]);
    return c.json({ ...page, counts });
  });

  app.get('/:id', async (c) => {
    const message = await findContactMessageById(db, readIdParam(c, 'Contact message'));
    if (!message) throw notFound('Contact message not found');
    return c.json(message);
  });

  app.patch('/:id', async (c) => {
    const id = readIdParam(c, 'Contact message');
    const { status, version } = await readJson(c, contactMessageStatusSchema);
    const updated = await db.transaction().execute(async (trx) => {
      const current = await findContactMessageById(trx, id);
      if (!current) throw notFound('Contact message not found');
      if (current.version !== version) throw versionConflict('message');
      // SPEC.md section 4: new → read through 'Mark Read', and no way back.
      if (!(current.status === 'new' && status === 'read')) {
        throw new ApiError(
          409,
          'INVALID_STATUS_TRANSITION',
          current.status === status
            ? `This message is already marked ${status}`
            : `A message cannot go from ${current.status} to ${status}`,
        );
      }
      const result = await updateContactMessageStatus(trx, id, status, version);
      if (!result) throw versionConflict('message');
      return result;
    });
    return c.json(updated);
  });

  return app;
}

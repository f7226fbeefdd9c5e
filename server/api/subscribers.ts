import { Hono } from 'hono';
import { subscriberSchema } from '../../app/lib/schemas/subscriber.ts';
import { countSubscribers, insertSubscriber, listSubscribers } from '../db/queries/subscribers.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { clientIp } from '../http/client-ip.ts';
import { pagingQuerySchema } from '../http/cursor.ts';
import { ApiError } from '../http/errors.ts';
import { readJson, readQuery } from '../http/input.ts';
import { hitRateLimit, tooManyRequests } from '../http/rate-limit.ts';

/** POST /submissions/newsletter: the signup form. */
export function subscribersApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    const { email } = await readJson(c, subscriberSchema);
    const limit = await hitRateLimit(
      deps.db,
      deps.rateLimits.newsletterPerIp,
      clientIp(c, deps.config.TRUST_PROXY),
    );
    if (!limit.allowed) throw tooManyRequests(limit);
    const subscriber = await insertSubscriber(deps.db, email);
    // The client shows 'Already subscribed' for a message containing 'already'.
    if (!subscriber) throw new ApiError(409, 'ALREADY_SUBSCRIBED', 'This email is already subscribed');
    return c.json({ id: subscriber.id, message: 'Successfully subscribed!' }, 201);
  });
  return app;
}

/** GET /admin/submissions/newsletter: the subscriber list and its total. */
export function adminSubscribersApi({ db }: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const query = readQuery(c, pagingQuerySchema);
    const [page, total] = await Promise.all([listSubscribers(db, query), countSubscribers(db)]);
    return c.json({ ...page, total });
  });
  return app;
}

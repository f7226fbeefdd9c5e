import { Hono } from 'hono';
import type { AppEnv } from '../deps.ts';
import type { CallerOf } from '../http/client-ip.ts';
import { readIdParam, readJsonObject, readTextParam } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

/**
 * POST /posts/{slug}/follow: a reader follows the post's campaign by
 * e-mail (decision 097). 202 with the same answer for every address; 409
 * NOT_FOLLOWABLE when there is no campaign to follow any more.
 */
export function followsApi({ follows }: AppServices, callerOf: CallerOf) {
  const app = new Hono<AppEnv>();
  app.post('/:slug/follow', async (c) => {
    const answer = await follows.follow(readTextParam(c, 'slug', 'Post'), await readJsonObject(c), callerOf(c));
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 202);
  });
  return app;
}

/** GET /admin/follows/{postId}/export: the campaign's confirmed followers as CSV (owners and admins). */
export function adminFollowsApi({ follows }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/:postId/export', async (c) => {
    const csv = await follows.followersCsv(readIdParam(c, 'Post', 'postId'));
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="followers.csv"' });
  });
  return app;
}

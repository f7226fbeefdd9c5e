/**
 * Authors over HTTP:
 * GET /authors/{slug}: the public profile and one page of its live posts (`?next_token=`, `?limit=`);
 * GET and PUT /admin/account/author: one's own profile (every role);
 * GET and PUT /admin/users/{id}/author: anyone's (owners and administrators, the `authors` family);
 * GET /admin/authors: every member of staff, for the post editor's Author picker (the `content` family).
 */
import { Hono } from 'hono';
import { notFound } from '../../common/errors.ts';
import { nextChangeOfAll } from '../../common/campaign.ts';
import type { AppEnv } from '../deps.ts';
import { PUBLIC_READ_CACHE_CONTROL } from '../http/public-reads.ts';
import { expireAnswerAt } from '../freshness/answer-marks.ts';
import { pagingQuerySchema, readIdParam, readJsonObject, readQuery, readTextParam } from '../http/input.ts';
import type { AppServices } from '../services/index.ts';

export function publicAuthorsApi({ authors }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/:slug', async (c) => {
    const found = await authors.findPage(readTextParam(c, 'slug', 'Author'), readQuery(c, pagingQuerySchema));
    if (!found) throw notFound('Author not found');
    const { id: _id, ...page } = found;
    const response = c.json(page);
    // Its posts' campaigns change with the clock: no kept copy outlives the next change (decision 062).
    const at = nextChangeOfAll(page.posts.map((post) => post.campaign), Math.floor(Date.now() / 1000));
    if (at !== null) {
      response.headers.set('Cache-Control', PUBLIC_READ_CACHE_CONTROL);
      expireAnswerAt(response.headers, at);
    }
    return response;
  });
  return app;
}

export function adminAccountAuthorApi({ authors }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await authors.profileOf(c.get('staff').userId)));
  app.put('/', async (c) => {
    const userId = c.get('staff').userId;
    const saved = await authors.saveProfile(userId, await readJsonObject(c));
    c.set('audit', { action: 'account.author_changed', entity: 'user', entityId: userId });
    return c.json(saved);
  });
  return app;
}

export function adminUserAuthorApi({ authors }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/:id/author', async (c) => c.json(await authors.profileOf(readIdParam(c, 'User'))));
  app.put('/:id/author', async (c) => {
    const id = readIdParam(c, 'User');
    const saved = await authors.saveProfile(id, await readJsonObject(c));
    c.set('audit', { action: 'user.author_change', entity: 'user', entityId: id });
    return c.json(saved);
  });
  return app;
}

export function adminAuthorChoicesApi({ authors }: AppServices) {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ authors: await authors.choices() }));
  return app;
}

/**
 * Preview links of drafts and scheduled items: made (201 with the address
 * and its expiry), listed while they work, revoked one by one or all at
 * once; refused for a live item; for posts and resources alike. Runs on
 * SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { serverWithAnotherKey, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
let counter = 0;

async function create(kind: 'posts' | 'resources', status: 'draft' | 'published', publishedAt?: number) {
  counter += 1;
  const response = await t.request('POST', `/admin/${kind}`, {
    token: await t.adminToken(),
    body: {
      title: `Preview me ${counter}`,
      slug: `preview-me-${kind}-${counter}`,
      content: 'Not yet.',
      status,
      ...(publishedAt ? { published_at: publishedAt } : {}),
      ...(kind === 'posts' ? { category_ids: [] } : {}),
    },
  });
  expect(response.status).toBe(201);
  return response.body.id as number;
}

const call = async (method: string, path: string) => t.request(method, path, { token: await t.adminToken() });

describe.each(['posts', 'resources'] as const)('preview links of %s', (kind) => {
  it('makes a link valid for 7 days to a draft, lists it, and revokes it', async () => {
    const id = await create(kind, 'draft');
    const made = await call('POST', `/admin/${kind}/${id}/preview-links`);
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/^http:\/\/localhost\/preview\/[\w-]{43}$/);
    expect(made.body.expires_at - made.body.created_at).toBe(7 * 24 * 60 * 60);

    const listed = await call('GET', `/admin/${kind}/${id}/preview-links`);
    expect(listed.body.links).toEqual([{ id: made.body.id, created_at: made.body.created_at, expires_at: made.body.expires_at }]);
    // Only a hash of the token is stored.
    const token = made.body.url.split('/').pop();
    const rows = await t.handle.db.selectFrom('preview_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await call('DELETE', `/admin/${kind}/${id}/preview-links/${made.body.id}`)).status).toBe(204);
    expect((await call('GET', `/admin/${kind}/${id}/preview-links`)).body.links).toEqual([]);
    expect((await call('DELETE', `/admin/${kind}/${id}/preview-links/${made.body.id}`)).status).toBe(404);
  });

  it('opens by the hash of its token alone, on a server holding another key too', async () => {
    const id = await create(kind, 'draft');
    const made = await call('POST', `/admin/${kind}/${id}/preview-links`);

    const opened = await serverWithAnotherKey(t).services.previewLinks.open(made.body.url.split('/').pop());

    expect(opened && (opened.kind === 'post' ? opened.post.id : opened.resource.id)).toBe(id);
  });

  it('works for a scheduled item, is refused for a live one, and revokes all at once', async () => {
    const scheduled = await create(kind, 'published', Math.floor(Date.now() / 1000) + 3600);
    expect((await call('POST', `/admin/${kind}/${scheduled}/preview-links`)).status).toBe(201);
    expect((await call('POST', `/admin/${kind}/${scheduled}/preview-links`)).status).toBe(201);
    expect((await call('DELETE', `/admin/${kind}/${scheduled}/preview-links`)).status).toBe(204);
    expect((await call('GET', `/admin/${kind}/${scheduled}/preview-links`)).body.links).toEqual([]);

    const live = await create(kind, 'published');
    const refused = await call('POST', `/admin/${kind}/${live}/preview-links`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('is published: share its address instead of a preview');
    expect((await call('POST', `/admin/${kind}/999999/preview-links`)).status).toBe(404);
  });

  it('refuses the routes without a token', async () => {
    const id = await create(kind, 'draft');
    expect((await t.request('POST', `/admin/${kind}/${id}/preview-links`)).status).toBe(401);
    expect((await t.request('DELETE', `/admin/${kind}/${id}/preview-links`)).status).toBe(401);
  });
});

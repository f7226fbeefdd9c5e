/**
 * Scheduled items through the API, on SQLite and PostgreSQL: a published
 * item whose time is ahead is left out of every public read and listed as
 * scheduled in the back office; once its time has come it is live, and the
 * content fingerprint the page caches read has changed with no write.
 */
import { describe, expect, it } from 'vitest';
import { readContentFingerprint } from '../../server/freshness/content-changes.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

describe.each(['posts', 'resources'] as const)('scheduled %s', (kind) => {
  it('stay out of public reads until their time, then appear without a write', async () => {
    const token = await t.adminToken();
    const slug = `later-${kind}-${Date.now()}`;
    const ahead = Math.floor(Date.now() / 1000) + 3600;
    const created = await t.request('POST', `/admin/${kind}`, {
      token,
      body: { title: 'Later', slug, content: 'Soon.', status: 'published', published_at: ahead, ...(kind === 'posts' ? { category_ids: [] } : {}) },
    });
    expect(created.status).toBe(201);
    expect(created.body.published_at).toBe(ahead);

    const slugsOf = async (path: string) => ((await t.request('GET', path, { token })).body[kind] as { slug: string }[]).map((item) => item.slug);
    expect(await slugsOf(`/${kind}?pageSize=100`)).not.toContain(slug);
    expect((await t.request('GET', `/${kind}/${slug}`)).status).toBe(404);
    expect(await slugsOf(`/admin/${kind}?state=scheduled&limit=100`)).toContain(slug);
    expect(await slugsOf(`/admin/${kind}?state=published&limit=100`)).not.toContain(slug);
    expect(await slugsOf(`/admin/${kind}?limit=100`)).toContain(slug);

    // Its time comes: moved back here, as the clock would move forward.
    await t.handle.db
      .updateTable(kind)
      .set({ published_at: Math.floor(Date.now() / 1000) - 1 })
      .where('id', '=', created.body.id)
      .execute();
    expect(await slugsOf(`/${kind}?pageSize=100`)).toContain(slug);
    expect((await t.request('GET', `/${kind}/${slug}`)).status).toBe(200);
    expect(await slugsOf(`/admin/${kind}?state=scheduled&limit=100`)).not.toContain(slug);
  });
});

it('counts live items in the fingerprint, so a scheduled item going live changes it', async () => {
  const token = await t.adminToken();
  const soon = Math.floor(Date.now() / 1000) + 2;
  await t.request('POST', '/admin/posts', {
    token,
    body: { title: 'Soon', slug: `soon-${Date.now()}`, content: 'x', status: 'published', published_at: soon, category_ids: [] },
  });
  const before = await readContentFingerprint(t.handle.db);
  await new Promise((resolve) => setTimeout(resolve, (soon + 1) * 1000 - Date.now() + 100));
  expect(await readContentFingerprint(t.handle.db)).not.toBe(before);
});

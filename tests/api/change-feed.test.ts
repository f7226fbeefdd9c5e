/**
 * The one reader of what every server wrote (docs/architecture.md,
 * "Freshness"): one reading of the fingerprint and the change feed serves
 * every cache of a server, each from its own position.
 */
import { describe, expect, it } from 'vitest';
import { ChangeFeed, type FeedChange } from '../../server/freshness/change-feed.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

async function createPost(slug: string): Promise<{ id: number; version: number }> {
  const answer = await t.request('POST', '/admin/posts', {
    token: await t.adminToken(),
    body: { title: slug, slug, excerpt: 'A post.', content: 'Text.', cover_image: null, status: 'published', read_time: 1, category_ids: [] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const touchedOf = (change: FeedChange | undefined) => (change && !change.settings ? change.touched : undefined);

describe('the change feed', () => {
  it('reads once per interval, whoever asks, and tells each cache what changed after its position', async () => {
    const feed = new ChangeFeed(t.deps.db);
    const start = (await feed.check(60_000)).position;
    const post = await createPost('fed-post');
    // Within the interval: the reading made before the write.
    expect((await feed.check(60_000)).position).toBe(start);
    const { position } = await feed.check(0);
    expect(position).toBe(start + 1);
    const [change] = feed.since(start);
    expect([...(touchedOf(change) ?? [])]).toContain(`post:${post.id}`);
    // A cache that has taken it is told nothing more.
    expect(feed.since(position)).toEqual([]);
  });

  it('tells a change of the settings, and a change of posts no write described as touching anything', async () => {
    const feed = new ChangeFeed(t.deps.db);
    const token = await t.adminToken();
    const start = (await feed.check(0)).position;
    const site = (await t.request('GET', '/admin/settings/site', { token })).body as Record<string, unknown>;
    const { privacy_policy_updated: _p, terms_updated: _t, ...values } = site;
    const saved = await t.request('PUT', '/admin/settings/site', { token, ip: freshIp(), body: { ...values, site_name: 'Fed Showcase' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await feed.check(0);
    expect(feed.since(start)).toEqual([{ settings: true }]);

    const post = await createPost('fed-by-hand');
    const afterPost = (await feed.check(0)).position;
    await t.deps.db.updateTable('posts').set({ title: 'Edited by hand', version: post.version + 1 }).where('id', '=', post.id).execute();
    await feed.check(0);
    expect(feed.since(afterPost)).toEqual([{ touched: null, unexplained: true }]);
  });

  it('tells a cache too far behind that anything may have changed', async () => {
    const feed = new ChangeFeed(t.deps.db);
    const start = (await feed.check(0)).position;
    for (let n = 0; n < 260; n += 1) {
      await t.deps.contentChanges.write(t.deps.db, new Set([`post:${n}`]), async () => undefined);
      await feed.check(0);
    }
    expect(feed.since(start)).toEqual([{ touched: null, unexplained: false }]);
  });
});

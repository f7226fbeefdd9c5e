/**
 * The demo content of a fresh install (decision 053): raster covers of the
 * site's own (a WebP file of 1200×675 for every post and resource), posts
 * that say they are demo reviews, and one removal, the owner's, that takes
 * exactly the seeded items.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DemoContentJson, PostJson } from '../../common/answers.ts';
import { estimateReadTime } from '../../common/read-time.ts';
import { seedDemoContent } from '../../server/db/seed-demo.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
let covers: string[] = [];

beforeAll(async () => {
  await t.handle.db.transaction().execute((trx) => seedDemoContent(trx));
  const posts = await t.handle.db.selectFrom('posts').select('cover_image').execute();
  const resources = await t.handle.db.selectFrom('resources').select('cover_image').execute();
  covers = [...posts, ...resources].map((row) => row.cover_image ?? '');
});

describe('the demo content', () => {
  it('has a distinct WebP cover of 1200×675 on disk for each item', async () => {
    expect(covers.length).toBeGreaterThanOrEqual(10);
    expect(new Set(covers).size).toBe(covers.length);
    for (const cover of covers) {
      expect(cover).toMatch(/^\/images\/demo\/[a-z-]+\.webp$/);
      const bytes = await readFile(path.join('public', cover));
      expect(await sharp(bytes).metadata(), cover).toMatchObject({ format: 'webp', width: 1200, height: 675 });
      expect(bytes.length, cover).toBeLessThan(100 * 1024);
    }
  });

  it('keeps the SVG covers that sites seeded before still point at', async () => {
    for (const cover of covers) {
      const svg = await readFile(path.join('public', cover.replace(/\.webp$/, '.svg')), 'utf8');
      expect(svg).toMatch(/^<svg /);
    }
  });
});

describe('the demo posts', () => {
  it('carry campaigns in every state a first visit should see: live ones ending at different times, one funded and over, one ended short, one upcoming', async () => {
    const answer = await t.request('GET', '/posts?status=published&pageSize=50');
    expect(answer.status).toBe(200);
    const campaigns = (answer.body.posts as { campaign: { state: string; badges: string[]; seconds_left: number | null } | null }[]).map(
      (post) => post.campaign,
    );
    expect(campaigns.every((campaign) => campaign !== null)).toBe(true);
    const badges = campaigns.map((campaign) => campaign?.badges ?? []);
    expect(campaigns.filter((campaign) => campaign?.state === 'live').length).toBeGreaterThanOrEqual(3);
    expect(badges.filter((each) => each.includes('ending_soon')).length).toBeGreaterThanOrEqual(1);
    expect(badges.filter((each) => each.includes('just_launched')).length).toBeGreaterThanOrEqual(1);
    expect(badges).toContainEqual(['funded', 'ended']);
    expect(badges).toContainEqual(['ended']);
    expect(badges).toContainEqual(['pre_launch']);
    // Live ones end at different times: the home band and /ending-soon have an order to show.
    const left = campaigns.filter((campaign) => campaign?.state === 'live').map((campaign) => campaign?.seconds_left);
    expect(new Set(left).size).toBe(left.length);
  });

  it('start with a history of a few weeks where there are pledges, so the pledges chart shows on the first visit', async () => {
    const answer = await t.request('GET', '/posts?status=published&pageSize=50');
    const posts = answer.body.posts as { slug: string; campaign: { pledged: number | null; launched_at: number; ends_at: number } }[];
    const withPledges = posts.filter((post) => post.campaign.pledged !== null);
    expect(withPledges.length).toBeGreaterThanOrEqual(5);
    for (const post of withPledges) {
      const history = await t.request('GET', `/posts/${post.slug}/campaign/history`);
      const points = history.body.points as { at: number; pledged: number }[];
      expect(points.length, post.slug).toBeGreaterThanOrEqual(10);
      // From the launch to the stored figures, never falling on the way.
      expect(points[0]?.at, post.slug).toBe(post.campaign.launched_at);
      expect(points.at(-1)?.pledged, post.slug).toBe(post.campaign.pledged);
      expect(points.every((point, index) => index === 0 || point.pledged >= (points[index - 1]?.pledged ?? 0)), post.slug).toBe(true);
    }
    const longest = Math.max(...withPledges.map((post) => post.campaign.ends_at - post.campaign.launched_at));
    expect(longest).toBeGreaterThanOrEqual(21 * 24 * 3600);
  });

  it('say they are demo reviews, link to project pages and carry the read time the editor would estimate', async () => {
    const posts = await t.handle.db.selectFrom('posts').select(['title', 'content', 'campaign_url', 'read_time']).execute();
    expect(posts.length).toBeGreaterThanOrEqual(5);
    for (const post of posts) {
      expect(post.title).toMatch(/^Demo: /);
      expect(post.content).toMatch(/^\*Demo review: this campaign and its makers are invented/);
      expect(post.campaign_url).toMatch(/^https:\/\/www\.(kickstarter\.com\/projects\/[a-z0-9-]+|indiegogo\.com\/projects)\/[a-z0-9-]+$/);
      expect(post.read_time).toBe(estimateReadTime(post.content));
    }
    const resources = await t.handle.db.selectFrom('resources').select(['content', 'read_time']).execute();
    for (const resource of resources) expect(resource.read_time).toBe(estimateReadTime(resource.content));
  });

  it('read as real reviews: the idea, who is behind it, the rewards, the risks and our take, in 4 to 6 minutes', async () => {
    const posts = await t.handle.db.selectFrom('posts').select(['slug', 'content', 'read_time']).execute();
    for (const post of posts) {
      const headings = [...post.content.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
      expect(headings[0], post.slug).toBe('The idea');
      expect(headings, post.slug).toContain('Who is behind it');
      expect(headings, post.slug).toContain('The rewards');
      expect(headings.some((heading) => heading?.startsWith('The risks')), post.slug).toBe(true);
      expect(headings.at(-1), post.slug).toBe('Our take');
      expect(post.read_time, post.slug).toBeGreaterThanOrEqual(4);
      expect(post.read_time, post.slug).toBeLessThanOrEqual(6);
    }
  });

  it('carry the verdict their review reaches and their campaigns\' basics, through the public answers a reader gets', async () => {
    const slugs = await t.handle.db.selectFrom('posts').select('slug').execute();
    const verdicts = new Set<string>();
    for (const { slug } of slugs) {
      const answer = await t.request<PostJson>('GET', `/posts/${slug}`);
      expect(answer.status, slug).toBe(200);
      const post = answer.body;
      expect(post.review, slug).not.toBeNull();
      verdicts.add(post.review?.verdict ?? '');
      expect(post.review?.take.length, slug).toBeGreaterThan(40);
      expect(post.review?.risks.length, slug).toBeGreaterThanOrEqual(2);
      expect(post.campaign?.creator_name, slug).toBeTruthy();
      expect(post.campaign?.delivery_estimate ?? '2000-01', slug).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
    }
    // Not every demo campaign is a "Back it": the verdicts differ as the reviews do.
    expect([...verdicts].sort()).toEqual(['back_it', 'wait', 'worth_watching']);
  });
});

describe('removing the demo content', () => {
  const PASSWORD = 'a long enough admin password';
  let ownPostId = 0;

  beforeAll(async () => {
    await t.createUserWithRole('demo-admin@example.com', PASSWORD, 'admin');
    const created = await t.request<{ id: number }>('POST', '/admin/posts', {
      token: await t.adminToken(),
      body: { title: 'The owner’s own review', slug: 'owners-own-review', content: 'Written by the owner.', status: 'published', category_ids: ['tech'] },
    });
    expect(created.status).toBe(201);
    ownPostId = created.body.id;
  });

  it('lists the seeded items alone, to every member of staff, and never flags them in the content answers', async () => {
    const answer = await t.request<DemoContentJson>('GET', '/admin/demo-content', { token: await t.adminToken() });
    expect(answer.status).toBe(200);
    const seededPosts = await t.handle.db.selectFrom('posts').select(['id', 'title']).where('demo', '=', 1).orderBy('id', 'desc').execute();
    expect(answer.body.posts).toEqual(seededPosts);
    expect(answer.body.posts.map((post) => post.id)).not.toContain(ownPostId);
    expect(answer.body.resources).toHaveLength(3);
    const one = await t.request<Record<string, unknown>>('GET', `/admin/resources/${answer.body.resources[0]?.id}`, { token: await t.adminToken() });
    expect(one.body).not.toHaveProperty('demo');
  });

  it('is refused to an administrator, and changes nothing', async () => {
    const admin = (await t.login('demo-admin@example.com', PASSWORD)).access_token;
    expect((await t.request('GET', '/admin/demo-content', { token: admin })).status).toBe(200);
    const refused = await t.request('DELETE', '/admin/demo-content', { token: admin, ip: freshIp() });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'FORBIDDEN' });
    expect(await t.handle.db.selectFrom('posts').select('id').where('demo', '=', 1).execute()).not.toEqual([]);
  });

  it('removes exactly the seeded posts and resources for the owner, with their slugs, and keeps the owner’s own', async () => {
    const removed = await t.request('DELETE', '/admin/demo-content', { token: await t.adminToken(), ip: freshIp() });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ posts: 7, resources: 3 });
    expect(await t.handle.db.selectFrom('posts').select('id').execute()).toEqual([{ id: ownPostId }]);
    expect(await t.handle.db.selectFrom('resources').select('id').execute()).toEqual([]);
    const slugs = await t.handle.db.selectFrom('content_slugs').select('slug').execute();
    expect(slugs).toEqual([{ slug: 'owners-own-review' }]);
    expect((await t.request('GET', '/posts/solar-backpack-that-charges-your-laptop')).status).toBe(404);
    const entry = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'demo_content.remove').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail ?? 'null')).toEqual({ posts: 7, resources: 3 });
    expect((await t.request<DemoContentJson>('GET', '/admin/demo-content', { token: await t.adminToken() })).body).toEqual({ posts: [], resources: [] });
  });
});

/**
 * The CDN in front purged exactly (decision 098), on both engines (the api
 * and api-postgres projects), against a local stand-in of Fastly's API:
 * each write enqueues one durable purge job in its transaction, run once
 * however many servers look; a failed purge is retried later and shown to
 * owners; a countdown that flips purges its pages at that second; "Purge
 * everything" is the owner's. With no CDN configured nothing is enqueued.
 */
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CdnStatusJson } from '../../common/cdn.ts';
import { nowSeconds } from '../../server/db/database.ts';
import { listKeptPathsShowing } from '../../server/db/queries/cdn-purges.ts';
import { DEFAULT_JOBS_OPTIONS, Jobs } from '../../server/jobs/jobs.ts';
import { SECOND_PURGE_SECONDS } from '../../server/services/site/cdn.ts';
import { fastlyStandIn, STAND_IN_SERVICE, STAND_IN_TOKEN } from '../helpers/cdn-stand-ins.ts';
import { createPost } from '../helpers/posts.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const fastly = await fastlyStandIn();
afterAll(() => fastly.close());
afterEach(() => {
  vi.useRealTimers();
});

const METRICS_TOKEN = 'cdn-metrics-token-0123456789abcdef0123';
const t = useTestApp({
  env: { METRICS_TOKEN, NEWSLETTER_DOUBLE_OPT_IN: 'false', CDN_PURGE: 'fastly', CDN_PURGE_SERVICE_ID: STAND_IN_SERVICE, CDN_PURGE_TOKEN: STAND_IN_TOKEN, CDN_PURGE_API_URL: fastly.url },
});

const purgeJobs = () => t.handle.db.selectFrom('jobs').selectAll().where('kind', '=', 'cdn-purge').orderBy('id').execute();
const keysPurged = () => fastly.purges.filter((purge) => purge.path.endsWith('/purge')).map((purge) => String(purge.headers['surrogate-key']));
const status = async () => (await t.request<CdnStatusJson>('GET', '/admin/cdn', { token: await t.adminToken() })).body;

/** Moves the clock the jobs read (and nothing else) by `seconds`. */
function advance(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

/** Runs the second purge of the writes so far, then forgets every purge seen. */
async function afterSecondPurges() {
  await t.deps.jobs.whenIdle();
  advance(SECOND_PURGE_SECONDS + 1);
  await t.deps.jobs.whenIdle();
  fastly.purges.length = 0;
}

beforeAll(async () => {
  await t.deps.jobs.whenIdle();
});

describe('a CDN purged on each write', () => {
  it('two jobs per write, in its transaction, purging exactly its tags at once and again a few seconds later', async () => {
    await afterSecondPurges();
    const before = (await purgeJobs()).length;
    const post = await createPost(t);
    expect((await purgeJobs()).length).toBe(before + 2);
    await t.deps.jobs.whenIdle();
    expect(keysPurged()).toHaveLength(1);
    const [keys] = keysPurged();
    expect(keys?.split(' ')).toEqual(expect.arrayContaining([`post-${post.id}`, 'latest-posts', 'post-order', 'any-write']));
    expect(keys?.split(' ')).not.toContain('all');
    // Again once another server can no longer be answering from what it read before the write.
    advance(SECOND_PURGE_SECONDS + 1);
    await t.deps.jobs.whenIdle();
    expect(keysPurged()).toEqual([keys, keys]);
    expect(fastly.purges.every((purge) => purge.headers['fastly-soft-purge'] === '1')).toBe(true);
    // A write that may touch anything (the site's settings) purges every tagged answer.
    fastly.purges.length = 0;
    const token = await t.adminToken();
    const site = await t.request('GET', '/admin/settings/site', { token });
    expect((await t.request('PUT', '/admin/settings/site', { token, body: { ...site.body, site_name: 'Purged Gadgets' } })).status).toBe(200);
    await t.deps.jobs.whenIdle();
    expect(keysPurged()).toEqual(['all']);
    await afterSecondPurges();
  });

  it('is run by one server however many look', async () => {
    await t.deps.jobs.whenIdle();
    fastly.purges.length = 0;
    const logger = pino({ level: 'silent' });
    const servers = [0, 1, 2].map(() => new Jobs({ db: t.handle.db, engine: t.handle.engine, logger }, DEFAULT_JOBS_OPTIONS));
    for (const server of servers) for (const kind of t.services.cdn.jobKinds) server.register(kind);
    // The writes' own process does not run them: the three others race for them.
    await t.deps.jobs.stop(1000);
    try {
      const posts = [await createPost(t), await createPost(t)];
      await Promise.all(servers.map((server) => server.whenIdle()));
      const purged = keysPurged();
      // Two writes, each purged at once; their second purges are not due yet.
      expect(purged).toHaveLength(2);
      for (const post of posts) expect(purged.filter((keys) => keys.split(' ').includes(`post-${post.id}`))).toHaveLength(1);
    } finally {
      t.deps.jobs.start();
    }
    await afterSecondPurges();
  });

  it('retries a failed purge later, and shows owners the failure and then the purge', async () => {
    await afterSecondPurges();
    fastly.failNext(1);
    const post = await createPost(t);
    await t.deps.jobs.whenIdle();
    // The first of the write's two jobs: the second is not due yet.
    const [job] = (await purgeJobs()).slice(-2);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Number(job?.run_at)).toBeGreaterThan(nowSeconds());
    const failed = await status();
    expect(failed.failures[0]).toMatchObject({ reason: 'write', attempt: 1, retried: true, error: 'Fastly answered 503: Service unavailable' });
    expect(failed.failures[0]?.tags).toContain(`post-${post.id}`);

    advance(DEFAULT_JOBS_OPTIONS.retryDelaySeconds + 1);
    await t.deps.jobs.whenIdle();
    expect((await purgeJobs()).find((row) => row.id === job?.id)).toMatchObject({ status: 'done', attempts: 2 });
    const after = await status();
    expect(after).toMatchObject({ cdn: 'fastly', target: `service ${STAND_IN_SERVICE}` });
    const metrics = await (await t.app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(metrics).toMatch(/^cdn_purges_total\{reason="failed"\} [1-9]/m);
    expect(metrics).toMatch(/^cdn_purges_total\{reason="sent"\} [1-9]/m);
    expect(after.last_purge).toMatchObject({ reason: 'write', attempt: 2 });
    expect(after.last_purge?.tags).toContain(`post-${post.id}`);
  });

  it('purges the pages of a countdown at the second it flips', async () => {
    const launched = nowSeconds() - 10 * 86_400;
    // Ends in 3 days and 100 seconds: the words "3 days left" turn at the second 100 seconds from now.
    const endsAt = nowSeconds() + 3 * 86_400 + 100;
    const post = await createPost(t, {
      campaign_url: 'https://www.kickstarter.com/projects/someone/flipping-lamp',
      campaign: { platform: 'kickstarter', currency: 'usd', goal: 100_000, pledged: 50_000, backers: 10, launched_at: launched, ends_at: endsAt, state: 'live' },
    });
    await t.services.cdn.start();
    await afterSecondPurges();
    advance(60 - SECOND_PURGE_SECONDS - 1);
    await t.deps.jobs.whenIdle();
    expect(keysPurged()).toEqual([]);
    advance(41);
    await t.deps.jobs.whenIdle();
    const [keys] = keysPurged();
    expect(keys?.split(' ')).toEqual(expect.arrayContaining([`post-${post.id}`, 'latest-posts', 'campaign-lists']));
    expect((await status()).last_purge).toMatchObject({ reason: 'clock' });
  });

  it('purges every page the second a scheduled post goes live', async () => {
    await createPost(t, { published_at: nowSeconds() + 30 });
    await afterSecondPurges();
    advance(31 - SECOND_PURGE_SECONDS - 1);
    await t.deps.jobs.whenIdle();
    expect(keysPurged()).toEqual(['all']);
  });

  it('purges every page when a newsletter issue is sent: it joins the archive', async () => {
    const token = await t.adminToken();
    expect((await t.request('POST', '/submissions/newsletter', { body: { email: 'cdn-reader@example.com' }, ip: freshIp() })).status).toBe(201);
    const issue = await t.request('POST', '/admin/newsletters', { token, body: { subject: 'Purged issue', intro: 'Hello.' } });
    expect(issue.status).toBe(201);
    await t.deps.jobs.whenIdle();
    fastly.purges.length = 0;
    expect((await t.request('POST', `/admin/newsletters/${issue.body.id}/send`, { token })).status).toBe(202);
    for (let i = 0; i < 50 && (await t.request('GET', `/admin/newsletters/${issue.body.id}`, { token })).body.status !== 'sent'; i += 1) {
      await t.deps.jobs.whenIdle();
    }
    await t.deps.jobs.whenIdle();
    expect(keysPurged()).toContain('all');
  });

  it('"Purge everything" is the owner\'s, audited, and purges all', async () => {
    await t.createUserWithRole('cdn-admin@example.com', 'admin-password-1', 'admin');
    const admin = (await t.login('cdn-admin@example.com', 'admin-password-1')).access_token;
    expect((await t.request('GET', '/admin/cdn', { token: admin })).status).toBe(403);
    expect((await t.request('POST', '/admin/cdn/purge-all', { token: admin })).status).toBe(403);
    fastly.purges.length = 0;
    const token = await t.adminToken();
    const answer = await t.request<CdnStatusJson>('POST', '/admin/cdn/purge-all', { token });
    expect(answer.status).toBe(202);
    await t.deps.jobs.whenIdle();
    expect(fastly.purges.map((purge) => purge.path)).toEqual([`/service/${STAND_IN_SERVICE}/purge_all`]);
    expect((await status()).last_purge).toMatchObject({ reason: 'everything', tags: null });
    const audit = await t.handle.db.selectFrom('audit_log').select('action').where('action', '=', 'cdn.purge_all').execute();
    expect(audit).toHaveLength(1);
  });
});

describe('a CDN purged by address', () => {
  it('is given the kept pages made from what a write touched', async () => {
    const db = t.handle.db;
    const page = (path: string, sources: string[] | null) => ({
      path,
      build: 'cdn-test',
      rest: '',
      seq: 0,
      sources: sources && JSON.stringify(sources),
      status: 200,
      headers: '[]',
      body: Buffer.from('<p>kept</p>'),
      nonce: null,
      rendered_at: Date.now(),
      valid_until: Date.now() + 60_000,
      bytes: 11,
      read_at: Date.now(),
    });
    await db
      .insertInto('rendered_pages')
      .values([
        page('/cdn-lamp', ['post:901', 'category:tech']),
        page('/category/tech', ['category:tech']),
        page('/cdn-other', ['post:902']),
        page('/cdn-anything', null),
      ])
      .execute();
    await db
      .insertInto('rendered_page_sources')
      .values([
        { path: '/cdn-lamp', source: 'post:901' },
        { path: '/cdn-lamp', source: 'category:tech' },
        { path: '/category/tech', source: 'category:tech' },
        { path: '/cdn-other', source: 'post:902' },
      ])
      .execute();
    // A page that may show anything is purged with every write.
    expect((await listKeptPathsShowing(db, ['post:901', 'category:tech'], 100)).sort()).toEqual(['/category/tech', '/cdn-anything', '/cdn-lamp']);
    expect(await listKeptPathsShowing(db, ['post:999'], 100)).toEqual(['/cdn-anything']);
  });
});

describe('no CDN configured', () => {
  const bare = useTestApp();

  it('enqueues nothing, and says so to owners', async () => {
    await createPost(bare);
    await bare.deps.jobs.whenIdle();
    const jobs = await bare.handle.db.selectFrom('jobs').select('kind').where('kind', 'like', 'cdn-%').execute();
    expect(jobs).toEqual([]);
    const token = await bare.adminToken();
    expect((await bare.request('GET', '/admin/cdn', { token })).body).toEqual({ cdn: null, target: null, last_purge: null, failures: [] });
    const refused = await bare.request('POST', '/admin/cdn/purge-all', { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('CDN_NOT_CONFIGURED');
  });
});

/**
 * Reading campaigns from their platform, against a stand-in platform on
 * 127.0.0.1 (both engines): the owner's switch, off by default; the editor's
 * preview of a campaign page; Kickstarter refreshes as durable jobs, one per
 * campaign, every 6 hours while live and never 7 days past the end; every
 * failure (403, challenge page, bad JSON, a hang) keeping the stored facts
 * and showing its error to staff; private addresses refused unless allowed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostJson } from '../../common/answers.ts';
import { nowSeconds } from '../../server/db/database.ts';
import { runMaintenance } from '../../server/maintenance.ts';
import { composeApp } from '../../server/start-up.ts';
import { CAMPAIGN_PAGE_HTML, GOOD_STATS, startCampaignPages, type CampaignPages } from '../helpers/campaign-pages.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

let pages: CampaignPages;
let t: TestApp;
let token: string;
let slugCounter = 0;

beforeAll(async () => {
  pages = await startCampaignPages();
  // The stand-in platform is on a loopback address: the tests allow those, as production must not.
  t = await createTestApp({ env: { CAMPAIGN_FETCH_ALLOW_PRIVATE: 'true' }, campaignFetchLimits: { timeoutMs: 300 } });
  token = await t.adminToken();
});

afterAll(async () => {
  await t?.close();
  await pages?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

const setFetching = (enabled: boolean) =>
  t.request('PUT', '/admin/settings/campaign-fetching', { token, ip: freshIp(), body: { enabled } });

/** A published post with a Kickstarter campaign at `path` of the stand-in platform. */
async function postWithCampaign(path: string, facts: Record<string, unknown> = {}): Promise<PostJson> {
  slugCounter += 1;
  const now = nowSeconds();
  const response = await t.request<PostJson>('POST', '/admin/posts', {
    token,
    body: {
      title: `Campaign ${slugCounter}`,
      slug: `campaign-refresh-${slugCounter}`,
      excerpt: 'A game.',
      content: 'Text.',
      cover_image: null,
      campaign_url: `${pages.origin}${path}`,
      status: 'published',
      read_time: 1,
      category_ids: [],
      campaign: {
        platform: 'kickstarter',
        url: `${pages.origin}${path}`,
        currency: 'USD',
        goal: 2_000_000,
        pledged: 100_000,
        backers: 10,
        launched_at: now - 5 * DAY,
        ends_at: now + 20 * DAY,
        state: 'live',
        ...facts,
      },
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const adminPost = async (id: number) => (await t.request<PostJson>('GET', `/admin/posts/${id}`, { token })).body;
const refreshNow = (id: number) => t.request('POST', `/admin/posts/${id}/campaign/refresh`, { token, body: {} });
const jobOf = (id: number) =>
  t.handle.db.selectFrom('jobs').selectAll().where('dedupe_key', '=', `campaign-refresh:${id}`).executeTakeFirst();

describe('the owner\'s switch', () => {
  it('is off by default, and only the owner reads or changes it', async () => {
    const read = await t.request('GET', '/admin/settings/campaign-fetching', { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ enabled: false });
    const refused = await t.request('PUT', '/admin/settings/campaign-fetching', { token, body: { enabled: 'yes' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('VALIDATION_FAILED');
    expect((await t.request('GET', '/admin/settings/campaign-fetching', { token })).body).toEqual({ enabled: false });
  });

  it('while off, nothing is fetched: no preview, no refresh', async () => {
    const before = pages.requests.length;
    const preview = await t.request('POST', '/admin/campaign-preview', { token, body: { url: `${pages.origin}/page` } });
    expect(preview.status).toBe(409);
    expect(preview.body.error).toBe('CAMPAIGN_FETCHING_OFF');
    const post = await postWithCampaign('/good');
    const refresh = await refreshNow(post.id);
    expect(refresh.status).toBe(409);
    await t.deps.jobs.whenIdle();
    expect(pages.requests.length).toBe(before);
  });

  it('tells the editor whether "Refresh now" can do anything, without the settings permission', async () => {
    const post = await postWithCampaign('/good');
    await t.createUserWithRole('refresh-editor@example.com', 'an editor password 7', 'editor');
    const editorToken = (await t.login('refresh-editor@example.com', 'an editor password 7')).access_token;
    const asEditor = () => t.request('GET', `/admin/posts/${post.id}/campaign/refresh`, { token: editorToken });
    expect((await t.request('GET', '/admin/settings/campaign-fetching', { token: editorToken })).status).toBe(403);
    expect(await asEditor()).toMatchObject({ status: 200, body: { enabled: false } });
    expect((await setFetching(true)).status).toBe(200);
    expect(await asEditor()).toMatchObject({ status: 200, body: { enabled: true } });
    expect((await setFetching(false)).status).toBe(200);
    expect(await asEditor()).toMatchObject({ status: 200, body: { enabled: false } });
  });

  it('turned on, is kept and recorded in the audit log', async () => {
    const saved = await setFetching(true);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ enabled: true });
    const entry = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', 'campaign_fetching')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(entry?.action).toBe('settings.update');
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({ enabled: { from: false, to: true } });
  });
});

describe('the editor\'s preview of a campaign page', () => {
  beforeAll(async () => {
    await setFetching(true);
  });

  it('gives the Open Graph title, description and image, naming the site in User-Agent', async () => {
    const response = await t.request('POST', '/admin/campaign-preview', { token, body: { url: `${pages.origin}/page` } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      title: 'Tiny Forest & Friends: a board game',
      description: 'A cooperative game about "growing" a forest.',
      image: `${pages.origin}/images/cover.jpg`,
      // The page names none of the campaign's basics.
      creator_name: null,
      location: null,
      video_url: null,
      reward_from: null,
    });
    expect(pages.requests.at(-1)?.userAgent).toBe('Crowdfunding Showcase (+http://localhost)');
    expect(CAMPAIGN_PAGE_HTML).toContain('og:title');
  });

  it('says why a page could not be read', async () => {
    const forbidden = await t.request('POST', '/admin/campaign-preview', { token, body: { url: `${pages.origin}/forbidden/stats.json` } });
    expect(forbidden.status).toBe(503);
    expect(forbidden.body).toMatchObject({ error: 'CAMPAIGN_FETCH_FAILED', message: 'The campaign page answered 403' });
    const hang = await t.request('POST', '/admin/campaign-preview', { token, body: { url: `${pages.origin}/hang/stats.json` } });
    expect(hang.status).toBe(503);
    expect(hang.body.message).toMatch(/did not answer within/);
    const json = await t.request('POST', '/admin/campaign-preview', { token, body: { url: `${pages.origin}/good/stats.json` } });
    expect(json.body.message).toBe('The campaign URL is not a web page');
    const bad = await t.request('POST', '/admin/campaign-preview', { token, body: { url: 'file:///etc/passwd' } });
    expect(bad.status).toBe(400);
    const missing = await t.request('POST', '/admin/campaign-preview', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Campaign URL is required');
  });
});

describe('private addresses', () => {
  it('are refused when the environment does not allow them, before anything is sent', async () => {
    const strict = await createTestApp();
    try {
      const owner = await strict.adminToken();
      expect(strict.deps.config.CAMPAIGN_FETCH_ALLOW_PRIVATE).toBe(false);
      await strict.request('PUT', '/admin/settings/campaign-fetching', { token: owner, body: { enabled: true } });
      const before = pages.requests.length;
      for (const url of [`${pages.origin}/page`, `http://localhost:${pages.port}/page`, `http://[::ffff:127.0.0.1]:${pages.port}/page`]) {
        const response = await strict.request('POST', '/admin/campaign-preview', { token: owner, body: { url } });
        expect(response.status, url).toBe(400);
        expect(response.body.message).toMatch(/private or local address/);
      }
      expect(pages.requests.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

describe('Kickstarter refreshes', () => {
  beforeAll(async () => {
    await setFetching(true);
  });

  it('"Refresh now" reads the stats and applies them as a refresh, then comes back in 6 hours', async () => {
    pages.setStats(GOOD_STATS);
    const post = await postWithCampaign('/good');
    const asked = nowSeconds();
    const response = await refreshNow(post.id);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ queued: true });
    await t.deps.jobs.whenIdle();
    const campaign = (await adminPost(post.id)).campaign;
    expect(campaign).toMatchObject({ pledged: 4_821_050, backers: 241, state: 'live', facts_source: 'refresh', refresh_error: null });
    expect(campaign?.facts_updated_at).toBeGreaterThanOrEqual(asked);
    expect(pages.requests.at(-1)).toEqual({ path: '/good/stats.json', userAgent: 'Crowdfunding Showcase (+http://localhost)' });
    // One job for the campaign, waiting for the next refresh.
    const job = await jobOf(post.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 0 });
    expect(job?.run_at).toBeGreaterThanOrEqual(asked + 6 * HOUR);
    expect(job?.run_at).toBeLessThanOrEqual(nowSeconds() + 6 * HOUR);
  });

  it.each([
    ['a 403', '/forbidden', /refused the request \(403\)/],
    ['a challenge page', '/challenge', /web page instead of the stats/],
    ['bad JSON', '/bad-json', /not JSON/],
    ['a hang', '/hang', /did not answer within/],
  ])('keep the stored facts after %s, and show the error to staff', async (_case, path, message) => {
    const post = await postWithCampaign(path);
    const before = (await adminPost(post.id)).campaign;
    expect((await refreshNow(post.id)).status).toBe(202);
    await t.deps.jobs.whenIdle();
    const after = (await adminPost(post.id)).campaign;
    expect(after).toMatchObject({
      pledged: before?.pledged,
      backers: before?.backers,
      state: before?.state,
      facts_source: before?.facts_source,
      facts_updated_at: before?.facts_updated_at,
    });
    expect(after?.refresh_error).toMatch(message);
    expect(after?.refresh_error_at).toBeGreaterThan(0);
    // Not tried again sooner for failing: the next refresh is the scheduled one.
    expect((await jobOf(post.id))?.status).toBe('pending');
    // The public answer does not carry staff's error.
    const published = await t.request('GET', `/posts/${post.slug}`);
    expect(published.body.campaign).not.toHaveProperty('refresh_error');
  });

  it('a success clears the last error', async () => {
    const post = await postWithCampaign('/forbidden');
    await refreshNow(post.id);
    await t.deps.jobs.whenIdle();
    expect((await adminPost(post.id)).campaign?.refresh_error).toMatch(/403/);
    const moved = await t.request('PUT', `/admin/posts/${post.id}`, {
      token,
      body: { ...(await editablePayload(post.id)), campaign_url: `${pages.origin}/good` },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await refreshNow(post.id);
    await t.deps.jobs.whenIdle();
    expect((await adminPost(post.id)).campaign).toMatchObject({ refresh_error: null, refresh_error_at: null, facts_source: 'refresh' });
  });

  it('refreshes only Kickstarter campaigns', async () => {
    const post = await postWithCampaign('/good', { platform: 'indiegogo' });
    const response = await refreshNow(post.id);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Only a Kickstarter campaign with a URL can be refreshed');
  });

  it('run one at a time per campaign: asking again while one runs makes no second job', async () => {
    const post = await postWithCampaign('/good');
    await refreshNow(post.id);
    await t.handle.db.updateTable('jobs').set({ status: 'running' }).where('dedupe_key', '=', `campaign-refresh:${post.id}`).execute();
    const again = await refreshNow(post.id);
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ queued: false });
    const rows = await t.handle.db.selectFrom('jobs').select('status').where('dedupe_key', '=', `campaign-refresh:${post.id}`).execute();
    expect(rows).toEqual([{ status: 'running' }]);
    await t.handle.db.deleteFrom('jobs').where('dedupe_key', '=', `campaign-refresh:${post.id}`).execute();
  });

  it('come every 6 hours while live and stop 7 days after the end', async () => {
    pages.setStats({ ...GOOD_STATS, state: 'successful' });
    const start = nowSeconds();
    const post = await postWithCampaign('/good', { launched_at: start - 30 * DAY, ends_at: start - 7 * DAY + 10 * HOUR });
    await refreshNow(post.id);
    await t.deps.jobs.whenIdle();
    const first = await jobOf(post.id);
    // 6 days 14 hours after the end: 6 hours on is still within the week, 12 hours on is not.
    expect(first?.status).toBe('pending');
    const due = first?.run_at ?? 0;
    expect(due - start).toBeGreaterThanOrEqual(6 * HOUR);

    // The clock reaches that refresh: it runs, and is the last one (the next would be past the week).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((due + 1) * 1000);
    await t.deps.jobs.whenIdle();
    const last = await jobOf(post.id);
    expect(last?.status).toBe('done');
    // (Read as a reader: the sign-in of six hours ago has expired.)
    expect((await t.request('GET', `/posts/${post.slug}`)).body.campaign).toMatchObject({ state: 'successful', facts_source: 'refresh' });

    // The hourly round schedules nothing for it any more.
    await scheduleRound();
    expect((await jobOf(post.id))?.status).toBe('done');
  });

  it('the hourly round gives a job to a live campaign that has none, and none to one that does', async () => {
    const post = await postWithCampaign('/good');
    expect(await jobOf(post.id)).toBeUndefined();
    expect(await scheduleRound()).toBeGreaterThanOrEqual(1);
    expect((await jobOf(post.id))?.status).toBeDefined();
    await t.deps.jobs.whenIdle();
    const waiting = await jobOf(post.id);
    expect(await scheduleRound()).toBe(0);
    expect((await jobOf(post.id))?.run_at).toBe(waiting?.run_at);
  });
});

/** The admin post as an update payload. */
async function editablePayload(id: number): Promise<Record<string, unknown>> {
  const post = await adminPost(id);
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    cover_image: post.cover_image,
    campaign_url: post.campaign_url,
    status: post.status,
    read_time: post.read_time,
    category_ids: post.category_ids,
    version: post.version,
  };
}

/** The hourly maintenance round, with this app's campaign refreshes; how many jobs it gave. */
async function scheduleRound(): Promise<number> {
  const { services } = composeApp(t.deps);
  let scheduled = 0;
  const campaignRefresh = {
    scheduleRefreshes: async () => {
      scheduled = await services.campaignRefresh.scheduleRefreshes();
      return scheduled;
    },
  };
  await runMaintenance({ db: t.handle.db, logger: t.deps.logger, media: services.media, campaignRefresh });
  return scheduled;
}

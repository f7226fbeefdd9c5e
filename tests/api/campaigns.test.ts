/**
 * A post's campaign through the API: stored with the post, answered on
 * every post answer with what the clock makes of it, filtered and ordered
 * in the public list, its history recorded, and bad facts refused without
 * a change. Runs on both engines (the api-postgres project).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostJson, PostPage } from '../../common/answers.ts';
import type { CampaignJson } from '../../common/campaign.ts';
import { composeApp } from '../../server/start-up.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { BASE_TIME, contentHelpers, POST_KIND, uniqueSlug } from './content-kinds.ts';

const t = useTestApp();
const { create } = contentHelpers<PostJson>(t, POST_KIND);
let token: string;
beforeAll(async () => {
  token = await t.adminToken();
});
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3600;
const DAY = 24 * HOUR;
const now = () => Math.floor(Date.now() / 1000);

const liveCampaign = (overrides: Record<string, unknown> = {}) => ({
  platform: 'kickstarter',
  currency: 'usd',
  goal: 2_000_000,
  pledged: 4_821_000,
  backers: 512,
  launched_at: now() - 10 * DAY,
  ends_at: now() + 12 * DAY,
  state: 'live',
  ...overrides,
});

async function createWithCampaign(campaign: Record<string, unknown> | null, overrides: Record<string, unknown> = {}) {
  return create({ published_at: BASE_TIME, campaign, ...overrides });
}

async function update(post: PostJson, changes: Record<string, unknown>, as = token) {
  const { id, version, created_at: _c, updated_at: _u, post_categories: _p, campaign: _campaign, sponsored_submission_id: _s, ...fields } = post;
  return t.request<PostJson>('PUT', `/admin/posts/${id}`, { token: as, body: { ...fields, version, ...changes } });
}

async function campaignRows(postId: number) {
  return t.handle.db.selectFrom('post_campaigns').selectAll().where('post_id', '=', postId).execute();
}

describe('a campaign on a post', () => {
  it('is stored with the post and answered with its percentage, time left and badges, in the list and the detail', async () => {
    const post = await createWithCampaign(liveCampaign());
    expect(post.campaign).toMatchObject({
      platform: 'kickstarter',
      url: post.campaign_url,
      currency: 'USD',
      goal: 2_000_000,
      pledged: 4_821_000,
      backers: 512,
      state: 'live',
      facts_source: 'editor',
      percent_funded: 241,
      badges: ['funded'],
    });
    expect(post.campaign?.seconds_left).toBeGreaterThan(11 * DAY);
    expect(post.campaign?.facts_updated_at).toBeGreaterThanOrEqual(now() - 5);

    const detail = await t.request<PostJson>('GET', `/posts/${post.slug}`);
    expect(detail.body.campaign).toMatchObject({ percent_funded: 241, badges: ['funded'] });
    const list = await t.request<PostPage>('GET', '/posts');
    expect(list.body.posts.find((item) => item.id === post.id)?.campaign).toMatchObject({ pledged: 4_821_000 });
    const admin = await t.request<PostJson>('GET', `/admin/posts/${post.id}`, { token });
    expect(admin.body.campaign).toMatchObject({ pledged: 4_821_000 });
  });

  it('is null on a post without one', async () => {
    const post = await create({ published_at: BASE_TIME });
    expect(post.campaign).toBeNull();
    expect((await t.request<PostJson>('GET', `/posts/${post.slug}`)).body.campaign).toBeNull();
  });

  it('is kept when an edit leaves it out, replaced when given and removed with null', async () => {
    const post = await createWithCampaign(liveCampaign());
    const kept = await update(post, { title: 'Renamed' });
    expect(kept.status).toBe(200);
    expect(kept.body.campaign).toMatchObject({ pledged: 4_821_000, facts_updated_at: post.campaign?.facts_updated_at });

    const replaced = await update(kept.body, { campaign: liveCampaign({ pledged: 5_000_000 }) });
    expect(replaced.body.campaign).toMatchObject({ pledged: 5_000_000, facts_source: 'editor' });

    const removed = await update(replaced.body, { campaign: null });
    expect(removed.status).toBe(200);
    expect(removed.body.campaign).toBeNull();
    expect(await campaignRows(post.id)).toHaveLength(0);
    // The link is the post's own field: removing the facts keeps it.
    expect(removed.body.campaign_url).toBe(post.campaign_url);
  });

  it('keeps one link: campaign.url is campaign_url, and two different links are refused', async () => {
    const post = await createWithCampaign(liveCampaign({ url: 'https://www.kickstarter.com/projects/other' }), { campaign_url: null });
    expect(post.campaign_url).toBe('https://www.kickstarter.com/projects/other');
    expect(post.campaign?.url).toBe('https://www.kickstarter.com/projects/other');

    const conflicting = await update(post, {
      campaign_url: 'https://www.kickstarter.com/projects/a',
      campaign: liveCampaign({ url: 'https://www.kickstarter.com/projects/b' }),
    });
    expect(conflicting.status).toBe(400);
    expect(conflicting.body).toEqual({ error: 'VALIDATION_FAILED', message: expect.stringContaining('Campaign URL') });

    const viaField = await update(post, { campaign_url: 'https://www.kickstarter.com/projects/moved' });
    expect(viaField.body.campaign?.url).toBe('https://www.kickstarter.com/projects/moved');
  });

  it.each([
    ['a negative goal', { goal: -1 }, 'Goal must be a whole number'],
    ['a fractional amount pledged', { pledged: 10.5 }, 'Pledged must be a whole number'],
    ['fractional backers', { backers: 1.5 }, 'Backers must be a whole number'],
    ['an unknown currency', { currency: 'XYZ' }, 'Currency must be an ISO 4217 code'],
    ['an unknown platform', { platform: 'patreon' }, 'Platform must be one of'],
    ['an unknown state', { state: 'paused' }, 'State must be one of'],
    ['an end before the launch', { launched_at: 2_000_000_000, ends_at: 1_999_999_999 }, 'Ends at must not be before the launch'],
    ['an end in milliseconds', { ends_at: 1_800_000_000_000 }, 'Ends at must be a Unix time'],
    ['a field of its own', { update_url: 'https://example.com' }, 'update_url'],
  ])('refuses %s with 400 naming the field, and changes nothing', async (_name, facts, message) => {
    const post = await createWithCampaign(liveCampaign());
    const response = await update(post, { title: 'Should not be saved', campaign: liveCampaign(facts) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    const stored = await t.request<PostJson>('GET', `/admin/posts/${post.id}`, { token });
    expect(stored.body).toMatchObject({ title: post.title, version: post.version });
    expect(stored.body.campaign).toMatchObject({ pledged: 4_821_000, goal: 2_000_000 });

    const created = await t.request('POST', '/admin/posts', {
      token,
      body: { ...POST_KIND.payload(uniqueSlug('refused')), campaign: liveCampaign(facts) },
    });
    expect(created.status).toBe(400);
  });

  it('computes "just launched" and "ending soon" only for a live campaign', async () => {
    const launched = now() - HOUR;
    const live = await createWithCampaign(liveCampaign({ launched_at: launched, ends_at: now() + DAY, pledged: 0 }));
    expect(live.campaign?.badges).toEqual(['just_launched', 'ending_soon']);
    const upcoming = await createWithCampaign(liveCampaign({ state: 'upcoming', launched_at: launched, ends_at: now() + DAY, pledged: 0 }));
    expect(upcoming.campaign?.badges).toEqual(['pre_launch']);
    const canceled = await createWithCampaign(liveCampaign({ state: 'canceled', pledged: 0 }));
    expect(canceled.campaign?.badges).toEqual(['canceled']);
  });
});

describe('public answers with campaigns', () => {
  it('expire at the second their badges or countdown next read differently, and no cached copy lasts longer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = now();
    vi.setSystemTime(start * 1000);
    // 12 days and 100 seconds left: "12 days left" turns into "11 days left" 101 seconds from now.
    const post = await createWithCampaign(liveCampaign({ ends_at: start + 12 * DAY + 100 }));
    for (const path of [`/posts/${post.slug}`, `/posts?categoryId=tech&campaign=live`]) {
      const response = await t.request('GET', path);
      expect(response.status).toBe(200);
      expect(response.headers.get('expires')).toBe(new Date((start + 101) * 1000).toUTCString());
      const cacheControl = response.headers.get('cache-control') ?? '';
      expect(cacheControl).toMatch(/^public\b/);
      for (const [, age] of cacheControl.matchAll(/(?:max-age|s-maxage|stale-while-revalidate)=(\d+)/g)) {
        expect(Number(age)).toBeLessThanOrEqual(101);
      }
    }
    // A post without a campaign keeps the usual shared minute.
    const plain = await create({ published_at: BASE_TIME });
    const response = await t.request('GET', `/posts/${plain.slug}`);
    expect(response.headers.get('expires')).toBeNull();
    expect(response.headers.get('cache-control')).toContain('s-maxage=60');
  });
});

describe('GET /api/posts?campaign=…&sort=ends_at', () => {
  it('filters live, ending soon, funded and ended campaigns, and orders by end, soonest first, across pages', async () => {
    const tag = uniqueSlug('filters');
    const category = { category_ids: ['creative'] };
    const inTwoDays = await createWithCampaign(liveCampaign({ ends_at: now() + DAY, pledged: 0 }), { ...category, title: `${tag} a` });
    const inAWeek = await createWithCampaign(liveCampaign({ ends_at: now() + 7 * DAY }), { ...category, title: `${tag} b` });
    const noEnd = await createWithCampaign(liveCampaign({ ends_at: null, pledged: 0 }), { ...category, title: `${tag} c` });
    const endedByClock = await createWithCampaign(
      liveCampaign({ launched_at: now() - 40 * DAY, ends_at: now() - DAY, pledged: 0 }),
      { ...category, title: `${tag} d` },
    );
    const failed = await createWithCampaign(liveCampaign({ state: 'failed', ends_at: now() - 2 * DAY, pledged: 0 }), {
      ...category,
      title: `${tag} e`,
    });
    const none = await create({ published_at: BASE_TIME, ...category });

    const ids = async (query: string) => {
      const response = await t.request<PostPage>('GET', `/posts?categoryId=creative&${query}`);
      expect(response.status).toBe(200);
      return response.body.posts.map((post) => post.id);
    };
    expect(new Set(await ids('campaign=live'))).toEqual(new Set([inTwoDays.id, inAWeek.id, noEnd.id]));
    expect(await ids('campaign=ending_soon')).toEqual([inTwoDays.id]);
    expect(await ids('campaign=funded')).toEqual([inAWeek.id]);
    expect(new Set(await ids('campaign=ended'))).toEqual(new Set([endedByClock.id, failed.id]));

    const ordered = await ids('sort=ends_at&campaign=live');
    expect(ordered).toEqual([inTwoDays.id, inAWeek.id, noEnd.id]);

    // Page by page, the order holds and nothing repeats.
    const seen: number[] = [];
    let next: string | null = null;
    do {
      const response: { body: PostPage } = await t.request<PostPage>(
        'GET',
        `/posts?categoryId=creative&sort=ends_at&page_size=2${next ? `&next_token=${next}` : ''}`,
      );
      seen.push(...response.body.posts.map((post) => post.id));
      next = response.body.next_token;
    } while (next);
    expect(seen).toEqual([failed.id, endedByClock.id, inTwoDays.id, inAWeek.id, ...seen.slice(4)]);
    expect(new Set(seen.slice(4))).toEqual(new Set([noEnd.id, none.id]));
  });

  it('refuses an unknown filter or order with 400', async () => {
    expect((await t.request('GET', '/posts?campaign=soon')).status).toBe(400);
    expect((await t.request('GET', '/posts?sort=pledged')).status).toBe(400);
  });
});

describe('GET /api/posts?campaign=just_launched, sort=ending_first and sort=percent_funded', () => {
  it('filters the campaigns launched in the last 72 hours, and orders by end still ahead or by funding, across pages', async () => {
    const category = { category_ids: ['social'] };
    const start = now();
    vi.useFakeTimers({ toFake: ['Date'], now: start * 1000 });
    const at = (title: string, campaign: Record<string, unknown> | null) => createWithCampaign(campaign, { ...category, title: `${uniqueSlug('browse')} ${title}` });
    // 72 hours ago to the second: still just launched.
    const launchedAtLine = await at('a', liveCampaign({ launched_at: start - 72 * HOUR, ends_at: start + 20 * DAY, pledged: 1_000_000 }));
    const launchedBefore = await at('b', liveCampaign({ launched_at: start - 72 * HOUR - 1, ends_at: start + 5 * DAY, pledged: 3_000_000 }));
    const ended = await at('c', liveCampaign({ state: 'successful', launched_at: start - 40 * DAY, ends_at: start - DAY, pledged: 6_000_000 }));
    const endedEarlier = await at('d', liveCampaign({ state: 'failed', launched_at: start - 50 * DAY, ends_at: start - 9 * DAY, pledged: 500_000 }));
    const upcoming = await at('e', liveCampaign({ state: 'upcoming', launched_at: start + DAY, ends_at: start + 31 * DAY, pledged: null }));
    const none = await at('f', null);

    const ids = async (query: string) => {
      const seen: number[] = [];
      let next: string | null = null;
      do {
        const response: { status: number; body: PostPage } = await t.request<PostPage>(
          'GET',
          `/posts?categoryId=social&${query}&page_size=2${next ? `&next_token=${next}` : ''}`,
        );
        expect(response.status).toBe(200);
        seen.push(...response.body.posts.map((post) => post.id));
        next = response.body.next_token;
      } while (next);
      return seen;
    };
    expect(await ids('campaign=just_launched')).toEqual([launchedAtLine.id]);
    // Still to end (live or upcoming) by end, soonest first; then the ended, the last to end first; then no end at all.
    expect(await ids('sort=ending_first')).toEqual([launchedBefore.id, launchedAtLine.id, upcoming.id, ended.id, endedEarlier.id, none.id]);
    // By the percentage of the goal (300 %, 150 %, 50 %, 25 %), those without one last.
    const funded = await ids('sort=percent_funded');
    expect(funded.slice(0, 4)).toEqual([ended.id, launchedBefore.id, launchedAtLine.id, endedEarlier.id]);
    expect(new Set(funded.slice(4))).toEqual(new Set([upcoming.id, none.id]));
    expect(await ids('campaign=ended&sort=percent_funded')).toEqual([ended.id, endedEarlier.id]);

    // A second later the first has been launched more than 72 hours ago.
    vi.setSystemTime((start + 1) * 1000);
    expect(await ids('campaign=just_launched')).toEqual([]);
  });

  it('knows the next second the clock alone moves a campaign into or out of a filter: a launch, 72 hours on, 48 hours before the end, the end', async () => {
    // Far ahead of every other campaign of these tests: only these two have anything still to come.
    const base = now() + 1000 * DAY;
    const category = { category_ids: ['social'] };
    await createWithCampaign(liveCampaign({ launched_at: base + 5 * HOUR, ends_at: base + 30 * DAY }), category);
    await createWithCampaign(liveCampaign({ launched_at: base - 70 * HOUR, ends_at: base + 60 * HOUR }), category);
    const { campaigns } = composeApp(t.deps).services;
    const nextAt = async (at: number) => {
      vi.useFakeTimers({ toFake: ['Date'], now: at * 1000 });
      return campaigns.nextListChange();
    };
    // The second one stops being "just launched" 72 hours and a second after its launch.
    expect(await nextAt(base)).toBe(base + 2 * HOUR + 1);
    // The first one is launched.
    expect(await nextAt(base + 2 * HOUR + 1)).toBe(base + 5 * HOUR);
    // The second one's last 48 hours begin.
    expect(await nextAt(base + 5 * HOUR)).toBe(base + 12 * HOUR);
    // It ends.
    expect(await nextAt(base + 12 * HOUR)).toBe(base + 60 * HOUR);
    expect(await nextAt(base + 31 * DAY)).toBeNull();

    // A filtered public list expires then too, though it shows neither campaign yet.
    vi.setSystemTime(base * 1000);
    const ended = await t.request('GET', '/posts?campaign=ended');
    expect(ended.status).toBe(200);
    expect(ended.headers.get('expires')).toBe(new Date((base + 2 * HOUR + 1) * 1000).toUTCString());
  });

  it('names the orders and filters it takes when refusing another', async () => {
    const sort = await t.request<{ error: { message: string } }>('GET', '/posts?sort=most_funded');
    expect(sort.status).toBe(400);
    expect(JSON.stringify(sort.body)).toContain('sort must be one of published_at, ends_at, ending_first, percent_funded');
    const filter = await t.request('GET', '/posts?campaign=launched');
    expect(filter.status).toBe(400);
    expect(JSON.stringify(filter.body)).toContain('live, ending_soon, just_launched, funded, ended');
  });
});

describe('campaign history', () => {
  it('records a point per change of pledged or backers, replacing one made within 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = now();
    // Signed in again at each moment: a token of two hours ago has expired.
    const at = async (seconds: number) => {
      vi.setSystemTime(seconds * 1000);
      return (await t.login()).access_token;
    };
    const facts = (pledged: number, backers: number, ends = 30 * DAY) =>
      liveCampaign({ launched_at: start - DAY, ends_at: start + ends, pledged, backers });
    const post = await createWithCampaign(facts(100, 1));

    const second = await update(post, { campaign: facts(200, 2) }, await at(start + 5 * 60));
    const third = await update(second.body, { campaign: facts(300, 3) }, await at(start + 60 * 60));
    // A save that changes other facts only adds no point.
    await update(third.body, { campaign: facts(300, 3, 31 * DAY) }, await at(start + 2 * 60 * 60));

    const history = await t.request('GET', `/posts/${post.slug}/campaign/history`);
    expect(history.status).toBe(200);
    expect(history.body).toEqual({
      points: [
        { at: start + 5 * 60, pledged: 200, backers: 2 },
        { at: start + 60 * 60, pledged: 300, backers: 3 },
      ],
    });
  });

  it('answers 404 for a post without a campaign or not published', async () => {
    const plain = await create({ published_at: BASE_TIME });
    expect((await t.request('GET', `/posts/${plain.slug}/campaign/history`)).status).toBe(404);
    const draft = await createWithCampaign(liveCampaign(), { status: 'draft' });
    expect((await t.request('GET', `/posts/${draft.slug}/campaign/history`)).status).toBe(404);
  });
});

describe('facts from the creator or a refresh', () => {
  it('are stamped with their source, keep a revision and an audit entry, and move the post to its next version', async () => {
    const post = await createWithCampaign(liveCampaign());
    const { campaigns } = composeApp(t.deps).services;
    const saved = await campaigns.applyFacts(post.id, { pledged: 5_000_000, backers: 600 }, { source: 'creator', ipAddress: '203.0.113.9' });
    expect(saved.version).toBe(post.version + 1);
    expect(saved.campaign).toMatchObject<Partial<CampaignJson>>({ pledged: 5_000_000, backers: 600, facts_source: 'creator' });

    const revisions = await t.request('GET', `/admin/posts/${post.id}/revisions`, { token });
    expect(revisions.body.revisions).toHaveLength(1);
    const entries = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'campaign.update').where('entity_id', '=', String(post.id)).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ ip_address: '203.0.113.9', version_before: post.version, version_after: post.version + 1 });
    expect(JSON.parse(entries[0]?.detail ?? '{}')).toEqual({ source: 'creator', fields: ['pledged', 'backers'] });

    // The same numbers again only confirm them: newer stamp, no revision, same version.
    const confirmed = await campaigns.applyFacts(post.id, { pledged: 5_000_000 }, { source: 'refresh' });
    expect(confirmed.version).toBe(saved.version);
    expect(confirmed.campaign?.facts_source).toBe('refresh');
    expect((await t.request('GET', `/admin/posts/${post.id}/revisions`, { token })).body.revisions).toHaveLength(1);
  });

  it('refuses an end before the launch and changes nothing', async () => {
    const post = await createWithCampaign(liveCampaign());
    const { campaigns } = composeApp(t.deps).services;
    await expect(campaigns.applyFacts(post.id, { ends_at: 1 }, { source: 'creator' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const stored = await t.request<PostJson>('GET', `/admin/posts/${post.id}`, { token });
    expect(stored.body.version).toBe(post.version);
    expect(stored.body.campaign?.ends_at).toBe(post.campaign?.ends_at);
  });
});

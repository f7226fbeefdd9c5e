/**
 * Counted clicks (decision 067): `/go/{slug}` leads to the post's stored
 * campaign with its referral tag and nowhere else; the ping of a campaign
 * link answers 204; `/share/{slug}/{network}` leads to the network's form
 * for the post; a sent issue's links become `/n/{issue}/{link}`, lead where
 * the mail led even after the issue is deleted, and are counted per link.
 * Bots and prefetches are not counted, nor a ping from a page of another
 * site; one address counts once a day per post and kind, and past its rate
 * it is still led on, uncounted. Runs on SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/deps.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createPost } from '../helpers/posts.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const SITE = 'https://showcase.example';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const METRICS_TOKEN = 'm'.repeat(40);
const CLICK_LIMIT = 500;
/** What Chromium sends with a ping or a beacon from the site's own page. */
const FROM_THE_SITE = { origin: SITE, 'sec-fetch-site': 'same-origin' };

let sink: SmtpSink;
let t: TestApp;
let token: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    newsletterSenderOptions: { retryDelaySeconds: 1, sliceMs: 2_000 },
    // A day's window, which no test run crosses, and room for the 600 clicks of one address below.
    rateLimits: { clicksPerIp: { ...DEFAULT_RATE_LIMITS.clicksPerIp, max: CLICK_LIMIT, windowSeconds: 24 * 3600 } },
    env: { SMTP_URL: sink.url, PUBLIC_URL: SITE, NEWSLETTER_DOUBLE_OPT_IN: 'false', NEWSLETTER_RATE_PER_SECOND: '0', METRICS_TOKEN },
  });
  token = await t.adminToken();
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const today = () => new Date().toISOString().slice(0, 10);

/** A post on a live Kickstarter campaign whose address carries the campaign's own ref, the site's ref tag set. */
const createLamp = (overrides: Record<string, unknown> = {}) =>
  createPost(t, {
    content: 'A lamp.',
    excerpt: 'A lamp in one line.',
    campaign_url: 'https://www.kickstarter.com/projects/lamp?ref=theirs&lang=en',
    campaign: { platform: 'kickstarter', state: 'live', ref_tag: 'showcase' },
    ...overrides,
  });

/** A request to a page path (outside /api), as a browser makes it. */
const visit = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  t.app.request(`${SITE.replace('https', 'http')}${path}`, { method, headers: { 'user-agent': BROWSER, 'x-forwarded-for': freshIp(), ...headers } });

async function clicks(kind: string, subjectId: number) {
  return t.handle.db
    .selectFrom('analytics_clicks')
    .select(['day', 'target', 'clicks'])
    .where('kind', '=', kind as never)
    .where('subject_id', '=', subjectId)
    .orderBy('target')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, clicks: Number(row.clicks) })));
}

/** `clicks_not_counted_total{reason}` as `/metrics` reads it. */
async function notCounted(reason: string): Promise<number> {
  const text = await (await t.app.request('http://localhost/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((row) => row.startsWith(`clicks_not_counted_total{reason="${reason}"}`));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

describe('the referral tag', () => {
  it('is stored with the campaign and replaces any ref= of the link', async () => {
    const post = await createLamp();
    const stored = await t.request('GET', `/admin/posts/${post.id}`, { token });
    expect(stored.body.campaign.ref_tag).toBe('showcase');
    const response = await visit(`/go/${post.slug}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.getAll('ref')).toEqual(['showcase']);
    expect(location.searchParams.get('lang')).toBe('en');
  });

  it('is refused when it is not short and URL-safe, and nothing is saved', async () => {
    const slug = `refused-${Date.now()}`;
    for (const ref_tag of ['two words', 'a&b=c', 'x'.repeat(65)]) {
      const response = await t.request('POST', '/admin/posts', {
        token,
        body: { title: 'Refused', slug, content: 'x', status: 'draft', category_ids: [], campaign: { platform: 'other', ref_tag } },
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toMatch(/Referral tag/);
    }
    expect(await t.handle.db.selectFrom('posts').select('id').where('slug', '=', slug).execute()).toEqual([]);
  });
});

describe('/go/{slug}', () => {
  it('redirects to the stored campaign only, whatever the query says, and counts the click for the day', async () => {
    const post = await createLamp();
    for (const query of ['', '?url=https://evil.example', '?to=https://evil.example&ref=evil', '?redirect=//evil.example']) {
      const response = await visit(`/go/${post.slug}${query}`);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('https://www.kickstarter.com/projects/lamp?ref=showcase&lang=en');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(await clicks('outbound', post.id)).toEqual([{ day: today(), target: 'go', clicks: 4 }]);
  });

  it('counts no bot, no prefetch and no HEAD, but still leads them on', async () => {
    const post = await createLamp();
    expect((await visit(`/go/${post.slug}`, { 'user-agent': BOT })).status).toBe(302);
    expect((await visit(`/go/${post.slug}`, { 'sec-purpose': 'prefetch' })).status).toBe(302);
    expect((await visit(`/go/${post.slug}`, {}, 'HEAD')).status).toBe(302);
    expect(await clicks('outbound', post.id)).toEqual([]);
  });

  it('names a HEAD it leads on uncounted in /metrics', async () => {
    const post = await createLamp();
    const before = await notCounted('head_request');
    expect((await visit(`/go/${post.slug}`, {}, 'HEAD')).status).toBe(302);
    expect((await visit(`/share/${post.slug}/x`, {}, 'HEAD')).status).toBe(302);
    expect(await notCounted('head_request')).toBe(before + 2);
    expect(await clicks('outbound', post.id)).toEqual([]);
    expect(await clicks('share', post.id)).toEqual([]);
  });

  it('counts nothing while the owner has counting turned off, and leads on all the same', async () => {
    const post = await createLamp();
    expect((await t.request('PUT', '/admin/settings/analytics', { token, body: { enabled: false }, ip: freshIp() })).status).toBe(200);
    try {
      expect((await visit(`/go/${post.slug}`)).status).toBe(302);
      expect((await visit(`/share/${post.slug}/x`)).status).toBe(302);
      expect(await clicks('outbound', post.id)).toEqual([]);
      expect(await clicks('share', post.id)).toEqual([]);
    } finally {
      await t.request('PUT', '/admin/settings/analytics', { token, body: { enabled: true }, ip: freshIp() });
    }
    expect((await visit(`/go/${post.slug}`)).status).toBe(302);
    expect(await clicks('outbound', post.id)).toEqual([{ day: today(), target: 'go', clicks: 1 }]);
  });

  it('is 404 for an unknown slug, a post without a campaign link and a post that is not live', async () => {
    const bare = await createLamp({ campaign_url: null, campaign: null });
    const draft = await createLamp({ status: 'draft' });
    const scheduled = await createLamp({ published_at: Math.floor(Date.now() / 1000) + 86_400 });
    for (const slug of ['no-such-post', bare.slug, draft.slug, scheduled.slug]) {
      const response = await visit(`/go/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(response.headers.get('location')).toBeNull();
    }
    expect(await clicks('outbound', draft.id)).toEqual([]);
  });

  it('is 404, never a failure, for a stored campaign URL with control characters', async () => {
    // Such an address is refused on every save now; this one was stored before that rule.
    for (const [refTag, stored] of [
      [null, 'https://www.kickstarter.com/projects/lamp\r\nSet-Cookie: x=1'],
      ['showcase', 'https://www.kickstarter.com/projects/lamp\r\nSet-Cookie: x=1'],
      [null, 'https://www.kickstarter.com/projects/la\tmp'],
      [null, 'https://www.kickstarter.com/projects/lamp\u0085'],
    ] as const) {
      const post = await createLamp({ campaign: { platform: 'kickstarter', state: 'live', ref_tag: refTag } });
      await t.handle.db.updateTable('posts').set({ campaign_url: stored }).where('id', '=', post.id).execute();
      const response = await visit(`/go/${post.slug}`);
      expect(response.status, JSON.stringify(stored)).toBe(404);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await clicks('outbound', post.id)).toEqual([]);
    }
  });
});

describe('the ping of a campaign link', () => {
  it('answers 204 and counts a click from the page', async () => {
    const post = await createLamp();
    const response = await t.request('POST', `/events/outbound?post=${post.slug}`, {
      rawBody: 'PING',
      headers: { 'content-type': 'text/ping', 'user-agent': BROWSER, 'ping-to': 'https://www.kickstarter.com/projects/lamp', ...FROM_THE_SITE },
      ip: freshIp(),
    });
    expect(response.status).toBe(204);
    // A beacon sends no body at all; an older browser sends no Origin either.
    expect((await t.request('POST', `/events/outbound?post=${post.slug}`, { headers: { 'user-agent': BROWSER }, ip: freshIp() })).status).toBe(204);
    expect(await clicks('outbound', post.id)).toEqual([{ day: today(), target: 'page', clicks: 2 }]);
  });

  it('refuses, uncounted, a ping or a beacon sent by a page of another site', async () => {
    const post = await createLamp();
    const sentFromElsewhere: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { origin: 'null' }];
    for (const headers of sentFromElsewhere) {
      const response = await t.request('POST', `/events/outbound?post=${post.slug}`, { headers: { 'user-agent': BROWSER, ...headers }, ip: freshIp() });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toMatchObject({ error: 'FORBIDDEN' });
    }
    expect(await clicks('outbound', post.id)).toEqual([]);
    expect(await notCounted('cross_site')).toBeGreaterThanOrEqual(3);
  });

  it('answers 204 for an unknown post or a bot and counts nothing', async () => {
    const post = await createLamp();
    expect((await t.request('POST', '/events/outbound?post=no-such-post', { headers: { 'user-agent': BROWSER } })).status).toBe(204);
    expect((await t.request('POST', '/events/outbound', { headers: { 'user-agent': BROWSER } })).status).toBe(204);
    expect((await t.request('POST', `/events/outbound?post=${post.slug}`, { headers: { 'user-agent': BOT } })).status).toBe(204);
    expect(await clicks('outbound', post.id)).toEqual([]);
  });

  it('names a ping for no live post with a campaign in /metrics, and one from another site as such whatever its post', async () => {
    const unknown = await notCounted('unknown_post');
    const crossSite = await notCounted('cross_site');
    expect((await t.request('POST', '/events/outbound?post=no-such-post', { headers: { 'user-agent': BROWSER }, ip: freshIp() })).status).toBe(204);
    expect((await t.request('POST', '/events/outbound', { headers: { 'user-agent': BROWSER }, ip: freshIp() })).status).toBe(204);
    expect(await notCounted('unknown_post')).toBe(unknown + 2);
    const elsewhere = await t.request('POST', '/events/outbound?post=no-such-post', { headers: { 'user-agent': BROWSER, 'sec-fetch-site': 'cross-site' }, ip: freshIp() });
    expect(elsewhere.status).toBe(403);
    expect(await notCounted('cross_site')).toBe(crossSite + 1);
    expect(await notCounted('unknown_post')).toBe(unknown + 2);
  });
});

describe('/share/{slug}/{network}', () => {
  it("redirects to the network's share form for the post's own address, built on the server, and counts it", async () => {
    const post = await createLamp();
    const response = await visit(`/share/${post.slug}/linkedin?url=https://evil.example`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${SITE}/${post.slug}`)}`);
    expect((await visit(`/share/${post.slug}/x`)).headers.get('location')).toContain(`url=${encodeURIComponent(`${SITE}/${post.slug}`)}`);
    expect(await clicks('share', post.id)).toEqual([
      { day: today(), target: 'linkedin', clicks: 1 },
      { day: today(), target: 'x', clicks: 1 },
    ]);
  });

  it('is 404 for an unknown network or post', async () => {
    const post = await createLamp();
    expect((await visit(`/share/${post.slug}/myspace`)).status).toBe(404);
    expect((await visit('/share/no-such-post/x')).status).toBe(404);
    expect(await clicks('share', post.id)).toEqual([]);
  });
});

describe('newsletter links', () => {
  async function waitForStatus(id: number, status: string) {
    const until = Date.now() + 20_000;
    for (;;) {
      await t.deps.jobs.whenIdle();
      const issue = (await t.request('GET', `/admin/newsletters/${id}`, { token })).body;
      if (issue.status === status) return issue;
      if (Date.now() > until) throw new Error(`issue ${id} is ${issue.status}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('are rewritten to /n/{issue}/{link} when sent, lead where the mail led (after the issue is deleted too) and are counted per link', async () => {
    const email = `reader.${Date.now()}@example.com`;
    expect((await t.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() })).status).toBe(201);
    const campaignUrl = `https://www.kickstarter.com/projects/mailed-${Date.now()}?ref=theirs&lang=en`;
    const post = await createLamp({ campaign_url: campaignUrl });
    const subject = `Links ${Date.now()}`;
    const created = await t.request('POST', '/admin/newsletters', {
      token,
      body: { subject, intro: `Back it [here](${campaignUrl}) now.`, post_ids: [post.id] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const issueId: number = created.body.id;
    expect((await t.request('POST', `/admin/newsletters/${issueId}/send`, { token, body: {} })).status).toBe(202);
    const sent = await waitForStatus(issueId, 'sent');
    expect(sent).toMatchObject({ sent: 1, failed: 0 });

    const mail = sink.to(email).find((message) => message.parsed.subject === subject);
    const html = String(mail?.parsed.html ?? '');
    const text = String(mail?.parsed.text ?? '');
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
    const countedLinks = hrefs.filter((href) => href.startsWith(`${SITE}/n/`));
    // Every link but the site's home and the recipient's own unsubscribe link is counted, and carries nothing of the recipient.
    const uncounted = new Set(hrefs.filter((href) => !href.startsWith(`${SITE}/n/`)).map((href) => href.replace(/token=.*$/, 'token=')));
    expect(uncounted).toEqual(new Set([SITE, `${SITE}/newsletter/unsubscribe?token=`]));
    expect(countedLinks.length).toBeGreaterThanOrEqual(3);
    for (const href of countedLinks) expect(href).toMatch(new RegExp(`^${SITE}/n/${issueId}/\\d+$`));
    expect(text).not.toContain(`${SITE}/${post.slug}`);
    expect(text).toContain(`${SITE}/n/${issueId}/`);
    expect(html).not.toMatch(/<img[^>]*showcase\.example\/n\//);

    const stored = await t.handle.db.selectFrom('newsletter_links').selectAll().where('issue_id', '=', issueId).orderBy('link_no').execute();
    const toPost = stored.find((link) => link.url === `${SITE}/${post.slug}`);
    expect(toPost?.post_id).toBe(post.id);
    const toCampaign = stored.find((link) => link.url === campaignUrl);
    expect(toCampaign?.post_id).toBe(post.id);

    const follow = await visit(`/n/${issueId}/${toPost?.link_no}`);
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe(`${SITE}/${post.slug}`);
    await visit(`/n/${issueId}/${toPost?.link_no}`);
    await visit(`/n/${issueId}/${toPost?.link_no}`, { 'user-agent': BOT });
    const screen = (await t.request('GET', `/admin/newsletters/${issueId}`, { token })).body;
    expect(screen.links).toContainEqual({ link_no: toPost?.link_no, url: `${SITE}/${post.slug}`, clicks: 2 });
    expect(screen.links).toContainEqual({ link_no: toCampaign?.link_no, url: toCampaign?.url, clicks: 0 });

    // The issue gone, the mails in inboxes still lead where they did.
    await t.handle.db.deleteFrom('newsletter_deliveries').where('issue_id', '=', issueId).execute();
    await t.handle.db.deleteFrom('newsletter_issues').where('id', '=', issueId).execute();
    const after = await visit(`/n/${issueId}/${toCampaign?.link_no}`);
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toBe(campaignUrl);
    expect(await clicks('newsletter', issueId)).toContainEqual({ day: today(), target: String(toCampaign?.link_no), clicks: 1 });
  });

  it('are 404 when unknown', async () => {
    for (const path of ['/n/999999/1', '/n/1/999999', '/n/abc/1', '/n/0/0']) expect((await visit(path)).status, path).toBe(404);
  });
});

describe('one address clicking again and again', () => {
  it('counts once a day per post and kind, and past its rate still leads on without counting', async () => {
    expect(DEFAULT_RATE_LIMITS.clicksPerIp).toMatchObject({ max: 30, windowSeconds: 60 });
    const post = await createLamp();
    const ip = freshIp();
    const issueId = 900_000 + post.id;
    await t.handle.db.insertInto('newsletter_links').values({ issue_id: issueId, link_no: 1, url: `${SITE}/${post.slug}`, post_id: post.id }).execute();
    const from = { 'x-forwarded-for': ip };
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i += 1) statuses.add((await visit(`/go/${post.slug}`, from)).status);
    for (let i = 0; i < 150; i += 1) statuses.add((await visit(`/share/${post.slug}/linkedin`, from)).status);
    for (let i = 0; i < 150; i += 1) statuses.add((await visit(`/n/${issueId}/1`, from)).status);
    expect(statuses).toEqual(new Set([302]));
    const pings = new Set<number>();
    for (let i = 0; i < 150; i += 1) {
      pings.add((await t.request('POST', `/events/outbound?post=${post.slug}`, { headers: { 'user-agent': BROWSER, ...FROM_THE_SITE }, ip })).status);
    }
    expect(pings).toEqual(new Set([204]));
    // The ping is the same kind as /go/ (a click to the campaign): that address has had its one today.
    expect(await clicks('outbound', post.id)).toEqual([{ day: today(), target: 'go', clicks: 1 }]);
    expect(await clicks('share', post.id)).toEqual([{ day: today(), target: 'linkedin', clicks: 1 }]);
    expect(await clicks('newsletter', issueId)).toEqual([{ day: today(), target: '1', clicks: 1 }]);
    // Within the rate, the 497 others were repeats; the last 100 were past it.
    expect(await notCounted('repeat')).toBeGreaterThanOrEqual(CLICK_LIMIT - 3);
    expect(await notCounted('rate_limited')).toBeGreaterThanOrEqual(600 - CLICK_LIMIT);

    // Past its rate, a first click on another post leads on, uncounted; another address's counts.
    const other = await createLamp();
    const limited = await notCounted('rate_limited');
    const led = await visit(`/go/${other.slug}`, from);
    expect(led.status).toBe(302);
    expect(led.headers.get('location')).toBe('https://www.kickstarter.com/projects/lamp?ref=showcase&lang=en');
    expect(await clicks('outbound', other.id)).toEqual([]);
    expect(await notCounted('rate_limited')).toBe(limited + 1);
    expect((await visit(`/go/${other.slug}`)).status).toBe(302);
    expect(await clicks('outbound', other.id)).toEqual([{ day: today(), target: 'go', clicks: 1 }]);
  }, 30_000);
});

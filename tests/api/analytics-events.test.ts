/**
 * Cookie-free page-view counting (both engines): the beacon's answers
 * (204, 400, 429, text/plain), what is not counted though answered 204,
 * one visitor a day for one address and browser, sources, the owner's
 * switch, salts gone after 48 hours, no cookie set, and no address or
 * User-Agent anywhere in the database after the traffic. Made-up paths,
 * long tags and endless sources cannot grow the roll-ups, and a page of
 * another site cannot make its visitors count views here.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nowSeconds } from '../../server/db/database.ts';
import type { AnalyticsDimension } from '../../server/db/schema.ts';
import { runMaintenance } from '../../server/maintenance.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/deps.ts';
import { PublicPages } from '../../server/analytics/public-pages.ts';
import { ContentChanges } from '../../server/freshness/content-changes.ts';
import type { Db } from '../../server/db/schema.ts';
import { CAMPAIGNS_PER_DAY, SOURCES_PER_DAY } from '../../server/services/audience/analytics.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshIp, useTestApp } from '../helpers/test-app.ts';

// The limit's count, in a window no test run crosses: a minute's window could reset halfway through.
const METRICS_TOKEN = 'm'.repeat(40);
const t = useTestApp({ rateLimits: { beaconsPerIp: { ...DEFAULT_RATE_LIMITS.beaconsPerIp, windowSeconds: 24 * 3600 } }, env: { METRICS_TOKEN } });
let token: string;

/** Addresses and browsers no row may ever hold. */
const IPS = ['203.0.113.71', '203.0.113.72', '198.51.100.9'];
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0 Tracer7731';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1 Tracer7732';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const today = () => new Date().toISOString().slice(0, 10);
let pageCounter = 0;
/** The path of a new live post, which no other test counts: only pages that exist are counted. */
async function freshPath(): Promise<string> {
  const slug = `counted-post-${++pageCounter}`;
  const created = await t.request('POST', '/admin/posts', {
    token,
    body: { title: `Counted ${pageCounter}`, slug, content: 'Read me.', excerpt: 'Read me.', status: 'published', category_ids: [] },
    ip: freshIp(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return `/${slug}`;
}

interface BeaconOptions {
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
  contentType?: string;
}

function beacon(payload: Record<string, unknown>, options: BeaconOptions = {}) {
  return t.request('POST', '/events', {
    rawBody: JSON.stringify({ referrer: '', utm_source: '', utm_medium: '', utm_campaign: '', tz: 'Europe/Berlin', ...payload }),
    ip: options.ip ?? IPS[0],
    headers: { 'content-type': options.contentType ?? 'text/plain;charset=UTF-8', 'user-agent': options.userAgent ?? FIREFOX, ...options.headers },
  });
}

async function daily(dimension: AnalyticsDimension, value: string) {
  await t.services.analytics.flush();
  const row = await t.deps.db
    .selectFrom('analytics_daily')
    .select(['views', 'visitors'])
    .where('dimension', '=', dimension)
    .where('day', '=', today())
    .where('value', '=', value)
    .executeTakeFirst();
  return { views: Number(row?.views ?? 0), visitors: Number(row?.visitors ?? 0) };
}

/** Rows of both roll-ups, every day and dimension. */
async function rollUpRows(): Promise<number> {
  await t.services.analytics.flush();
  const count = async (table: 'analytics_daily' | 'analytics_monthly') =>
    Number((await t.deps.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return (await count('analytics_daily')) + (await count('analytics_monthly'));
}

/** `page_views_not_counted_total{reason}` as `/metrics` reads it. */
async function notCounted(reason: string): Promise<number> {
  const text = await (await t.app.request('http://localhost/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((row) => row.startsWith(`page_views_not_counted_total{reason="${reason}"}`));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

/** The values a dimension holds today. */
async function valuesToday(dimension: AnalyticsDimension): Promise<string[]> {
  await t.services.analytics.flush();
  const rows = await t.deps.db.selectFrom('analytics_daily').select('value').where('dimension', '=', dimension).where('day', '=', today()).execute();
  return rows.map((row) => row.value);
}

beforeAll(async () => {
  token = await t.adminToken();
});

afterEach(async () => {
  await t.services.analytics.flush();
});

describe('POST /api/events', () => {
  it('answers 204 with no body and counts a view sent as application/json or text/plain', async () => {
    const path = await freshPath();
    const json = await beacon({ path }, { contentType: 'application/json' });
    expect(json.status).toBe(204);
    expect(json.body).toBe('');
    expect((await beacon({ path }, { contentType: 'text/plain' })).status).toBe(204);

    expect(await daily('page', path)).toEqual({ views: 2, visitors: 1 });
  });

  it('counts the same address and browser twice a day as 2 views and 1 visitor, and another browser as another visitor', async () => {
    const path = await freshPath();
    const site = await daily('site', '');
    await beacon({ path }, { ip: IPS[1] });
    await beacon({ path }, { ip: IPS[1] });
    expect(await daily('page', path)).toEqual({ views: 2, visitors: 1 });
    await beacon({ path }, { ip: IPS[1], userAgent: IPHONE });
    expect(await daily('page', path)).toEqual({ views: 3, visitors: 2 });
    const after = await daily('site', '');
    expect(after.views - site.views).toBe(3);
    // The first address and browser may have been counted site-wide by an earlier test: at most the new one and the phone.
    expect(after.visitors - site.visitors).toBeGreaterThanOrEqual(1);
  });

  it('keeps families, a device class and an approximate country, never the browser string', async () => {
    const path = await freshPath();
    const mobileBefore = await daily('device', 'mobile');
    const jpBefore = await daily('country', 'JP');
    await beacon({ path, tz: 'Asia/Tokyo' }, { ip: IPS[2], userAgent: IPHONE });
    expect((await daily('device', 'mobile')).views).toBe(mobileBefore.views + 1);
    expect((await daily('country', 'JP')).views).toBe(jpBefore.views + 1);
    expect((await daily('os', 'iOS')).views).toBeGreaterThanOrEqual(1);
    expect((await daily('browser', 'Mobile Safari')).views).toBeGreaterThanOrEqual(1);
  });

  it('counts a view from the site itself without a source, and one from elsewhere or a UTM tag with it', async () => {
    const path = await freshPath();
    await beacon({ path, referrer: 'http://localhost/ending-soon' });
    expect((await daily('page', path)).views).toBe(1);
    const own = await t.deps.db.selectFrom('analytics_daily').select('value').where('dimension', '=', 'source').where('value', '=', 'localhost').execute();
    expect(own).toEqual([]);
    expect(await daily('page_source', `${path}\nlocalhost`)).toEqual({ views: 0, visitors: 0 });

    await beacon({ path, referrer: 'https://www.news.example.org/story' });
    expect((await daily('page_source', `${path}\nnews.example.org`)).views).toBe(1);
    await beacon({ path, utm_source: 'Newsletter', utm_medium: 'email', utm_campaign: 'launch' });
    expect((await daily('page_source', `${path}\nnewsletter`)).views).toBe(1);
    expect((await daily('campaign', JSON.stringify(['Newsletter', 'email', 'launch']))).views).toBeGreaterThanOrEqual(1);
  });

  it('refuses a malformed, incomplete or oversized beacon with 400 and the error JSON, counting nothing', async () => {
    const site = await daily('site', '');
    const malformed = await t.request('POST', '/events', { rawBody: '{"path":', headers: { 'content-type': 'text/plain' }, ip: IPS[0] });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'INVALID_JSON', message: expect.any(String) });

    const noPath = await t.request('POST', '/events', { rawBody: JSON.stringify({ referrer: '' }), headers: { 'content-type': 'application/json' }, ip: IPS[0] });
    expect(noPath.status).toBe(400);
    expect(noPath.body).toMatchObject({ error: 'VALIDATION_FAILED' });

    const large = await beacon({ path: await freshPath(), referrer: `https://example.org/${'x'.repeat(4200)}` });
    expect(large.status).toBe(400);
    expect(large.body).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('4 KB') });

    const huge = await beacon({ path: await freshPath(), referrer: `https://example.org/${'x'.repeat(200_000)}` });
    expect(huge.status).toBe(400);

    expect(await daily('site', '')).toEqual(site);
  });

  it('names every beacon refused for its body in /metrics: not JSON, incomplete, too large or of another type', async () => {
    const before = await notCounted('malformed');
    const path = await freshPath();
    expect((await t.request('POST', '/events', { rawBody: '{"path":', headers: { 'content-type': 'text/plain' }, ip: IPS[0] })).status).toBe(400);
    expect((await t.request('POST', '/events', { rawBody: JSON.stringify({ referrer: '' }), headers: { 'content-type': 'application/json' }, ip: IPS[0] })).status).toBe(400);
    expect((await beacon({ path, referrer: `https://example.org/${'x'.repeat(4200)}` })).status).toBe(400);
    expect((await beacon({ path }, { contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(await notCounted('malformed')).toBe(before + 4);
    expect((await daily('page', path)).views).toBe(0);
  });

  it('names a beacon this server failed to count in /metrics', async () => {
    const before = await notCounted('failed');
    const path = await freshPath();
    const read = vi.spyOn(t.deps.siteProfileCache, 'current').mockRejectedValueOnce(new Error('the database is away'));
    try {
      expect((await beacon({ path }, { ip: freshIp() })).status).toBe(500);
    } finally {
      read.mockRestore();
    }
    expect(await notCounted('failed')).toBe(before + 1);
    expect((await daily('page', path)).views).toBe(0);
  });

  it('answers 429 past 120 beacons a minute from one address', async () => {
    expect(DEFAULT_RATE_LIMITS.beaconsPerIp).toMatchObject({ max: 120, windowSeconds: 60 });
    const ip = freshIp();
    const path = await freshPath();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) statuses.push((await beacon({ path }, { ip })).status);
    expect(statuses.slice(0, 120).every((status) => status === 204)).toBe(true);
    const refused = await beacon({ path }, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'RATE_LIMITED' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  describe('answered 204 but not counted', () => {
    const cases: [string, Record<string, unknown>, BeaconOptions][] = [
      ['a bot', {}, { userAgent: GOOGLEBOT }],
      ['no User-Agent', {}, { userAgent: '' }],
      ['a prefetch (Sec-Purpose)', {}, { headers: { 'sec-purpose': 'prefetch' } }],
      ['a prerender (Sec-Purpose)', {}, { headers: { 'sec-purpose': 'prefetch;prerender' } }],
      ['a prefetch (Purpose)', {}, { headers: { purpose: 'prefetch' } }],
      ['Global Privacy Control', {}, { headers: { 'sec-gpc': '1' } }],
    ];
    for (const [name, payload, options] of cases) {
      it(name, async () => {
        const path = await freshPath();
        expect((await beacon({ path, ...payload }, options)).status).toBe(204);
        expect(await daily('page', path)).toEqual({ views: 0, visitors: 0 });
      });
    }

    it('paths that are not public pages', async () => {
      const site = await daily('site', '');
      for (const path of [
        '/admin',
        '/admin/posts/3',
        '/api/posts',
        '/auth',
        '/embed/instant-kickstarter-fee-calculator',
        '/preview/abc',
        '/campaign-update/abc',
        '/sponsor-report/abc',
        '/go/some-post',
        '/n/3/1',
        '/files/x.pdf',
        '/uploads/a.png',
        '/payment/success',
        '/newsletter/confirm',
        '/a/b/c',
        '/Not-A-Slug',
      ]) {
        expect((await beacon({ path })).status, path).toBe(204);
      }
      expect(await daily('site', '')).toEqual(site);
    });

    it('a member of staff signed in to the back office, but not a visitor with a made-up cookie', async () => {
      const login = await t.request('POST', '/auth/login', {
        body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        headers: { 'x-session-transport': 'cookie' },
        ip: freshIp(),
      });
      const line = login.headers.getSetCookie().find((cookie) => /Path=\/api\/events/.test(cookie)) ?? '';
      expect(line).toMatch(/^admin_refresh=[^;]+; .*HttpOnly/);
      const cookie = line.split(';')[0] ?? '';

      const path = await freshPath();
      expect((await beacon({ path }, { headers: { cookie } })).status).toBe(204);
      expect(await daily('page', path)).toEqual({ views: 0, visitors: 0 });

      await beacon({ path }, { headers: { cookie: 'admin_refresh=made-up' } });
      expect((await daily('page', path)).views).toBe(1);
    });

    it('anything while the owner has counting turned off', async () => {
      const off = await t.request('PUT', '/admin/settings/analytics', { token, body: { enabled: false }, ip: freshIp() });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ enabled: false });
      expect(await t.services.analytics.countingEnabled()).toBe(false);
      const path = await freshPath();
      expect((await beacon({ path })).status).toBe(204);
      expect(await daily('page', path)).toEqual({ views: 0, visitors: 0 });

      await t.request('PUT', '/admin/settings/analytics', { token, body: { enabled: true }, ip: freshIp() });
      await beacon({ path });
      expect((await daily('page', path)).views).toBe(1);
    });
  });
});

describe('what the roll-ups can be made to hold', () => {
  it('adds no row for made-up paths, counts the pages that exist, and names the drop in /metrics', async () => {
    const post = await freshPath();
    const before = await rollUpRows();
    const unknownBefore = await notCounted('unknown_page');
    const madeUp = ['/no-such-post', `/${'a'.repeat(80)}`, '/category/no-such-category', '/newsletter/no-such-issue', '/resources-of-nowhere'];
    for (const [i, path] of madeUp.entries()) {
      expect((await beacon({ path, referrer: `https://made-up-${i}.example/`, utm_source: `made-up-${i}`, utm_campaign: 'x' }, { ip: freshIp() })).status, path).toBe(204);
    }
    expect(await rollUpRows()).toBe(before);
    expect(await notCounted('unknown_page')).toBe(unknownBefore + madeUp.length);

    const resource = await t.request('POST', '/admin/resources', {
      token,
      body: { title: 'Counted guide', slug: 'counted-guide', content: 'A guide.', status: 'published' },
    });
    expect(resource.status, JSON.stringify(resource.body)).toBe(201);
    const category = await t.deps.db.selectFrom('categories').select('slug').executeTakeFirstOrThrow();
    for (const path of [post, '/counted-guide', `/category/${category.slug}`, '/', '/ending-soon']) {
      const views = (await daily('page', path)).views;
      await beacon({ path }, { ip: freshIp() });
      expect((await daily('page', path)).views, path).toBe(views + 1);
    }
    // A draft is no public page either.
    const draft = await t.request('POST', '/admin/posts', { token, body: { title: 'Draft', slug: 'counted-draft', content: 'x', status: 'draft', category_ids: [] } });
    expect(draft.status).toBe(201);
    await beacon({ path: '/counted-draft' }, { ip: freshIp() });
    expect(await daily('page', '/counted-draft')).toEqual({ views: 0, visitors: 0 });
  });

  it('keeps 64 characters of a UTM tag and no source for a host longer than DNS allows', async () => {
    const path = await freshPath();
    const long = 'Spring-Sale'.repeat(18);
    expect((await beacon({ path, utm_source: long, utm_medium: long, utm_campaign: long })).status).toBe(204);
    const kept = long.slice(0, 64);
    expect(kept).toHaveLength(64);
    expect((await daily('page_source', `${path}\n${kept.toLowerCase()}`)).views).toBe(1);
    expect((await daily('campaign', JSON.stringify([kept, kept, kept]))).views).toBe(1);

    const hugeHost = `${`${'h'.repeat(60)}.`.repeat(5)}example`;
    expect(hugeHost.length).toBeGreaterThan(253);
    await beacon({ path, referrer: `https://${hugeHost}/` });
    expect((await daily('page', path)).views).toBe(2);
    expect((await valuesToday('page_source')).filter((value) => value.startsWith(`${path}\n`))).toEqual([`${path}\n${kept.toLowerCase()}`]);
  });

  it('holds a bounded number of sources and campaigns a day, counting the others as "Other"', async () => {
    const path = await freshPath();
    const extra = 5;
    for (let i = 0; i < SOURCES_PER_DAY + extra; i += 1) {
      expect((await beacon({ path, referrer: `https://source-${i}.example/` }, { ip: `198.18.${Math.floor(i / 100)}.${i % 100}` })).status).toBe(204);
    }
    const sources = await valuesToday('source');
    expect(sources).toHaveLength(SOURCES_PER_DAY + 1);
    expect(sources).toContain('Other');
    expect(sources).not.toContain(`source-${SOURCES_PER_DAY + extra - 1}.example`);
    expect((await daily('source', 'Other')).views).toBeGreaterThanOrEqual(extra);
    expect((await daily('page', path)).views).toBe(SOURCES_PER_DAY + extra);

    for (let i = 0; i < CAMPAIGNS_PER_DAY + extra; i += 1) {
      await beacon({ path, utm_source: 'mail', utm_campaign: `issue-${i}` }, { ip: `198.19.${Math.floor(i / 100)}.${i % 100}` });
    }
    const campaigns = await valuesToday('campaign');
    expect(campaigns).toHaveLength(CAMPAIGNS_PER_DAY + 1);
    expect((await daily('campaign', JSON.stringify(['Other', '', '']))).views).toBeGreaterThanOrEqual(extra);
    // A source or campaign the day already holds is still counted as itself.
    const held = (await daily('source', 'source-0.example')).views;
    await beacon({ path, referrer: 'https://source-0.example/' }, { ip: freshIp() });
    expect((await daily('source', 'source-0.example')).views).toBe(held + 1);
  });
});

describe('the pages that exist, as the counting knows them', () => {
  it('are read once for any number of paths, made up or not, and again after a write', async () => {
    let reads = 0;
    // The database as the counting sees it, counting the queries it starts.
    const db = new Proxy(t.deps.db, {
      get(target, property) {
        if (property === 'selectFrom') reads += 1;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as Db;
    const changes = new ContentChanges();
    const pages = new PublicPages(db, changes);
    const post = await freshPath();
    for (let i = 0; i < 500; i += 1) expect(await pages.exists(`/made-up-${i}`)).toBe(false);
    expect(await pages.exists(post)).toBe(true);
    const perRead = reads;
    expect(perRead).toBeGreaterThan(0);
    // Another post appears: seen once a write is announced, with one more read.
    const later = await freshPath();
    changes.notify();
    expect(await pages.exists(later)).toBe(true);
    for (let i = 0; i < 100; i += 1) await pages.exists(`/made-up-${i}`);
    expect(reads).toBe(2 * perRead);
  });
});

describe('beacons sent by a page of another site', () => {
  it('are refused with 403 and not counted: Sec-Fetch-Site cross-site, or an Origin that is not the site', async () => {
    const path = await freshPath();
    const before = await notCounted('cross_site');
    const sentFromElsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' },
      { origin: 'https://evil.example' },
      { origin: 'http://localhost.evil.example' },
      { origin: 'null' },
    ];
    for (const headers of sentFromElsewhere) {
      const refused = await beacon({ path }, { headers, ip: freshIp() });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.body).toMatchObject({ error: 'FORBIDDEN' });
    }
    expect(await daily('page', path)).toEqual({ views: 0, visitors: 0 });
    expect(await notCounted('cross_site')).toBe(before + 5);
  });

  it("still counts the site's own: what a browser's sendBeacon sends from the page (Origin and same-origin), and a beacon without Origin", async () => {
    const path = await freshPath();
    await beacon({ path }, { headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors' }, ip: freshIp() });
    await beacon({ path }, { ip: freshIp() });
    expect((await daily('page', path)).views).toBe(2);
  });
});

describe("the owner's switch", () => {
  it('is on by default, refuses a bad value, and needs the settings permission', async () => {
    expect((await t.request('GET', '/admin/settings/analytics', { token })).body).toEqual({ enabled: true });
    expect((await t.request('PUT', '/admin/settings/analytics', { token, body: { enabled: 'no' } })).status).toBe(400);
    expect((await t.request('GET', '/admin/settings/analytics')).status).toBe(401);
    await t.createUserWithRole('counting-editor@example.com', 'correct horse battery', 'editor');
    const editor = await t.login('counting-editor@example.com', 'correct horse battery');
    expect((await t.request('PUT', '/admin/settings/analytics', { token: editor.access_token, body: { enabled: false } })).status).toBe(403);
  });
});

describe('privacy', () => {
  it('deletes salts older than 48 hours with the visitor hashes of their day, and keeps the newer ones', async () => {
    const now = nowSeconds();
    await t.deps.db
      .insertInto('analytics_salts')
      .values([
        { day: '2020-01-01', salt: 'old', created_at: now - 49 * 3600 },
        { day: '2020-01-02', salt: 'recent', created_at: now - 47 * 3600 },
      ])
      .execute();
    await t.deps.db
      .insertInto('analytics_visitors')
      .values([
        { day: '2020-01-01', visitor: 'v-old', path: '' },
        { day: '2020-01-02', visitor: 'v-recent', path: '' },
      ])
      .execute();

    await runMaintenance({ db: t.deps.db, logger: t.deps.logger, media: t.services.media, analytics: t.services.analytics });

    const salts = await t.deps.db.selectFrom('analytics_salts').select('day').where('day', 'in', ['2020-01-01', '2020-01-02']).execute();
    expect(salts.map((row) => row.day)).toEqual(['2020-01-02']);
    const visitors = await t.deps.db.selectFrom('analytics_visitors').select('visitor').where('day', 'in', ['2020-01-01', '2020-01-02']).execute();
    expect(visitors.map((row) => row.visitor)).toEqual(['v-recent']);
  });

  it('sets no cookie on the beacon or on public reads', async () => {
    expect((await beacon({ path: await freshPath() })).headers.getSetCookie()).toEqual([]);
    expect((await t.request('GET', '/posts')).headers.getSetCookie()).toEqual([]);
  });

  it('leaves no test address or User-Agent in any text of any table', async () => {
    // Traffic of every kind first, counted or not, flushed.
    for (const ip of IPS) {
      for (const userAgent of [FIREFOX, IPHONE]) await beacon({ path: await freshPath(), referrer: 'https://elsewhere.example.net/' }, { ip, userAgent });
    }
    await beacon({ path: '/admin' }, { ip: IPS[0] });
    await t.services.analytics.flush();

    const needles = [...IPS, FIREFOX, IPHONE, 'Tracer7731', 'Tracer7732'];
    const tables = await t.deps.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['analytics_daily', 'analytics_visitors', 'analytics_presence', 'rate_limits']));
    const found: string[] = [];
    for (const table of tables) {
      // Table names come from the database itself, not from input.
      const rows = await t.deps.db.selectFrom(table.name as 'analytics_daily').selectAll().execute();
      const text = JSON.stringify(rows);
      for (const needle of needles) if (text.includes(needle)) found.push(`${table.name}: ${needle}`);
    }
    expect(found).toEqual([]);
    // The traffic did reach the tables searched.
    expect(Number((await t.deps.db.selectFrom('analytics_presence').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
  });
});

/**
 * GET /api/admin/analytics and /now: the back office's audience numbers,
 * read from rows put straight into the roll-up tables. Every day of the
 * range is listed, `path=` narrows the totals, days, sources and outbound
 * clicks to one page, bad ranges are refused, and editors may not read
 * them; a range of whole and partial months sums as its days do. Runs on SQLite and on PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReportJson } from '../../common/answers.ts';
import { eachDay } from '../../common/calendar-days.ts';
import { nowSeconds } from '../../server/db/database.ts';
import { addToDaily, type DailyRow } from '../../server/db/queries/analytics.ts';
import type { AnalyticsDimension } from '../../server/db/schema.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { POST_KIND } from './content-kinds.ts';

const t = useTestApp();
const EDITOR_EMAIL = 'editor.analytics@example.com';
const PASSWORD = 'a long enough password for analytics';
let editorToken = '';
let postId = 0;
const SLUG = `read-post-${Date.now()}`;

async function daily(dimension: AnalyticsDimension, day: string, value: string, views: number, visitors: number) {
  await t.handle.db.insertInto('analytics_daily').values({ dimension, day, value, views, visitors }).execute();
}

async function report(query: string) {
  return t.request<AnalyticsReportJson>('GET', `/admin/analytics?${query}`, { token: await t.adminToken() });
}

beforeAll(async () => {
  await t.createUserWithRole(EDITOR_EMAIL, PASSWORD, 'editor');
  editorToken = (await t.login(EDITOR_EMAIL, PASSWORD)).access_token;
  const created = await t.request<{ id: number }>('POST', POST_KIND.adminPath, { token: await t.adminToken(), body: POST_KIND.payload(SLUG) });
  expect(created.status).toBe(201);
  postId = created.body.id;
  const other = await t.request<{ id: number }>('POST', POST_KIND.adminPath, { token: await t.adminToken(), body: POST_KIND.payload(`${SLUG}-other`) });
  expect(other.status).toBe(201);

  await daily('site', '2026-03-01', '', 10, 6);
  await daily('site', '2026-03-03', '', 4, 3);
  // Outside the range below: never counted.
  await daily('site', '2026-02-28', '', 100, 90);
  await daily('page', '2026-03-01', `/${SLUG}`, 7, 4);
  await daily('page', '2026-03-03', `/${SLUG}`, 1, 1);
  await daily('page', '2026-03-01', '/', 3, 2);
  await daily('page', '2026-03-03', '/', 3, 2);
  await daily('source', '2026-03-01', 'news.example', 5, 5);
  await daily('source', '2026-03-03', 'social.example', 2, 2);
  await daily('page_source', '2026-03-01', `/${SLUG}\nnews.example`, 4, 4);
  await daily('page_source', '2026-03-01', `/\nsocial.example`, 2, 2);
  await daily('campaign', '2026-03-01', JSON.stringify(['mail', 'newsletter', 'spring']), 3, 3);
  await daily('country', '2026-03-01', 'DE', 6, 4);
  await daily('country', '2026-03-03', 'DE', 1, 1);
  await daily('country', '2026-03-03', '', 3, 2);
  await daily('device', '2026-03-01', 'mobile', 8, 5);
  await daily('device', '2026-03-01', 'desktop', 2, 1);
  await daily('browser', '2026-03-01', 'Firefox', 2, 1);
  await daily('os', '2026-03-01', 'Android', 8, 5);
  await t.handle.db
    .insertInto('analytics_clicks')
    .values([
      { kind: 'outbound', subject_id: postId, day: '2026-03-01', target: 'page', clicks: 3 },
      { kind: 'outbound', subject_id: postId, day: '2026-03-02', target: 'go', clicks: 2 },
      { kind: 'outbound', subject_id: other.body.id, day: '2026-03-02', target: 'page', clicks: 1 },
      // A share is no outbound click.
      { kind: 'share', subject_id: postId, day: '2026-03-02', target: 'x', clicks: 9 },
    ])
    .execute();
});

describe('GET /api/admin/analytics', () => {
  it('answers the range from the roll-ups, every day listed', async () => {
    const answer = await report('from=2026-03-01&to=2026-03-03');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      totals: { views: 14, visitors: 9 },
      days: [
        { date: '2026-03-01', views: 10, visitors: 6 },
        { date: '2026-03-02', views: 0, visitors: 0 },
        { date: '2026-03-03', views: 4, visitors: 3 },
      ],
      pages: [
        { path: `/${SLUG}`, views: 8, visitors: 5 },
        { path: '/', views: 6, visitors: 4 },
      ],
      sources: [
        { source: 'news.example', visits: 5 },
        { source: 'social.example', visits: 2 },
      ],
      campaigns: [{ utm_source: 'mail', utm_medium: 'newsletter', utm_campaign: 'spring', visits: 3 }],
      countries: [
        { country: 'DE', views: 7, visitors: 5 },
        { country: '', views: 3, visitors: 2 },
      ],
      devices: [
        { device: 'mobile', views: 8, visitors: 5 },
        { device: 'desktop', views: 2, visitors: 1 },
      ],
      browsers: [{ browser: 'Firefox', views: 2, visitors: 1 }],
      os: [{ os: 'Android', views: 8, visitors: 5 }],
      outbound: [
        { post_slug: SLUG, clicks: 5 },
        { post_slug: `${SLUG}-other`, clicks: 1 },
      ],
    });
  });

  it('narrows totals, days, sources and outbound clicks to one page with path=', async () => {
    const answer = await report(`from=2026-03-01&to=2026-03-03&path=/${SLUG}`);
    expect(answer.status).toBe(200);
    expect(answer.body.totals).toEqual({ views: 8, visitors: 5 });
    expect(answer.body.days.map((day) => day.views)).toEqual([7, 0, 1]);
    expect(answer.body.sources).toEqual([{ source: 'news.example', visits: 4 }]);
    expect(answer.body.outbound).toEqual([{ post_slug: SLUG, clicks: 5 }]);
  });

  it('has no outbound clicks for a page that is no post', async () => {
    const answer = await report('from=2026-03-01&to=2026-03-03&path=/');
    expect(answer.body.totals).toEqual({ views: 6, visitors: 4 });
    expect(answer.body.outbound).toEqual([]);
    expect(answer.body.sources).toEqual([{ source: 'social.example', visits: 2 }]);
  });

  it('answers zeros for a range with nothing counted', async () => {
    const answer = await report('from=2025-01-01&to=2025-01-02');
    expect(answer.status).toBe(200);
    expect(answer.body.totals).toEqual({ views: 0, visitors: 0 });
    expect(answer.body.days).toEqual([
      { date: '2025-01-01', views: 0, visitors: 0 },
      { date: '2025-01-02', views: 0, visitors: 0 },
    ]);
    expect(answer.body.pages).toEqual([]);
  });

  it.each([
    ['no dates', ''],
    ['a date that is no day', 'from=2026-02-30&to=2026-03-01'],
    ['a date in another format', 'from=03/01/2026&to=2026-03-02'],
    ['from after to', 'from=2026-03-02&to=2026-03-01'],
    ['a range over two years', 'from=2024-01-01&to=2026-01-03'],
    ['a path that is no site path', 'from=2026-03-01&to=2026-03-02&path=news'],
  ])('refuses %s with 400', async (_name, query) => {
    const answer = await report(query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'VALIDATION_FAILED' });
  });

  it('refuses editors', async () => {
    const answer = await t.request('GET', '/admin/analytics?from=2026-03-01&to=2026-03-03', { token: editorToken });
    expect(answer.status).toBe(403);
    expect((await t.request('GET', '/admin/analytics/now', { token: editorToken })).status).toBe(403);
  });
});

describe('GET /api/admin/analytics/now', () => {
  it('counts the visitors seen in the last five minutes', async () => {
    const now = nowSeconds();
    await t.handle.db
      .insertInto('analytics_presence')
      .values([
        { visitor: 'a', seen_at: now - 10 },
        { visitor: 'b', seen_at: now - 290 },
        { visitor: 'c', seen_at: now - 400 },
      ])
      .execute();
    const answer = await t.request<{ visitors: number }>('GET', '/admin/analytics/now', { token: await t.adminToken() });
    expect(answer.status).toBe(200);
    // With today on the site's calendar (UTC here), where the screen's ranges end.
    expect(answer.body).toEqual({ visitors: 2, today: new Date().toISOString().slice(0, 10) });
  });
});

describe('GET /api/admin/analytics over whole and partial months', () => {
  // Written as a flush writes them, so the monthly roll-ups hold the same views as the days.
  const paths = ['/alpha', '/beta', '/gamma', '/delta'];
  const rows: DailyRow[] = [];
  for (const day of eachDay('2024-04-20', '2024-09-10')) {
    const n = Number(day.slice(8)) + Number(day.slice(5, 7)) * 3;
    paths.forEach((path, i) => {
      // Each page leads on different days, so a sum over the wrong days orders them differently.
      rows.push({ dimension: 'page', day, value: path, views: ((n * (i + 3)) % 17) + 1, visitors: ((n * (i + 1)) % 5) + 1 });
      rows.push({ dimension: 'page_source', day, value: `${path}\nsrc${(n + i) % 3}.example`, views: (n % 7) + i + 1, visitors: 1 });
    });
    rows.push({ dimension: 'source', day, value: `src${n % 4}.example`, views: (n % 9) + 1, visitors: (n % 2) + 1 });
  }

  beforeAll(async () => {
    await t.handle.db.transaction().execute((trx) => addToDaily(trx, rows));
  });

  /** The expected list, summed from the daily rows alone. */
  function summed(dimension: DailyRow['dimension'], range: { from: string; to: string }, prefix = '') {
    const sums = new Map<string, { views: number; visitors: number }>();
    for (const row of rows) {
      if (row.dimension !== dimension || row.day < range.from || row.day > range.to || !row.value.startsWith(prefix)) continue;
      const sum = sums.get(row.value) ?? { views: 0, visitors: 0 };
      sum.views += row.views;
      sum.visitors += row.visitors;
      sums.set(row.value, sum);
    }
    return [...sums]
      .map(([value, sum]) => ({ value: value.slice(prefix.length), ...sum }))
      .sort((a, b) => b.views - a.views || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  }

  it.each([
    ['whole months with partial months on both sides', '2024-04-25', '2024-08-12'],
    ['exactly two whole months', '2024-06-01', '2024-07-31'],
    ['a month and the first day of the next', '2024-05-01', '2024-06-01'],
    ['the last day of a month and the next whole month', '2024-05-31', '2024-06-30'],
    ['part of one month only', '2024-07-03', '2024-07-30'],
    ['two partial months, none whole', '2024-05-15', '2024-06-15'],
  ])('gives the sums of the daily rows for %s', async (_name, from, to) => {
    const range = { from, to };
    const answer = await report(`from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    expect(answer.body.pages).toEqual(summed('page', range).map(({ value, views, visitors }) => ({ path: value, views, visitors })));
    expect(answer.body.sources).toEqual(summed('source', range).map(({ value, views }) => ({ source: value, visits: views })));
    const ofPage = await report(`from=${from}&to=${to}&path=/beta`);
    expect(ofPage.body.sources).toEqual(summed('page_source', range, '/beta\n').map(({ value, views }) => ({ source: value, visits: views })));
  });
});

/**
 * The sponsor's report page as a browser without JavaScript gets it: the
 * post, the totals and the table by day from the roll-ups and click counts,
 * never cached, never indexed, never sent on as a referrer, and no beacon;
 * what it cannot tell apart said; sources shown as text; a wrong or revoked
 * link is a 404.
 */
import { describe, expect, it } from 'vitest';
import { utcDay } from '../../common/calendar-days.ts';
import { decodeHtml, liveSponsoredPostOf, textsOf, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();
const DAY = 86_400;

const admin = async (method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: await t.adminToken(), ...(body === undefined ? {} : { body }) });

/** A paid, approved sponsored submission whose post went live a day ago: its report link and post. */
const liveSponsoredPost = () => liveSponsoredPostOf(t, Math.floor(Date.now() / 1000) - DAY);

/** The text of a table's cells, row by row. */
const rowsOf = (table: string) =>
  [...table.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => decodeHtml((cell[1] ?? '').replace(/<[^>]+>/g, '')).trim()));

describe("the sponsor's report page", () => {
  it('shows the post, the totals and the numbers by day, private to the link', async () => {
    const { post, publishedAt, path } = await liveSponsoredPost();
    const [first, today] = [utcDay(publishedAt), utcDay(publishedAt + DAY)];
    await t.handle.db
      .insertInto('analytics_daily')
      .values([
        { dimension: 'page', day: first, value: `/${post.slug}`, views: 1210, visitors: 7 },
        { dimension: 'page', day: today, value: `/${post.slug}`, views: 5, visitors: 4 },
        { dimension: 'page', day: first, value: '/another-post', views: 50, visitors: 50 },
        { dimension: 'page_source', day: first, value: `/${post.slug}\nnews.example.org`, views: 6, visitors: 5 },
        { dimension: 'page_source', day: first, value: `/${post.slug}\n<img src=x onerror=alert(1)>`, views: 1, visitors: 1 },
      ])
      .execute();
    await t.handle.db
      .insertInto('analytics_clicks')
      .values([
        { kind: 'outbound', subject_id: post.id, day: first, target: 'page', clicks: 3 },
        { kind: 'outbound', subject_id: post.id, day: today, target: 'go', clicks: 2 },
        { kind: 'share', subject_id: post.id, day: first, target: 'mastodon', clicks: 4 },
      ])
      .execute();
    // Three readers asked to follow its campaign: two confirmed (one has since left), one never did.
    const asked = publishedAt + 60;
    await t.handle.db
      .insertInto('follows')
      .values([
        { post_id: post.id, email: 'one@example.com', status: 'following', created_at: asked, confirmed_at: asked },
        { post_id: post.id, email: 'two@example.com', status: 'ended', created_at: asked, confirmed_at: asked, ended_at: asked + 60 },
        { post_id: post.id, email: 'three@example.com', status: 'pending', created_at: asked },
      ])
      .execute();

    const response = await site.get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await response.text();
    const text = decodeHtml(html);
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    expect(textsOf(html, 'h1')).toEqual(["Your sponsored post's report"]);
    expect(html).toMatch(new RegExp(`<a href="/${post.slug}"[^>]*>${post.title}</a>`));
    expect(text).toContain('visitors are counted per day; totals over several days add daily visitors');
    expect(text.replace(/\s+/g, ' ')).toContain(
      'The numbers are counted without cookies and cannot tell people apart exactly: readers who share an address and a browser count as one visitor, one reader on two devices as two, and each address counts one click a day per kind of link.',
    );

    const totals = html.match(/<dl[\s\S]*?<\/dl>/)?.[0] ?? '';
    const pairs = [...totals.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((match) => [match[1], match[2]]);
    expect(pairs).toEqual([
      ['Views', '1,215'],
      ['Visitors', '11'],
      ['Clicks to the campaign', '5'],
      ['Newsletter clicks', '0'],
      ['Share clicks', '4'],
      ['Readers following the campaign', '2'],
      ['Alert mails sent to them', '0'],
    ]);
    // A count, never who.
    expect(html).not.toContain('@example.com');

    const tables = [...html.matchAll(/<table[\s\S]*?<\/table>/g)].map((match) => match[0]);
    const byDay = tables.find((table) => table.includes('clicks to the campaign by day')) ?? '';
    expect(rowsOf(byDay)).toEqual([
      ['Day', 'Views', 'Visitors', 'Clicks to the campaign'],
      [first, '1,210', '7', '3'],
      [today, '5', '4', '2'],
    ]);
    expect(html).toMatch(/<svg role="img" aria-labelledby="[^"]+"/);
    expect(text).toContain(`the busiest day was ${first}, with 1,210 views and 7 visitors`);
    expect(rowsOf(tables.find((table) => table.includes('Share clicks by network')) ?? '')).toEqual([
      ['Network', 'Clicks'],
      ['mastodon', '4'],
    ]);
    expect(rowsOf(tables.find((table) => table.includes('Where the post')) ?? '')).toEqual([
      ['Source', 'Views'],
      ['news.example.org', '6'],
      ['<img src=x onerror=alert(1)>', '1'],
    ]);
    // A source is text, never markup.
    expect(html).not.toContain('<img src=x');
    // Another post's numbers are not this report's.
    expect(text).not.toContain('another-post');
  });

  it('answers 404 to a wrong link, and to a revoked one', async () => {
    const wrong = await site.get(`/sponsor-report/${'x'.repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    const wrongPage = await wrong.text();
    expect(textsOf(wrongPage, 'h1')).toEqual(['This link does not work']);
    expect(textsOf(wrongPage, 'p')).toContain('It may have been replaced by a newer one or revoked. Ask us for a new link through the contact form.');

    const { submissionId, path } = await liveSponsoredPost();
    expect((await site.get(path)).status).toBe(200);
    expect((await admin('DELETE', `/admin/submissions/sponsored/${submissionId}/report-link`)).status).toBe(204);
    const revoked = await site.get(path);
    expect(revoked.status).toBe(404);
    expect(revoked.headers.get('cache-control')).toBe('no-store');
  });
});

/**
 * A post page with its campaign's history: the chart of pledges drawn in
 * the server's HTML, its trend in words, what is still needed a day, and
 * a long history costing the page a few hundred bytes, not kilobytes.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignFacts } from '../../common/campaign.ts';
import { saveCampaign } from '../../server/db/queries/campaigns.ts';
import { seedDemoContent } from '../../server/db/seed-demo.ts';
import { decodeHtml, seedPost, textsOf, useSiteApp } from './site-app.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** 3 Nov 2026, 12:00 UTC: the first point of every history here. */
const START = Date.UTC(2026, 10, 3, 12) / 1000;

const facts = (overrides: Partial<Omit<CampaignFacts, 'url'>> = {}): Omit<CampaignFacts, 'url'> => ({
  platform: 'kickstarter',
  currency: 'USD',
  goal: 2_000_000,
  pledged: 500_000,
  backers: 40,
  launched_at: START,
  ends_at: null,
  state: 'live',
  facts_updated_at: START,
  facts_source: 'editor',
  ...overrides,
});

/** The page's `<svg role="img">` and what names it. */
const chartOf = (html: string) => {
  const svg = html.match(/<svg[^>]*role="img"[^>]*>[\s\S]*?<\/svg>/)?.[0] ?? '';
  const title = decodeHtml(svg.match(/<title[^>]*>([^<]*)<\/title>/)?.[1] ?? '');
  const points = (svg.match(/<polyline[^>]* points="([^"]*)"/)?.[1] ?? '').split(' ').filter(Boolean);
  return { svg, title, points };
};

describe('a post page with a campaign history', () => {
  const { t, site } = useSiteApp();
  const now = Math.floor(Date.now() / 1000);

  /** A post whose campaign has `points` snapshots, a day apart from START (or spread over 25 days when many). */
  async function seedCampaignPost(slug: string, stored: Omit<CampaignFacts, 'url'>, points: { at: number; pledged: number }[]) {
    const post = await seedPost(t, { slug, title: slug, campaign_url: `https://www.kickstarter.com/projects/${slug}` });
    await t.deps.db.transaction().execute((trx) => saveCampaign(trx, post.id, stored));
    // The history as the service would have kept it over weeks; the save above recorded one point of its own.
    await t.deps.db.deleteFrom('campaign_snapshots').where('post_id', '=', post.id).execute();
    if (points.length > 0) {
      await t.deps.db
        .insertInto('campaign_snapshots')
        .values(points.map((point) => ({ post_id: post.id, at: point.at, pledged: point.pledged, backers: 1 })))
        .execute();
    }
    return post;
  }

  beforeAll(async () => {
    await seedCampaignPost(
      'rising-kite',
      facts({ pledged: 4_821_000, ends_at: now + 30 * DAY }),
      [
        { at: START, pledged: 120_000 },
        { at: START + 12 * DAY, pledged: 2_100_000 },
        { at: START + 25 * DAY, pledged: 4_821_000 },
      ],
    );
    // Short of its goal with 10 days and a bit left: $15,000 over 10 days.
    await seedCampaignPost('short-lamp', facts({ ends_at: now + 10 * DAY + 6 * HOUR }), [
      { at: START, pledged: 100_000 },
      { at: START + DAY, pledged: 500_000 },
    ]);
    await seedCampaignPost('lone-point', facts({ ends_at: now + 10 * DAY }), [{ at: START, pledged: 500_000 }]);
    const many = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ at: START + index * 3 * HOUR, pledged: 100_000 + index * 20_000 + (index % 7) * 3_000 }));
    await seedCampaignPost('long-history', facts({ pledged: 4_100_000, ends_at: now + 30 * DAY }), many(200));
    await seedCampaignPost('short-history', facts({ pledged: 4_100_000, ends_at: now + 30 * DAY }), many(2));
  });

  it('draws the pledges as an image named by their trend, with the goal line, in the server HTML', async () => {
    const response = await site.get('/rising-kite');
    expect(response.status).toBe(200);
    const html = await response.text();
    const chart = chartOf(html);
    expect(chart.title).toBe('Pledged rose from $1,200 to $48,210 between 3 Nov and 28 Nov; goal $20,000');
    expect(chart.svg).toMatch(/aria-labelledby="[^"]+"/);
    expect(chart.points).toHaveLength(3);
    expect(chart.svg).toMatch(/<line [^>]*stroke-dasharray/);
    expect(decodeHtml(html)).toContain('$1,200 on 3 Nov, $48,210 on 28 Nov. The goal of $20,000 was reached on 15 Nov.');
    // Funded: nothing more is needed.
    expect(html).not.toContain('a day needed to fund');
  });

  it('says what a live campaign short of its goal still needs a day', async () => {
    const html = decodeHtml(await (await site.get('/short-lamp')).text());
    expect(html).toContain('$1,500 a day needed to fund');
    expect(chartOf(html).title).toBe('Pledged rose from $1,000 to $5,000 between 3 Nov and 4 Nov; goal $20,000');
  });

  it('draws no chart from a single point', async () => {
    const html = decodeHtml(await (await site.get('/lone-point')).text());
    expect(html).not.toContain('role="img"');
    expect(html).toContain('a day needed to fund');
  });

  it('draws a long history from at most 60 points, the page growing by under 3 KB over a history of two', async () => {
    const long = await (await site.get('/long-history')).text();
    const short = await (await site.get('/short-history')).text();
    expect(chartOf(long).points).toHaveLength(60);
    expect(chartOf(short).points).toHaveLength(2);
    expect(Buffer.byteLength(long) - Buffer.byteLength(short)).toBeLessThan(3 * 1024);
  });

  it('draws two points for two creator updates on different days', async () => {
    const post = await seedCampaignPost('two-days', facts({ pledged: null, backers: null, ends_at: now + 30 * DAY }), []);
    const firstDay = Date.now() + 1000;
    vi.useFakeTimers({ toFake: ['Date'], now: firstDay });
    try {
      await t.services.campaigns.applyFacts(post.id, { pledged: 600_000, backers: 50 }, { source: 'creator' });
      vi.setSystemTime(firstDay + DAY * 1000);
      await t.services.campaigns.applyFacts(post.id, { pledged: 900_000, backers: 70 }, { source: 'creator' });
    } finally {
      vi.useRealTimers();
    }
    const chart = chartOf(await (await site.get('/two-days')).text());
    expect(chart.points).toHaveLength(2);
    expect(chart.title).toMatch(/^Pledged rose from \$6,000 to \$9,000 between /);
  });

  it('shows no chart on a post without a campaign', async () => {
    await seedPost(t, { slug: 'plain-review', title: 'Plain Review' });
    const response = await site.get('/plain-review');
    expect(response.status).toBe(200);
    const html = await response.text();
    // The post itself: an error page would show no chart either.
    expect(textsOf(html, 'h1')).toEqual(['Plain Review']);
    expect(html).not.toContain('Pledged over time');
  });
});

describe('the demo posts on a first start', () => {
  const { t, site } = useSiteApp();

  beforeAll(async () => {
    await t.handle.db.transaction().execute((trx) => seedDemoContent(trx));
  });

  it('draw their pledges chart from the history they start with', async () => {
    for (const slug of ['tabletop-saga-with-a-living-map', 'espresso-grinder-built-to-be-repaired', 'how-a-keyboard-maker-raised-its-second-round']) {
      const response = await site.get(`/${slug}`);
      expect(response.status, slug).toBe(200);
      expect(chartOf(await response.text()).points.length, slug).toBeGreaterThanOrEqual(10);
    }
  });
});

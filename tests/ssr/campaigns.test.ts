/**
 * A post's campaign on the public pages, server-rendered: the fact box in
 * each state, the cards, the home page's "Ending Soon" band, `/ending-soon`,
 * the category filters and the sitemap; and a cached page that expires at
 * the second its campaign's words change, with no write in between.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeHtml, sectionOf, seedCampaignPost, textsOf, useSiteApp, withoutNonces } from './site-app.ts';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The fact box of a post page: its markup, or empty without one. */
const factBoxHtml = (html: string) => html.match(/<section aria-labelledby="campaign-facts"[\s\S]*?<\/section>/)?.[0] ?? '';

/** The fact box of a post page, as text; null without one. */
const factBox = (html: string) => {
  const box = factBoxHtml(html);
  return box === '' ? null : decodeHtml(box.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
};

/** The `<time>` elements of some markup: [datetime, text]. */
const times = (html: string) =>
  [...html.matchAll(/<time[^>]*dateTime="([^"]*)"[^>]*>([^<]*)<\/time>/gi)].map((match) => [match[1], decodeHtml(match[2] ?? '')]);

/** The titles of the post cards in a section, in order. */
const cardTitles = (html: string) => textsOf(html, 'h3');

describe('a post with its campaign', () => {
  const { t, site } = useSiteApp();
  let now: number;
  beforeAll(async () => {
    now = nowSeconds();
    await seedCampaignPost(t, { slug: 'lantern-live', title: 'Lantern Live' }, {
      goal: 2_000_000,
      pledged: 4_821_000,
      backers: 241,
      launched_at: now - 10 * DAY,
      // Hours to spare on either side of the day: the words hold however slow the run.
      ends_at: now + 12 * DAY + 5 * HOUR,
      state: 'live',
    });
    await seedCampaignPost(t, { slug: 'kettle-ending', title: 'Kettle Ending', publishedDaysAgo: 2 }, {
      goal: 1_000_000,
      pledged: 250_000,
      backers: 31,
      launched_at: now - 20 * DAY,
      ends_at: now + 5 * HOUR + 30 * MINUTE,
      state: 'live',
    });
    await seedCampaignPost(t, { slug: 'grinder-funded', title: 'Grinder Funded', publishedDaysAgo: 3 }, {
      goal: 3_000_000,
      pledged: 3_310_000,
      backers: 402,
      launched_at: Date.UTC(2026, 9, 3, 12) / 1000,
      ends_at: Date.UTC(2026, 10, 2, 12) / 1000,
      state: 'successful',
    });
    await seedCampaignPost(t, { slug: 'film-upcoming', title: 'Film Upcoming', publishedDaysAgo: 4 }, {
      goal: 6_000_000,
      pledged: null,
      backers: null,
      launched_at: Date.UTC(2036, 11, 3, 12) / 1000,
      ends_at: null,
      state: 'upcoming',
    });
    await seedCampaignPost(t, { slug: 'garden-canceled', title: 'Garden Canceled', publishedDaysAgo: 5, categories: ['social'] }, {
      goal: 2_000_000,
      pledged: 120_000,
      backers: 12,
      launched_at: now - 5 * DAY,
      ends_at: now + 25 * DAY,
      state: 'canceled',
    });
    await seedCampaignPost(t, { slug: 'vase-failed', title: 'Vase Failed', publishedDaysAgo: 5, categories: ['social'] }, {
      goal: 2_000_000,
      pledged: 640_000,
      backers: 97,
      launched_at: now - 55 * DAY,
      ends_at: now - 25 * DAY,
      state: 'failed',
    });
    await seedCampaignPost(t, { slug: 'plain-post', title: 'Plain Post', publishedDaysAgo: 6 }, null);
    // Lantern Live without its campaign: as long a title, slug and link.
    await seedCampaignPost(
      t,
      { slug: 'lantern-bare', title: 'Lantern Bare', publishedDaysAgo: 0, url: 'https://www.kickstarter.com/projects/maker/lantern-live' },
      null,
    );
  });

  it('shows a live campaign in a fact box near the title: funding, a progress bar, backers, the countdown and its source', async () => {
    const html = await (await site.get('/lantern-live')).text();
    const box = factBox(html);
    expect(box).toContain('Kickstarter campaign');
    expect(box).toContain('Funded');
    expect(box).toContain('pledged $48,210 of $20,000 goal · 241 %');
    // The sign stays on the number's line.
    expect(factBoxHtml(html)).toContain('· 241\u00a0%');
    expect(box).toContain('backers 241');
    expect(box).toMatch(/as of \w{3} \d{1,2}, \d{4}, \d{2}:\d{2} UTC · from the editor/);
    // The bar stops at full while the words say how far past it the campaign is.
    expect(html).toMatch(/role="progressbar" aria-label="Funded" aria-valuemin="0" aria-valuemax="100" aria-valuenow="100" aria-valuetext="241\u00a0%"/);
    expect(times(factBoxHtml(html))[0]).toEqual([new Date((now + 12 * DAY + 5 * HOUR) * 1000).toISOString(), '12']);
    expect(box).toContain('days to go 12');
    // Above the body: near the title.
    expect(html.indexOf('campaign-facts')).toBeLessThan(html.indexOf('The full review.'));
    expect(html).toContain('Back This Project');
    // The platform's calculator, filled in with what was raised and its backers; past its goal, nothing more.
    const feeLinks = [...factBoxHtml(html).matchAll(/<a [^>]*href="(\/instant-kickstarter-fee-calculator[^"]*)"[^>]*>([^<]*)<\/a>/g)];
    expect(feeLinks.map(([, href, text]) => [decodeHtml(href ?? ''), text])).toEqual([
      ['/instant-kickstarter-fee-calculator?funds=48210&backers=241&campaign=lantern-live', 'Fees on the $48,210 pledged so far'],
    ]);
  });

  it('marks a campaign in its last 48 hours as ending soon and counts down in hours', async () => {
    const box = factBox(await (await site.get('/kettle-ending')).text());
    expect(box).toContain('Ending soon');
    expect(box).toContain('hours to go 5');
    expect(box).toContain('pledged $2,500 of $10,000 goal · 25 %');
    // Short of its goal: the fees on what is pledged, and at the goal.
    expect(box).toContain('Fees on the $2,500 pledged so far Fees if it funds at its $10,000 goal');
  });

  it('says when a funded campaign ended, on the site clocks', async () => {
    const box = factBox(await (await site.get('/grinder-funded')).text());
    expect(box).toContain('Funded');
    expect(box).toContain('Ended');
    expect(box).toContain('Ended 2 Nov');
    expect(box).not.toMatch(/left/);
  });

  it('says when an upcoming campaign launches, with its goal', async () => {
    const html = await (await site.get('/film-upcoming')).text();
    const box = factBox(html);
    expect(box).toContain('Pre-launch');
    expect(box).toContain('Launches 3 Dec');
    expect(box).toContain('goal $60,000');
    // No bar without an amount pledged (the related posts' cards carry their own).
    expect(factBoxHtml(html)).not.toContain('role="progressbar"');
  });

  it('offers "Back This Project" only while the campaign takes pledges; the title and the words around it follow the state', async () => {
    const cases: [slug: string, button: string, words: string, title: string][] = [
      ['lantern-live', 'Back This Project', 'Like what you see? Back Lantern Live directly on its campaign page', 'Still taking pledges'],
      ['grinder-funded', 'See the campaign page', 'The campaign for Grinder Funded has ended and takes no more pledges', 'Pledging has closed'],
      ['vase-failed', 'See the campaign page', 'The campaign for Vase Failed ended short of its goal and takes no pledges', 'It fell short of its goal'],
      ['garden-canceled', 'See the campaign page', 'The campaign for Garden Canceled was canceled and takes no pledges', 'The campaign was canceled'],
      ['film-upcoming', 'See the pre-launch page', 'Film Upcoming has not launched yet: follow it on its pre-launch page', 'Not launched yet'],
    ];
    for (const [slug, button, words, title] of cases) {
      const cta = sectionOf(await (await site.get(`/${slug}`)).text(), 'enjoyed-title');
      const text = decodeHtml(cta.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
      const link = new RegExp(`<a [^>]*href="https://www\\.kickstarter\\.com/projects/maker/${slug}[^"]*"[^>]*target="_blank"[^>]*>${button}<`);
      expect(cta, slug).toMatch(link);
      expect(text, slug).toContain(words);
      expect(textsOf(cta, 'h2'), slug).toEqual([title]);
      expect(text, slug).toContain('Explore More Projects');
      if (slug !== 'lantern-live') {
        expect(text, slug).not.toContain('Back This Project');
        expect(text, slug).not.toMatch(/\bBack [A-Z]/);
      }
    }
  });

  it('shows no fact box for a post without a campaign', async () => {
    const response = await site.get('/plain-post');
    expect(response.status).toBe(200);
    const html = await response.text();
    // The post itself: an error page would have no fact box either.
    expect(textsOf(html, 'h1')).toEqual(['Plain Post']);
    expect(factBox(html)).toBeNull();
  });

  it('adds at most 6 KB of HTML to a post', async () => {
    // Two posts alike but for the campaign; the titles and slugs have the same length.
    const withFacts = await (await site.get('/lantern-live')).text();
    const without = await (await site.get('/lantern-bare')).text();
    expect(factBox(without)).toBeNull();
    expect(Buffer.byteLength(withFacts) - Buffer.byteLength(without)).toBeLessThanOrEqual(6 * 1024);
  });

  it('shows the badge, the percentage and the time left on cards', async () => {
    const html = await (await site.get('/category/technology')).text();
    const card = html.split('<article').find((part) => part.includes('>Lantern Live<')) ?? '';
    const text = decodeHtml(card.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
    expect(text).toContain('Funded');
    expect(text).toContain('241 % funded');
    // Never broken before the sign.
    expect(card).toContain('241\u00a0% funded');
    expect(text).toContain('12 days left');
    expect(times(card).map(([, words]) => words)).toContain('12 days left');
  });

  it('words every date of a card in the one format of its publication date', async () => {
    const html = await (await site.get('/category/technology')).text();
    const datesOf = (title: string) => times(html.split('<article').find((part) => part.includes(`>${title}<`)) ?? '').map(([, words]) => words ?? '');
    const shortDate = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;
    expect(datesOf('Grinder Funded')).toContain('Ended Nov 2, 2026');
    expect(datesOf('Film Upcoming')).toContain('Launches Dec 3, 2036');
    for (const title of ['Grinder Funded', 'Film Upcoming']) {
      const dates = datesOf(title).map((words) => words.replace(/^(Ended|Launches) /, ''));
      expect(dates).toHaveLength(2);
      for (const date of dates) expect(date).toMatch(shortDate);
    }
  });

  it('shows the campaigns ending within 48 hours in the home page band, and fills a short band with those ending next', async () => {
    const html = await (await site.get('/')).text();
    const band = sectionOf(html, 'ending-soon');
    expect(textsOf(band, 'h2')).toEqual(['Ending in the next 48 hours']);
    expect(cardTitles(band)).toEqual(['Kettle Ending']);
    expect(decodeHtml(band)).toContain('Only one campaign ends in the next 48 hours.');
    expect(band).toContain('href="/ending-soon"');
    const next = sectionOf(html, 'ending-next');
    expect(textsOf(next, 'h2')).toEqual(['Ending next']);
    expect(cardTitles(next)).toEqual(['Lantern Live']);
  });

  it('lists on /ending-soon the campaigns ending within 48 hours, then every other live campaign by its end', async () => {
    const response = await site.get('/ending-soon');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['Ending Soon']);
    expect(cardTitles(sectionOf(html, 'ending-soon-projects'))).toEqual(['Kettle Ending']);
    expect(cardTitles(sectionOf(html, 'ending-next-projects'))).toEqual(['Lantern Live']);
  });

  it('filters a category by All, Live, Ending soon and Funded, marking the current filter', async () => {
    const titles = async (query: string) => {
      const html = await (await site.get(`/category/technology${query}`)).text();
      const filters = html.match(/<nav aria-label="Filter projects"[\s\S]*?<\/nav>/)?.[0] ?? '';
      const current = [...filters.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((match) => decodeHtml(match[1] ?? ''));
      return { cards: cardTitles(sectionOf(html, 'category-projects')), current };
    };
    expect(await titles('')).toEqual({
      cards: ['Lantern Bare', 'Lantern Live', 'Kettle Ending', 'Grinder Funded', 'Film Upcoming', 'Plain Post'],
      current: ['All'],
    });
    expect(await titles('?campaign=live')).toEqual({ cards: ['Lantern Live', 'Kettle Ending'], current: ['Live'] });
    expect(await titles('?campaign=ending_soon')).toEqual({ cards: ['Kettle Ending'], current: ['Ending soon'] });
    expect(await titles('?campaign=funded')).toEqual({ cards: ['Lantern Live', 'Grinder Funded'], current: ['Funded'] });
    // An unknown filter lists them all.
    expect((await titles('?campaign=bogus')).current).toEqual(['All']);
  });

  it('lists /ending-soon in the sitemap', async () => {
    const xml = await (await site.get('/sitemap.xml')).text();
    expect(xml).toContain('<loc>http://localhost/ending-soon</loc>');
  });
});

describe('pages without a live campaign', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    await seedCampaignPost(t, { slug: 'old-campaign', title: 'Old Campaign' }, {
      goal: 100_000,
      pledged: 50_000,
      backers: 3,
      launched_at: Date.UTC(2026, 0, 1) / 1000,
      ends_at: Date.UTC(2026, 1, 1) / 1000,
      state: 'failed',
    });
  });

  it('leave the home page band out and give /ending-soon an empty state', async () => {
    expect(await (await site.get('/')).text()).not.toContain('aria-labelledby="ending-soon"');
    const html = await (await site.get('/ending-soon')).text();
    expect(decodeHtml(html)).toContain('No live campaigns right now. Check back soon!');
  });
});

describe('a cached page showing a campaign', () => {
  const { t, site } = useSiteApp({ site: { cache: { checkIntervalMs: 0, writeSettleMs: 0 } } });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is rendered afresh at the second its badge changes, with no write in between', async () => {
    // The campaign becomes "ending soon" 48 hours before its end: 30 s from the start of the test.
    const start = Math.floor(Date.now() / 1000) + 1;
    vi.useFakeTimers({ toFake: ['Date'], now: start * 1000 });
    const endsAt = start + 48 * HOUR + 30;
    await seedCampaignPost(t, { slug: 'boundary-lamp', title: 'Boundary Lamp' }, {
      goal: 100_000,
      pledged: 10_000,
      backers: 5,
      launched_at: start - 10 * DAY,
      ends_at: endsAt,
      state: 'live',
    });
    const first = await site.get('/boundary-lamp');
    expect(first.headers.get('expires')).toBe(new Date((endsAt - 48 * HOUR) * 1000).toUTCString());
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=(29|30), s-maxage=(29|30)$/);
    const firstHtml = await first.text();
    expect(factBox(firstHtml)).not.toContain('Ending soon');
    expect(factBox(firstHtml)).toContain('days to go 2');

    // A second before: the kept copy (the page cache's own bound is a minute).
    vi.setSystemTime((endsAt - 48 * HOUR - 1) * 1000);
    expect(withoutNonces(await (await site.get('/boundary-lamp')).text())).toBe(withoutNonces(firstHtml));

    vi.setSystemTime((endsAt - 48 * HOUR) * 1000);
    const after = factBox(await (await site.get('/boundary-lamp')).text());
    expect(after).toContain('Ending soon');
  });
});

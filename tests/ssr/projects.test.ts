/**
 * `/projects` (decision 095): every post of every category, filtered by its
 * campaign and ordered by plain links, rendered on the server so a reader
 * without scripts and a crawler get the same list; one address per choice,
 * the first pages kept; a query it cannot answer is a 400 that says why.
 * The cards of every list carry their campaign's funding bar.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeHtml, seedCampaignPost, textsOf, useSiteApp, type CampaignSeed } from './site-app.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The titles of the post cards, in order. */
const cardTitles = (html: string) => textsOf(html, 'h3');

/** The list's section (nothing else on the page has cards). */
const listOf = (html: string) => {
  const start = html.indexOf('aria-labelledby="projects-list"');
  return start < 0 ? '' : html.slice(start, html.indexOf('</section>', start));
};

/** The card of the post at `/slug`, as HTML. */
function cardOf(html: string, slug: string): string {
  const link = html.indexOf(`href="/${slug}"`);
  expect(link, slug).toBeGreaterThan(0);
  return html.slice(html.lastIndexOf('<article', link), html.indexOf('</article>', link));
}

/** The links of the filters' or the orders' row: [href, text, current]. */
function choicesOf(html: string, label: 'Filter projects' | 'Sort projects'): [string, string, boolean][] {
  const start = html.indexOf(`<nav aria-label="${label}"`);
  const nav = html.slice(start, html.indexOf('</nav>', start));
  return [...nav.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes = '', text = '']) => [
    decodeHtml(/href="([^"]*)"/.exec(attributes)?.[1] ?? ''),
    decodeHtml(text),
    attributes.includes('aria-current="page"'),
  ]);
}

describe('/projects without JavaScript', () => {
  // Every render afresh from the clock: the page cache checks its sources on every request.
  const { t, site } = useSiteApp({ site: { cache: { checkIntervalMs: 0, writeSettleMs: 0, rewarmWithinMs: 0 } } });
  let start: number;

  const campaign = (facts: CampaignSeed): CampaignSeed => ({ goal: 10_000, backers: 10, ...facts });

  beforeAll(async () => {
    start = Math.floor(Date.now() / 1000) + 1;
    // Frozen, so the 48- and 72-hour lines hold however slow the run.
    vi.useFakeTimers({ toFake: ['Date'], now: start * 1000 });
    const seeds: [slug: string, title: string, daysAgo: number, facts: CampaignSeed | null, categories: string[]][] = [
      ['funded-live', 'Funded Live', 5, campaign({ state: 'live', pledged: 15_000, launched_at: start - 10 * DAY, ends_at: start + 20 * DAY }), ['tech']],
      ['half-way', 'Half Way', 4, campaign({ state: 'live', pledged: 5_000, launched_at: start - 5 * DAY, ends_at: start + 30 * DAY }), ['creative']],
      ['last-hours', 'Last Hours', 6, campaign({ state: 'live', pledged: 2_000, launched_at: start - 20 * DAY, ends_at: start + 10 * HOUR }), ['funding']],
      ['new-launch', 'New Launch', 1, campaign({ state: 'live', pledged: 8_000, launched_at: start - DAY, ends_at: start + 29 * DAY }), ['social']],
      ['ended-funded', 'Ended Funded', 10, campaign({ state: 'successful', pledged: 30_000, launched_at: start - 35 * DAY, ends_at: start - 5 * DAY }), ['business']],
      ['ended-short', 'Ended Short', 8, campaign({ state: 'failed', pledged: 1_000, launched_at: start - 32 * DAY, ends_at: start - 2 * DAY }), ['tech']],
      ['no-campaign', 'No Campaign', 3, null, ['creative']],
      ['coming-soon', 'Coming Soon', 2, campaign({ state: 'upcoming', pledged: null, launched_at: start + 2 * DAY, ends_at: start + 32 * DAY }), ['tech']],
    ];
    for (const [slug, title, daysAgo, facts, categories] of seeds) {
      await seedCampaignPost(t, { slug, title, publishedDaysAgo: daysAgo, categories, ...(facts ? {} : { url: null }) }, facts);
    }
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it('lists every post of every category, newest first, under "All Projects", indexed at its one address', async () => {
    const answer = await site.get('/projects');
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(textsOf(html, 'h1')).toEqual(['All Projects']);
    expect(cardTitles(listOf(html))).toEqual([
      'New Launch',
      'Coming Soon',
      'No Campaign',
      'Half Way',
      'Funded Live',
      'Last Hours',
      'Ended Short',
      'Ended Funded',
    ]);
    expect(html).toContain('<link rel="canonical" href="http://localhost/projects"/>');
    expect(html).not.toMatch(/<meta name="robots" content="noindex/);
  });

  it('offers each filter and order as a plain link that keeps the other choice, the current one marked', async () => {
    const html = await (await site.get('/projects?campaign=live&sort=percent_funded')).text();
    expect(choicesOf(html, 'Filter projects')).toEqual([
      ['/projects?sort=percent_funded', 'All', false],
      ['/projects?campaign=live&sort=percent_funded', 'Live', true],
      ['/projects?campaign=ending_soon&sort=percent_funded', 'Ending soon', false],
      ['/projects?campaign=just_launched&sort=percent_funded', 'Just launched', false],
      ['/projects?campaign=funded&sort=percent_funded', 'Funded', false],
      ['/projects?campaign=ended&sort=percent_funded', 'Ended', false],
    ]);
    expect(choicesOf(html, 'Sort projects')).toEqual([
      ['/projects?campaign=live&sort=ending_first', 'Ending first', false],
      ['/projects?campaign=live&sort=percent_funded', 'Most funded', true],
      ['/projects?campaign=live', 'Newest', false],
    ]);
  });

  it('shows exactly the posts each filter names, newest first', async () => {
    const cases: [filter: string, titles: string[]][] = [
      ['live', ['New Launch', 'Half Way', 'Funded Live', 'Last Hours']],
      ['ending_soon', ['Last Hours']],
      ['just_launched', ['New Launch']],
      ['funded', ['Funded Live', 'Ended Funded']],
      ['ended', ['Ended Short', 'Ended Funded']],
    ];
    for (const [filter, titles] of cases) {
      const answer = await site.get(`/projects?campaign=${filter}`);
      expect(answer.status, filter).toBe(200);
      const html = await answer.text();
      expect(cardTitles(listOf(html)), filter).toEqual(titles);
      // A moment's view of the list: its own address, not indexed.
      expect(html, filter).toContain(`<link rel="canonical" href="http://localhost/projects?campaign=${filter}"/>`);
      expect(html, filter).toMatch(/<meta name="robots" content="noindex/);
    }
  });

  it('orders by end (the campaigns still to end first, soonest first), by funding, or by date', async () => {
    const ending = await (await site.get('/projects?sort=ending_first')).text();
    expect(cardTitles(listOf(ending))).toEqual([
      'Last Hours',
      'Funded Live',
      'New Launch',
      'Half Way',
      'Coming Soon',
      'Ended Short',
      'Ended Funded',
      'No Campaign',
    ]);
    const funded = cardTitles(listOf(await (await site.get('/projects?sort=percent_funded')).text()));
    expect(funded.slice(0, 6)).toEqual(['Ended Funded', 'Funded Live', 'New Launch', 'Half Way', 'Last Hours', 'Ended Short']);
    // No percentage (nothing pledged, no campaign): last.
    expect(new Set(funded.slice(6))).toEqual(new Set(['Coming Soon', 'No Campaign']));
    // A filter and an order together.
    expect(cardTitles(listOf(await (await site.get('/projects?campaign=ended&sort=ending_first')).text()))).toEqual([
      'Ended Short',
      'Ended Funded',
    ]);
    expect(cardTitles(listOf(await (await site.get('/projects?campaign=live&sort=percent_funded')).text()))).toEqual([
      'Funded Live',
      'New Launch',
      'Half Way',
      'Last Hours',
    ]);
  });

  it("draws each card's funding bar under its title with its value, full past the goal, none without an amount pledged", async () => {
    const html = await (await site.get('/projects')).text();
    const bar = (slug: string) => /<div role="progressbar"[^>]*>/.exec(cardOf(html, slug))?.[0] ?? null;
    expect(bar('half-way')).toMatch(/aria-label="Funding" aria-valuemin="0" aria-valuemax="100" aria-valuenow="50" aria-valuetext="50\u00a0%"/);
    expect(bar('ended-funded')).toMatch(/aria-valuenow="100" aria-valuetext="300\u00a0%"/);
    expect(bar('coming-soon')).toBeNull();
    expect(bar('no-campaign')).toBeNull();
    // Under the title, before the excerpt.
    const card = cardOf(html, 'half-way');
    expect(card.indexOf('role="progressbar"')).toBeGreaterThan(card.indexOf('</h3>'));
    expect(card.indexOf('role="progressbar"')).toBeLessThan(card.indexOf('Why Half Way is worth a look.'));
    expect(cardOf(html, 'half-way')).toContain('style="width:50%"');
  });

  it('answers a filter or an order it does not offer with 400, saying which and what to pick, the choices still there', async () => {
    const cases: [query: string, message: string][] = [
      ['campaign=soon', 'There is no filter "soon": choose one of All, Live, Ending soon, Just launched, Funded, Ended.'],
      ['sort=pledged', 'There is no order "pledged": choose one of Ending first, Most funded, Newest.'],
      ['campaign=live&campaign=funded', 'Give campaign once, not 2 times.'],
    ];
    for (const [query, message] of cases) {
      const answer = await site.get(`/projects?${query}`);
      expect(answer.status, query).toBe(400);
      const html = await answer.text();
      expect(decodeHtml(html), query).toContain(message);
      expect(html, query).toContain('role="alert"');
      expect(choicesOf(html, 'Filter projects').map(([href]) => href)[0], query).toBe('/projects');
      expect(cardTitles(html), query).toEqual([]);
    }
    // A page token that is not ours: the list's first page, not an error.
    const mangled = await site.get('/projects?campaign=live&cursor=not-a-token');
    expect(mangled.status).toBe(302);
    expect(mangled.headers.get('location')).toBe('/projects?campaign=live');
  });

  it('redirects another spelling of a choice to its one address, keeping what is not its own', async () => {
    const cases: [spelling: string, canonical: string][] = [
      ['/projects?sort=published_at', '/projects'],
      ['/projects?campaign=', '/projects'],
      ['/projects?sort=percent_funded&campaign=live', '/projects?campaign=live&sort=percent_funded'],
      ['/Projects/?campaign=funded', '/projects?campaign=funded'],
      ['/projects?utm_source=mail&campaign=ended', '/projects?campaign=ended&utm_source=mail'],
    ];
    for (const [spelling, canonical] of cases) {
      const answer = await site.get(spelling);
      expect(answer.status, spelling).toBe(301);
      expect(answer.headers.get('location'), spelling).toBe(canonical);
    }
    expect((await site.get('/projects?campaign=ended&utm_source=mail')).status).toBe(200);
  });

  it('expires a filtered list when a campaign it does not show yet joins it by the clock', async () => {
    // The campaign ending in 10 hours joins the ended ones then; the list shows none whose words change before.
    const answer = await site.get('/projects?campaign=ended');
    expect(answer.headers.get('expires')).toBe(new Date((start + 10 * HOUR) * 1000).toUTCString());
    vi.setSystemTime((start + 10 * HOUR) * 1000);
    try {
      expect(cardTitles(listOf(await (await site.get('/projects?campaign=ended')).text()))).toEqual([
        'Last Hours',
        'Ended Short',
        'Ended Funded',
      ]);
    } finally {
      vi.setSystemTime(start * 1000);
    }
  });

  it('is in the sitemap', async () => {
    expect(await (await site.get('/sitemap.xml')).text()).toContain('<loc>http://localhost/projects</loc>');
  });
});

describe('/projects page by page, and the pages kept', () => {
  const { t, site } = useSiteApp({ site: { cache: { checkIntervalMs: 0, writeSettleMs: 0, rewarmWithinMs: 0 } } });
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    // 23 live campaigns, each better funded than the one before: the most funded is the newest too.
    for (let index = 1; index <= 23; index += 1) {
      await seedCampaignPost(
        t,
        { slug: `live-${index}`, title: `Live ${index}`, publishedDaysAgo: 30 - index, categories: ['tech'] },
        { goal: 10_000, pledged: index * 1_000, backers: index, state: 'live', launched_at: now - 40 * DAY, ends_at: now + (10 + index) * DAY },
      );
    }
  });

  it('follows "Load More" as a plain link, keeping the filter and the order, with nothing repeated or left out', async () => {
    const seen: string[] = [];
    let path: string | null = '/projects?campaign=live&sort=ending_first';
    let pages = 0;
    while (path) {
      const answer = await site.get(path);
      expect(answer.status, path).toBe(200);
      const html = await answer.text();
      seen.push(...cardTitles(listOf(html)));
      pages += 1;
      const next = /<a [^>]*href="(\/projects\?[^"]*cursor=[^"]+)"[^>]*>/.exec(html)?.[1];
      path = next ? decodeHtml(next) : null;
      if (path) expect(path).toMatch(/^\/projects\?campaign=live&sort=ending_first&cursor=/);
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, index) => `Live ${index + 1}`));
    // A category page's filter goes on to its next page the same way.
    const category = await (await site.get('/category/technology?campaign=live')).text();
    expect(decodeHtml(/<a [^>]*href="([^"]*cursor=[^"]+)"[^>]*>/.exec(category)?.[1] ?? '')).toMatch(/^\/category\/technology\?campaign=live&cursor=/);
  });

  it('keeps the first page of each choice in the rendered-page store, never a later page or a visitor\'s tags', async () => {
    const kept = async (path: string) =>
      (await t.deps.db.selectFrom('rendered_pages').select('path').where('path', '=', path).executeTakeFirst()) !== undefined;
    const first = '/projects?campaign=live&sort=percent_funded';
    const html = await (await site.get(first)).text();
    const next = decodeHtml(/<a [^>]*href="(\/projects\?[^"]*cursor=[^"]+)"[^>]*>/.exec(html)?.[1] ?? '');
    expect(next).not.toBe('');
    await site.get(next);
    await site.get('/projects?campaign=live&utm_source=mail');
    await site.get('/projects');
    await expect.poll(() => kept(first), { timeout: 5_000 }).toBe(true);
    await expect.poll(() => kept('/projects'), { timeout: 5_000 }).toBe(true);
    expect(await kept(next)).toBe(false);
    expect(await kept('/projects?campaign=live&utm_source=mail')).toBe(false);
  });
});

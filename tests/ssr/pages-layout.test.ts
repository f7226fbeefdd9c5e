import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { createSiteApp, decodeHtml, seedPost, seedResource, textsOf, useSiteApp } from './site-app.ts';

/** The part of the page from a marker to the end of its element's section. */
const sectionOf = (html: string, labelledBy: string) => {
  const from = html.indexOf(`aria-labelledby="${labelledBy}"`);
  if (from < 0) throw new Error(`no section labelled by ${labelledBy}`);
  return html.slice(from, html.indexOf('</section>', from));
};

/** The links of a piece of the page, as [href, text]. */
const linksOf = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => [
    match[1],
    decodeHtml((match[2] ?? '').replace(/<[^>]+>/g, '')).trim(),
  ]);

describe('the home page below the grid', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    for (let i = 1; i <= 3; i += 1) await seedPost(t, { slug: `home-post-${i}`, title: `Home Post ${i}`, daysAgo: i });
    await seedResource(t, { slug: 'fees-101', title: 'Fees 101' }, 1_700_000_300);
    await seedResource(t, { slug: 'pitch-video', title: 'Pitch Video' }, 1_700_000_200);
    await seedResource(t, { slug: 'reward-tiers', title: 'Reward Tiers' }, 1_700_000_100);
    await seedResource(t, { slug: 'old-guide', title: 'Old Guide' }, 1_600_000_000);
    await seedResource(t, { slug: 'draft-guide', title: 'Draft Guide', status: 'draft' });
  });

  it('shows the three latest resources, the two calculators, then the newsletter band', async () => {
    const html = await (await site.get('/')).text();
    const resources = sectionOf(html, 'latest-resources');
    expect(textsOf(resources, 'h2')).toEqual(['Guides for campaign creators']);
    expect(linksOf(resources)).toEqual([
      ['/resources', 'All resources'],
      ['/fees-101', 'Fees 101'],
      ['/pitch-video', 'Pitch Video'],
      ['/reward-tiers', 'Reward Tiers'],
    ]);
    const calculators = sectionOf(html, 'fee-calculators');
    expect(linksOf(calculators)).toEqual([
      ['/instant-kickstarter-fee-calculator', 'Kickstarter Fee Calculator'],
      ['/free-indiegogo-fee-calculator', 'Indiegogo Fee Calculator'],
    ]);
    const order = ['id="latest-projects"', 'id="latest-resources"', 'id="fee-calculators"', 'id="newsletter"'].map((marker) =>
      html.indexOf(marker),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.every((index) => index > 0)).toBe(true);
  });

  it('leaves no empty block above the newsletter band when there is no next page', async () => {
    const html = await (await site.get('/')).text();
    const beforeBand = html.slice(0, html.indexOf('id="newsletter"'));
    // The Load More area keeps only its hidden announcement, with no margin of its own.
    expect(beforeBand).not.toMatch(/<div class="mt-10 flex flex-col items-center gap-2"><p aria-live="polite" class="sr-only"><\/p><\/div>/);
    expect(beforeBand).toMatch(/<div class="flex flex-col items-center"><p aria-live="polite" class="sr-only"><\/p><\/div>/);
  });

  it('shows the calculators but no resources section when none is published', async () => {
    const empty = await createTestApp();
    try {
      const html = await (await (await createSiteApp(empty)).get('/')).text();
      expect(html).not.toContain('id="latest-resources"');
      expect(html).toContain('id="fee-calculators"');
    } finally {
      await empty.close();
    }
  });
});

describe('a category page', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    await seedPost(t, { slug: 'robot-arm', title: 'Robot Arm', category_ids: ['tech'] });
  });

  it('links the other categories and all projects, not itself', async () => {
    const html = await (await site.get('/category/technology')).text();
    const nav = html.slice(html.indexOf('aria-labelledby="other-categories"'), html.indexOf('</nav>', html.indexOf('aria-labelledby="other-categories"')));
    expect(textsOf(nav, 'h2')).toEqual(['Other categories']);
    const links = linksOf(nav);
    expect(links.map(([href]) => href)).not.toContain('/category/technology');
    expect(links.map(([href]) => href)).toContain('/category/funding');
    expect(links.at(-1)).toEqual(['/projects', 'All Projects']);
    expect(links.length).toBeGreaterThanOrEqual(5);
  });

  it("has a real empty state: SPEC.md's sentence, a way to all projects and the other categories", async () => {
    const html = await (await site.get('/category/business')).text();
    const empty = html.slice(html.indexOf('data-slot="empty"'), html.indexOf('aria-labelledby="other-categories"'));
    expect(empty).toContain('No projects found in this category yet. Check back soon!');
    expect(linksOf(empty)).toEqual([
      ['/', 'Browse all projects'],
      ['/submit-your-project-for-a-sponsored-post', 'Submit your project'],
    ]);
    expect(html).toMatch(/href="\/category\/technology"[^>]*>Technology<\/a>/);
  });
});

describe('a post page', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    await seedPost(t, {
      slug: 'solar-kite',
      title: 'Solar Kite',
      content: 'A short review of sixty words or so.',
      campaign_url: 'https://www.kickstarter.com/projects/solar-kite',
      category_ids: ['tech'],
      daysAgo: 1,
    });
    await seedPost(t, { slug: 'tech-two', title: 'Tech Two', category_ids: ['tech'], daysAgo: 5 });
    await seedPost(t, { slug: 'tech-three', title: 'Tech Three', category_ids: ['tech'], daysAgo: 6 });
    await seedPost(t, { slug: 'tech-draft', title: 'Tech Draft', category_ids: ['tech'], status: 'draft' });
    await seedPost(t, { slug: 'newest-art', title: 'Newest Art', category_ids: ['creative'], daysAgo: 0 });
    await seedPost(t, { slug: 'older-art', title: 'Older Art', category_ids: ['creative'], daysAgo: 9 });
    await seedPost(t, { slug: 'lonely', title: 'Lonely', category_ids: ['business'], daysAgo: 3 });
  });

  it('has one call-to-action block, with the campaign button and the way home', async () => {
    const html = await (await site.get('/solar-kite')).text();
    expect(html.match(/href="https:\/\/www.kickstarter.com\/projects\/solar-kite"/g)).toHaveLength(1);
    const cta = sectionOf(html, 'enjoyed-title');
    expect(textsOf(cta, 'h2')).toEqual(['Still taking pledges']);
    expect(linksOf(cta)).toEqual([
      ['https://www.kickstarter.com/projects/solar-kite', 'Back This Project (opens in a new tab)'],
      ['/', 'Explore More Projects'],
    ]);
    expect(html.match(/<aside /g) ?? []).toHaveLength(0);
  });

  it('offers More projects: the same category first, never itself nor a draft, then the latest', async () => {
    const html = await (await site.get('/solar-kite')).text();
    const more = sectionOf(html, 'related-projects');
    expect(textsOf(more, 'h2')).toEqual(['More projects']);
    expect(linksOf(more).filter(([href]) => !href?.startsWith('/category') && !href?.startsWith('http')).map(([href]) => href)).toEqual([
      '/tech-two',
      '/tech-three',
      '/newest-art',
    ]);
  });

  it('falls back to the latest posts when its category has no other', async () => {
    const html = await (await site.get('/lonely')).text();
    const more = sectionOf(html, 'related-projects');
    expect(linksOf(more).filter(([href]) => !href?.startsWith('/category') && !href?.startsWith('http')).map(([href]) => href)).toEqual([
      '/newest-art',
      '/solar-kite',
      '/tech-two',
    ]);
  });
});

describe('the 404 page', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    for (let i = 1; i <= 4; i += 1) await seedPost(t, { slug: `recent-${i}`, title: `Recent ${i}`, daysAgo: i });
  });

  it("keeps its 404 status and SPEC.md's texts, and offers a search and the three newest posts", async () => {
    const response = await site.get('/no/such/page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Oops! Page not found<\/h1>/);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Return to Home<\/a>/);
    const form = html.match(/<form [^>]*aria-label="Search the site"[^>]*>[\s\S]*?<\/form>/)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/search"');
    expect(form).toMatch(/<label [^>]*for="not-found-q"[^>]*>Search posts and resources<\/label>/);
    expect(form).toMatch(/<input [^>]*id="not-found-q"[^>]*name="q"/);
    const recent = sectionOf(html, 'not-found-recent');
    expect(textsOf(recent, 'h2')).toEqual(['Recent projects']);
    expect(linksOf(recent).map(([href]) => href)).toEqual(['/recent-1', '/recent-2', '/recent-3']);
  });

  it('offers the same on a post or resource address that does not exist', async () => {
    const response = await site.get('/no-such-post');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Content Not Found<\/h1>/);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Back to Home<\/a>/);
    expect(html.match(/<form [^>]*aria-label="Search the site"[^>]*>/)?.[0]).toContain('action="/search"');
    expect(linksOf(sectionOf(html, 'not-found-recent')).map(([href]) => href)).toEqual(['/recent-1', '/recent-2', '/recent-3']);
  });
});

describe('the current section in the navigation', () => {
  const { site } = useSiteApp();

  /** The header's links that say they are the current page, as their addresses. */
  const currentLinks = (html: string) =>
    [...html.matchAll(/<a [^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => tag.includes('aria-current="page"'))
      .map((tag) => /href="([^"]*)"/.exec(tag)?.[1]);

  it('marks the calculator in the Tools menu, and the menu itself, on a calculator page', async () => {
    const html = await (await site.get('/instant-kickstarter-fee-calculator')).text();
    expect(currentLinks(html)).toContain('/instant-kickstarter-fee-calculator');
    expect(currentLinks(html)).not.toContain('/free-indiegogo-fee-calculator');
    const summaries = [...html.matchAll(/<summary[^>]*>([\s\S]*?)<\/summary>/g)].map((match) =>
      decodeHtml((match[1] ?? '').replace(/<[^>]+>/g, '')).trim(),
    );
    expect(summaries).toContain('Tools (current section)');
    expect(summaries).toContain('Projects');
  });

  it('marks Resources on the resources page, and no menu as current', async () => {
    const html = await (await site.get('/resources')).text();
    expect(new Set(currentLinks(html))).toEqual(new Set(['/resources']));
    expect(html).not.toContain('(current section)');
  });
});

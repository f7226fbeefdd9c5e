import { beforeAll, describe, expect, it } from 'vitest';
import { ASSET_CACHE_CONTROL, PUBLIC_FILE_CACHE_CONTROL } from '../../server/pages.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { createSiteApp, jsonLdOf, metaContent, seedPost, textsOf, useSiteApp } from './site-app.ts';

const PUBLIC_PAGE = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

/** The post links of a region of the page, as [href, text]. */
const postLinks = (html: string) =>
  [...html.matchAll(/<h3[^>]*><a [^>]*href="(\/[^"]*)"[^>]*>([^<]*)<\/a><\/h3>/g)].map((match) => [match[1], match[2]]);

/** The part of the page between two markers. */
const between = (html: string, start: string, end: string) => {
  const from = html.indexOf(start);
  const to = html.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`"${start}" … "${end}" not found`);
  return html.slice(from, to);
};

describe('the home page', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    // 23 published posts, newest first by publication date: post-01 is newest.
    for (let i = 23; i >= 1; i -= 1) {
      const number = String(i).padStart(2, '0');
      await seedPost(t, { slug: `post-${number}`, title: `Project ${number}`, daysAgo: i, category_ids: ['tech'] });
    }
    await seedPost(t, { slug: 'secret-prototype', title: 'Secret Prototype Draft', status: 'draft' });
  });

  it('is complete server-rendered HTML with its title, description, canonical URL and a CDN cache header', async () => {
    const response = await site.get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe(PUBLIC_PAGE);
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain('<title>Crowdfunding Showcase: reviewed crowdfunding projects</title>');
    expect(metaContent(html, 'description')).toMatch(/^Reviewed crowdfunding campaigns worth backing:/);
    expect(html).toContain('<link rel="canonical" href="http://localhost/"/>');
    expect(metaContent(html, 'og:title')).toBe('Crowdfunding Showcase: reviewed crowdfunding projects');
    expect(metaContent(html, 'og:url')).toBe('http://localhost/');
    // The site's own card, as networks show a shared home page.
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:image')).toMatch(/^http:\/\/localhost\/social-cards\/site\.png\?v=[0-9a-f]{20}$/);
    expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'));
    expect(metaContent(html, 'og:image:alt')).toBe('Crowdfunding Showcase');
    expect(html).toMatch(/<main[^>]*>/);
    expect(html).not.toContain('role="status"');
  });

  it('describes the organisation and the website in JSON-LD', async () => {
    const html = await (await site.get('/')).text();
    expect(jsonLdOf(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'Organization',
            name: 'Crowdfunding Showcase',
            url: 'http://localhost/',
            logo: 'http://localhost/favicon.svg',
          },
          {
            '@type': 'WebSite',
            name: 'Crowdfunding Showcase',
            url: 'http://localhost/',
            description: expect.stringMatching(/^Reviewed crowdfunding campaigns/),
          },
        ],
      },
    ]);
  });

  it('shows the 7 newest posts as the mosaic, the first one largest, then the rest of the first 20 as Newly reviewed', async () => {
    const html = await (await site.get('/')).text();
    const mosaic = between(html, 'id="latest-projects"', 'id="more-projects"');
    expect(postLinks(mosaic)).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((i) => [`/post-0${i}`, `Project 0${i}`]),
    );
    // The first tile spans two columns and two rows, and its cover loads first.
    expect(mosaic).toMatch(/<li class="[^"]*sm:col-span-2 lg:row-span-2[^"]*"><article[\s\S]*?alt="Cover image for Project 01"/);
    const firstCover = mosaic.match(/<img [^>]*alt="Cover image for Project 01"[^>]*>/)?.[0] ?? '';
    expect(firstCover).toContain('fetchPriority="high"');
    expect(firstCover).toContain('width="1200"');
    expect(firstCover).toContain('height="675"');

    const more = between(html, '<section aria-labelledby="more-projects"', '<section aria-labelledby="fee-calculators"');
    expect(textsOf(more, 'h2')).toEqual(['Newly reviewed']);
    expect(postLinks(more).map(([href]) => href)).toEqual(
      Array.from({ length: 13 }, (_, i) => `/post-${String(i + 8).padStart(2, '0')}`),
    );
    const cardCover = more.match(/<img [^>]*alt="Cover image for Project 20"[^>]*>/)?.[0] ?? '';
    expect(cardCover).toContain('loading="lazy"');
    expect(more).toContain('Why Project 08 is worth a look.');
    expect(more).toContain('>Technology</span>');
    expect(more).toContain('4 min read');
  });

  it('has a Load More link to the next page that works without JavaScript', async () => {
    const html = await (await site.get('/')).text();
    const loadMore = html.match(/<a [^>]*href="(\/\?cursor=[^"]+)"[^>]*>(?:<[^>]+>)*Load More<\/a>/);
    expect(loadMore?.[1]).toBeTypeOf('string');
    const next = await site.get(loadMore?.[1] as string);
    expect(next.status).toBe(200);
    const page2 = await next.text();
    expect(postLinks(page2).map(([href]) => href)).toEqual(['/post-21', '/post-22', '/post-23']);
    expect(page2).not.toContain('id="latest-projects"');
    expect(page2).not.toContain('Load More');
    expect(metaContent(page2, 'robots')).toBe('noindex, follow');
  });

  it('sends a mangled cursor back to the first page', async () => {
    const response = await site.get('/?cursor=not-a-cursor');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('never shows drafts', async () => {
    const response = await site.get('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    // The page itself, with the newest post leading it: an error page would also lack the draft.
    expect(postLinks(html)[0]).toEqual(['/post-01', 'Project 01']);
    expect(html).not.toContain('Secret Prototype Draft');
    expect(html).not.toContain('secret-prototype');
  });

  it('ends with the newsletter slab, a form that posts without JavaScript', async () => {
    const html = await (await site.get('/')).text();
    const newsletter = html.slice(html.indexOf('id="newsletter"'));
    expect(textsOf(newsletter, 'h2')[0]).toBe('New reviews and guides, in your inbox');
    const form = newsletter.match(/<form [^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/?index#newsletter"');
    expect(newsletter).toMatch(/<input [^>]*type="email"[^>]*name="email"/);
    expect(newsletter).toMatch(/<input [^>]*name="website"[^>]*tabindex="-1"|<input [^>]*tabindex="-1"[^>]*name="website"/i);
    expect(newsletter).toContain('>Subscribe</button>');
  });

  it('shows the empty state when nothing is published', async () => {
    const empty = await createTestApp();
    try {
      const emptySite = await createSiteApp(empty);
      const response = await emptySite.get('/');
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('No projects found. Check back soon!');
      expect(html).not.toContain('<article');
      expect(html).not.toContain('Newly reviewed');
      expect(html).toContain('New reviews and guides, in your inbox');
    } finally {
      await empty.close();
    }
  });
});

describe('the navigation and the footer', () => {
  const { site } = useSiteApp();

  it('link the logo home, the Projects menu (with the campaigns ending soon and the newsletter archive) and Tools menu, Resources, Contact and Submit Project', async () => {
    const html = await (await site.get('/contact-us')).text();
    const nav = between(html, '<nav aria-label="Main"', '</nav>');
    // Native disclosures of plain links: every category and calculator is reachable without JavaScript.
    expect(textsOf(nav, 'summary')).toEqual(['Projects', 'Tools']);
    expect(textsOf(nav, 'a').slice(0, 9)).toEqual([
      'All Projects',
      'Ending Soon',
      'Newsletter Archive',
      'Funding',
      'Technology',
      'Creative Projects',
      'Social Impact',
      'Business',
      'Resources',
    ]);
    expect(nav).toMatch(/href="\/category\/creative-projects"[^>]*>Creative Projects<\/a>/);
    // Every project of every category, filtered and ordered there (decision 095).
    expect(nav).toMatch(/href="\/projects"[^>]*>All Projects<\/a>/);
    expect(nav).toMatch(/href="\/ending-soon"[^>]*>Ending Soon<\/a>/);
    expect(nav).toMatch(/href="\/newsletter"[^>]*>Newsletter Archive<\/a>/);
    expect(nav).toMatch(/href="\/free-indiegogo-fee-calculator"[^>]*>Indiegogo Calculator<\/a>/);
    expect(nav).toMatch(/href="\/resources"[^>]*>Resources<\/a>/);
    expect(nav).toMatch(/href="\/contact-us"[^>]*>Contact<\/a>/);
    expect(nav).toMatch(/href="\/submit-your-project-for-a-sponsored-post"[^>]*>Submit Project<\/a>/);
    expect(html).toMatch(/<header[^>]*>[\s\S]*?<a [^>]*href="\/"[^>]*>[\s\S]*?Crowdfunding Showcase<\/span><\/a>/);
  });

  it('render each link once, the menu of small screens being the same list, categories under a CATEGORIES heading', async () => {
    const html = await (await site.get('/')).text();
    const header = between(html, '<header', '</header>');
    const nav = between(header, '<nav aria-label="Main"', '</nav>');
    // The phone menu's button is a disclosure holding only itself, followed by the list it shows.
    expect(header).toMatch(/<summary aria-controls="site-nav"[^>]*>[\s\S]*?<span class="sr-only">Menu<\/span><\/summary><\/details><nav aria-label="Main" id="site-nav"/);
    expect(textsOf(nav, 'h2')).toEqual(['CATEGORIES']);
    expect(textsOf(header, 'a').slice(1)).toEqual([
      'All Projects',
      'Ending Soon',
      'Newsletter Archive',
      'Funding',
      'Technology',
      'Creative Projects',
      'Social Impact',
      'Business',
      'Resources',
      'Kickstarter Calculator',
      'Indiegogo Calculator',
      'Contact',
      'Submit Project',
    ]);
    expect(header.match(/href="\/category\/creative-projects"/g)).toHaveLength(1);
    expect(header.match(/href="\/ending-soon"/g)).toHaveLength(1);
    expect(header.match(/href="\/free-indiegogo-fee-calculator"/g)).toHaveLength(1);
  });

  it('end every page with the copyright of the current year, the legal pages and the privacy mail link', async () => {
    const html = await (await site.get('/resources')).text();
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toContain(`© ${new Date().getUTCFullYear()} Crowdfunding Showcase. All rights reserved.`);
    expect(footer).toMatch(/<a [^>]*href="\/privacy-policy"[^>]*>Privacy Policy<\/a>/);
    const terms = footer.match(/<a [^>]*href="\/terms-of-service"[^>]*>/)?.[0] ?? '';
    expect(terms).toContain('target="_blank"');
    expect(terms).toContain('rel="noopener noreferrer"');
    expect(footer).toMatch(/<a [^>]*href="mailto:privacy@[^"]+"/);
    // Without an analytics id there is nothing to prefer (tests/ssr/cookie-consent.test.ts covers both ways).
    expect(footer).not.toContain('Cookie preferences');
  });
});

describe('an unknown path', () => {
  const { site } = useSiteApp();

  it('answers a real 404 with the not-found page, inside the site frame', async () => {
    const response = await site.get('/no/such/page');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const html = await response.text();
    expect(html).toContain('<title>Page not found | Crowdfunding Showcase</title>');
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(html).toMatch(/<h1[^>]*>Oops! Page not found<\/h1>/);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Return to Home<\/a>/);
    expect(html).toContain('<nav aria-label="Main"');
  });

  it('logs the missing path, without its query string', async () => {
    const before = site.logLines.length;
    await site.get('/gone/away?token=secret-value');
    const lines = site.logLines.slice(before);
    const logged = lines.filter((line) => line.msg === 'page not found');
    expect(logged.map((line) => line.path)).toEqual(['/gone/away']);
    expect(JSON.stringify(lines)).not.toContain('secret-value');
  });
});

describe('beside the pages', () => {
  const { site } = useSiteApp();

  it('the API still answers JSON, including its own 404s', async () => {
    const health = await site.get('/api/health', { accept: '*/*' });
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await health.json()).toEqual({ status: 'ok' });

    const missing = await site.get('/api/no-such-thing', { accept: 'text/html' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'NOT_FOUND', message: 'No API endpoint at GET /api/no-such-thing' });
  });

  it('serves hashed assets as immutable and public files with a short cache', async () => {
    const html = await (await site.get('/')).text();
    const script = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(script).toBeTypeOf('string');
    const asset = await site.get(script as string, {});
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe(ASSET_CACHE_CONTROL);

    const image = await site.get('/images/demo/solar-backpack.svg', {});
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(image.headers.get('cache-control')).toBe(PUBLIC_FILE_CACHE_CONTROL);
    expect(await image.text()).toMatch(/^<svg /);
  });

  it('answers a missing asset with a short 404, not the page', async () => {
    const response = await site.get('/assets/entry.client-gone.js', {});
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
  });
});

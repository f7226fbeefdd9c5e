/**
 * The search page, `/search?q=…`: server-rendered results of a plain GET
 * form, with highlighted snippets, paging links, an empty state and noindex;
 * and the search form every public page carries in its header.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeHtml, metaContent, seedPost, seedResource, textsOf, useSiteApp } from './site-app.ts';

/** The result links of a search page, in order. */
const resultLinks = (html: string) =>
  [...html.matchAll(/<h3[^>]*><a [^>]*href="(\/[^"]*)"[^>]*>([^<]*)<\/a><\/h3>/g)].map((match) => match[1]);

/** The href of the link whose text is `text`, decoded. */
const linkHref = (html: string, text: string) => {
  const match = html.match(new RegExp(`<a [^>]*href="([^"]*)"[^>]*>${text}</a>`));
  return match?.[1] === undefined ? undefined : decodeHtml(match[1]);
};

describe('the search page', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    await seedPost(t, {
      slug: 'kickstarter-fees',
      title: 'Kickstarter fees, explained',
      content: 'What Kickstarter keeps of every pledge, and when it pays out.',
      daysAgo: 1,
    });
    await seedPost(t, {
      slug: 'scripted-lamp',
      title: 'Scripted lamp',
      excerpt: 'A lamp.',
      content: 'The body shows <script>alert("owned")</script> as text, then the word kickoff.',
      sponsored: true,
    });
    await seedResource(t, { slug: 'pledge-guide', title: 'Pledge levels guide', content: 'How backers pick a kickstarter reward.' });
    await seedPost(t, { slug: 'hidden-kick', title: 'Kickstarter draft', status: 'draft' });
  });

  it('renders the results of a plain GET on the server: type, title link, marked snippet, date, noindex', async () => {
    const response = await site.get('/search?q=kick');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['Search results for “kick”']);
    expect(html).toContain('<title>Search: kick | Crowdfunding Showcase</title>');
    expect(metaContent(html, 'robots')).toBe('noindex, follow');
    expect(resultLinks(html).sort()).toEqual(['/kickstarter-fees', '/pledge-guide', '/scripted-lamp']);
    expect(html).not.toContain('Kickstarter draft');

    const fees = html.slice(html.indexOf('href="/kickstarter-fees"') - 600, html.indexOf('href="/kickstarter-fees"') + 900);
    expect(fees).toContain('Post');
    expect(fees).toContain('What <mark>Kickstarter</mark> keeps of every pledge, and when it pays out.');
    expect(fees).toMatch(/<time dateTime="2026-03-13T12:00:00.000Z">Mar 13, 2026<\/time>/);
    const guide = html.slice(html.indexOf('href="/pledge-guide"') - 600, html.indexOf('href="/pledge-guide"') + 600);
    expect(guide).toContain('Resource');
    expect(guide).toContain('How backers pick a <mark>kickstarter</mark> reward.');
    // The paid post carries its disclosure here too.
    const lamp = html.slice(html.indexOf('href="/scripted-lamp"') - 600, html.indexOf('href="/scripted-lamp"'));
    expect(lamp).toContain('Sponsored');
  });

  it('shows markup from a body as text, never as HTML', async () => {
    const html = await (await site.get('/search?q=kickoff')).text();
    expect(html).toContain(
      'The body shows &lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt; as text, then the word <mark>kickoff</mark>.',
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toMatch(/<script>alert\(/);
  });

  it('keeps the query in its own search form, a GET to /search', async () => {
    const html = await (await site.get('/search?q=kick')).text();
    expect(html).toMatch(/<form role="search" aria-label="Search posts and resources"[^>]*action="\/search" method="get">/);
    expect(html).toMatch(/<label for="search-page-q"[^>]*>Search posts and resources<\/label>/);
    expect(html).toMatch(/<input id="search-page-q" type="search"[^>]*name="q" value="kick"\/>/);
  });

  it('shows its empty state when nothing matches', async () => {
    const response = await site.get('/search?q=zebrafinch');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Nothing matches your search. Try fewer or shorter words.');
    expect(resultLinks(html)).toEqual([]);
    expect(html).not.toContain('Next page');
  });

  it('shows the form alone before a query, and is never indexed', async () => {
    const response = await site.get('/search');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['Search']);
    expect(metaContent(html, 'robots')).toBe('noindex, follow');
    expect(html).not.toContain('Nothing matches');
    expect(html).toMatch(/<input id="search-page-q" type="search"[^>]*name="q" value=""\/>/);
  });

  it('answers 400 with the reason for a query it refuses', async () => {
    const wordless = await site.get('/search?q=%21%21%21');
    expect(wordless.status).toBe(400);
    expect(await wordless.text()).toContain('Search for a word with letters or digits.');
    const long = await site.get(`/search?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('Searches are limited to 200 characters. Try fewer words.');
  });
});

describe('paging through search results', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    for (let i = 1; i <= 12; i += 1) {
      await seedPost(t, { slug: `tripod-${i}`, title: `Travel tripod ${i}`, daysAgo: i });
    }
  });

  it('links "Next page" as a plain link, and the last page back to the first', async () => {
    const first = await (await site.get('/search?q=tripod')).text();
    const firstLinks = resultLinks(first);
    expect(firstLinks).toHaveLength(10);
    const next = linkHref(first, 'Next page');
    expect(next).toMatch(/^\/search\?q=tripod&cursor=[\w-]+$/);
    expect(first).not.toContain('First page');

    const secondResponse = await site.get(next ?? '');
    expect(secondResponse.status).toBe(200);
    const second = await secondResponse.text();
    const secondLinks = resultLinks(second);
    expect(secondLinks).toHaveLength(2);
    expect(new Set([...firstLinks, ...secondLinks]).size).toBe(12);
    expect(second).not.toContain('Next page');
    expect(linkHref(second, 'First page')).toBe('/search?q=tripod');
  });

  it('sends a mangled page link back to the first page', async () => {
    const response = await site.get('/search?q=tripod&cursor=not-ours');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/search?q=tripod');
  });
});

describe('the site header', () => {
  const { site } = useSiteApp();

  it('carries one labelled GET search form on every public page, behind a button of its own below wide screens', async () => {
    for (const path of ['/', '/resources', '/contact-us']) {
      const html = await (await site.get(path)).text();
      const forms = html.match(/<form [^>]*aria-label="Site search"/g) ?? [];
      expect(forms, path).toHaveLength(1);
      // The button is a disclosure holding only itself, right before the form: it opens without scripts.
      expect(html, path).toMatch(
        /<summary aria-controls="site-search"[^>]*>[\s\S]*?<span class="sr-only">Search<\/span><\/summary><\/details><form id="site-search" role="search" aria-label="Site search"[^>]*action="\/search" method="get"><label for="site-search-q"[^>]*>Search posts and resources<\/label><input id="site-search-q" type="search" required=""[^>]*name="q"\/>/,
      );
    }
  });
});

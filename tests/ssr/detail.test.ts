import { beforeAll, describe, expect, it } from 'vitest';
import { freshIp, useTestApp } from '../helpers/test-app.ts';
import { createSiteApp, decodeHtml, jsonLdOf, metaContent, PI_DAY, seedPost, seedResource, textsOf, type SiteApp, useSiteApp } from './site-app.ts';

const REVIEW = `## Why it caught our eye

A **solar** panel that ~~folds~~ hinges out.

| Pledge | Reward |
| --- | --- |
| $40 | One kit |

<script>alert('stolen')</script>

<img src="x" onerror="alert('stolen')">

[Run this](javascript:alert('stolen')) and [the maker](https://example.com/maker).
`;

/** The article's markdown body. */
const bodyOf = (html: string) => html.match(/<div class="markdown">([\s\S]*?)<\/div>/)?.[1] ?? '';

describe('a post page', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    // A category outside SPEC.md's known list: its id shows raw.
    await t.deps.db
      .insertInto('categories')
      .values({ id: 'gadgets', slug: 'gadgets', name: 'Gadgets', description: 'Small useful things.', position: 9 })
      .execute();
    await seedPost(t, {
      slug: 'solar-kite',
      title: 'Solar Kite',
      excerpt: 'A kite that charges your phone.',
      content: REVIEW,
      campaign_url: 'https://www.kickstarter.com/projects/solar-kite',
      category_ids: ['tech', 'gadgets'],
      cover_image: '/images/demo/solar-backpack.svg',
      read_time: 7,
    });
    await seedPost(t, { slug: 'quiet-launch', title: 'Quiet Launch', campaign_url: null, cover_image: null });
    await seedPost(t, { slug: 'unfinished-review', title: 'Unfinished Review', status: 'draft' });
  });

  it('is server-rendered with its title, cover, categories, long date, read time and italic excerpt', async () => {
    const response = await site.get('/solar-kite');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    const html = await response.text();
    expect(html).toContain('<title>Solar Kite | Crowdfunding Showcase</title>');
    expect(textsOf(html, 'h1')).toEqual(['Solar Kite']);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>.*Back to Projects<\/a>/);
    expect(html).toMatch(/<img [^>]*src="\/images\/demo\/solar-backpack.svg"[^>]*alt="Cover image for Solar Kite"/);
    expect(textsOf(html, 'span').filter((text) => ['Technology', 'gadgets', 'Gadgets'].includes(text))).toEqual([
      'Technology',
      'gadgets',
    ]);
    expect(html).toContain(`<time dateTime="${new Date(PI_DAY * 1000).toISOString()}">March 14, 2026</time>`);
    expect(html).toContain('7 min read');
    expect(html).toMatch(/<p class="[^"]*italic[^"]*">A kite that charges your phone.<\/p>/);
  });

  it('renders the review as GitHub-flavoured markdown', async () => {
    const body = bodyOf(await (await site.get('/solar-kite')).text());
    expect(body).toContain('<h2>Why it caught our eye</h2>');
    expect(body).toContain('<strong>solar</strong>');
    expect(body).toContain('<del>folds</del>');
    expect(body).toMatch(/<table>[\s\S]*<th>Pledge<\/th>[\s\S]*<td>One kit<\/td>/);
    expect(body).toContain('<a href="https://example.com/maker">the maker</a>');
  });

  it('sends the review once: in the HTML, not again in the hydration data; a client navigation gets it as data', async () => {
    const html = await (await site.get('/solar-kite')).text();
    expect(bodyOf(html)).toContain('<h2>Why it caught our eye</h2>');
    const hydration = html.slice(html.indexOf('streamController.enqueue'));
    expect(hydration).toContain('A kite that charges your phone.');
    expect(hydration).not.toContain('Why it caught our eye');
    // What React Router fetches when a visitor follows a link to the post.
    const data = await site.get('/solar-kite.data', { accept: '*/*' });
    expect(data.status).toBe(200);
    expect(await data.text()).toContain('Why it caught our eye');
  });

  it('lets no script, event handler or javascript: link through the markdown', async () => {
    const body = bodyOf(await (await site.get('/solar-kite')).text());
    expect(body).not.toMatch(/<script/i);
    expect(body).not.toMatch(/onerror/i);
    expect(body).not.toMatch(/javascript:/i);
    expect(body).not.toContain('<img');
    expect(body).toContain('<a>Run this</a>');
  });

  it('has one call to action after the review, opening the campaign in a new tab without opener', async () => {
    const html = await (await site.get('/solar-kite')).text();
    const links = [...html.matchAll(/<a [^>]*href="https:\/\/www.kickstarter.com\/projects\/solar-kite"[^>]*>/g)].map(
      (match) => match[0],
    );
    expect(links).toHaveLength(1);
    expect(links[0]).toContain('target="_blank"');
    expect(links[0]).toContain('rel="noopener noreferrer"');
    const body = html.indexOf('<div class="markdown">');
    expect(html.indexOf('Back This Project')).toBeGreaterThan(body);
    expect(html.indexOf('Back This Project')).toBeGreaterThan(html.indexOf('id="enjoyed-title"'));
    expect(html).not.toContain('Visit Campaign');
  });

  it('ends with the slab that says the campaign still takes pledges, and its button home', async () => {
    const html = await (await site.get('/solar-kite')).text();
    const block = html.slice(html.indexOf('id="enjoyed-title"') - 200);
    expect(textsOf(block, 'h2')[0]).toBe('Still taking pledges');
    expect(block).toMatch(/<a [^>]*href="\/"[^>]*>Explore More Projects<\/a>/);
  });

  it('has no call to action when the post has no campaign URL', async () => {
    const html = await (await site.get('/quiet-launch')).text();
    expect(html).not.toContain('Back This Project');
    expect(html).not.toContain('Visit Campaign');
    expect(html).not.toContain('target="_blank" rel="noopener noreferrer" class="inline-flex');
    expect(html).toContain('More campaigns we have reviewed');
  });

  it('is described for search engines and link previews: canonical, Open Graph, Twitter card and an Article', async () => {
    const html = await (await site.get('/solar-kite')).text();
    expect(metaContent(html, 'description')).toBe('A kite that charges your phone.');
    expect(html).toContain('<link rel="canonical" href="http://localhost/solar-kite"/>');
    expect(metaContent(html, 'og:type')).toBe('article');
    // A raster card, since networks do not show SVG covers.
    expect(metaContent(html, 'og:image')).toMatch(/^http:\/\/localhost\/social-cards\/post\/solar-kite\.png\?v=[0-9a-f]{20}$/);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:image:alt')).toBe('Solar Kite, on Crowdfunding Showcase');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'));
    const [article] = jsonLdOf(html) as Record<string, unknown>[];
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Solar Kite',
      description: 'A kite that charges your phone.',
      image: ['http://localhost/images/demo/solar-backpack.svg'],
      datePublished: new Date(PI_DAY * 1000).toISOString(),
      url: 'http://localhost/solar-kite',
      publisher: { '@type': 'Organization', name: 'Crowdfunding Showcase' },
    });
  });

  it('shows Content Not Found with a real 404 for a draft, and logs the path', async () => {
    const before = site.logLines.length;
    const response = await site.get('/unfinished-review');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['Content Not Found']);
    expect(decodeHtml(html)).toContain("The content you're looking for doesn't exist or has been removed.");
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Back to Home<\/a>/);
    expect(html).not.toContain('Unfinished Review');
    expect(site.logLines.slice(before).filter((line) => line.msg === 'page not found').map((line) => line.path)).toEqual([
      '/unfinished-review',
    ]);
  });
});

describe('a resource page', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    await seedResource(t, {
      slug: 'press-kit-basics',
      title: 'Press Kit Basics',
      excerpt: 'What journalists open first.',
      content: '## Start with photos\n\n- Product shots\n- The team',
      read_time: 9,
    });
  });

  it('shows a back link to the resources, the title, the long date, the read time, the cover and the markdown', async () => {
    const response = await site.get('/press-kit-basics');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<a [^>]*href="\/resources"[^>]*>.*Back to Resources<\/a>/);
    expect(textsOf(html, 'h1')).toEqual(['Press Kit Basics']);
    expect(html).toContain('March 14, 2026</time>');
    expect(html).toContain('9 min read');
    expect(html).toMatch(/<img [^>]*src="\/images\/demo\/fees-explained.svg"[^>]*alt="Cover image for Press Kit Basics"/);
    expect(bodyOf(html)).toContain('<h2>Start with photos</h2>');
    expect(bodyOf(html)).toMatch(/<ul>\s*<li>Product shots<\/li>/);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect((jsonLdOf(html)[0] as Record<string, unknown>)['@type']).toBe('Article');
  });

  it('is found after a post of another slug, never shadowing a post', async () => {
    await seedPost(t, { slug: 'shared-word', title: 'The Post Wins' });
    await seedResource(t, { slug: 'other-word', title: 'Other Resource' });
    expect(textsOf(await (await site.get('/shared-word')).text(), 'h1')).toEqual(['The Post Wins']);
    expect(textsOf(await (await site.get('/other-word')).text(), 'h1')).toEqual(['Other Resource']);
  });
});

describe('markdown that cannot be rendered', () => {
  const { t, site } = useSiteApp();

  it('shows as raw text and is logged', async () => {
    // Thousands of nested quotes exhaust the parser's stack.
    const content = `${'> '.repeat(6000)}deep thought`;
    await seedPost(t, { slug: 'deep-quote', title: 'Deep Quote', content });
    const before = site.logLines.length;
    const response = await site.get('/deep-quote');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('<div class="markdown">');
    expect(decodeHtml(html)).toContain('> > > deep thought');
    const warnings = site.logLines.slice(before).filter((line) => line.level === 40);
    expect(warnings.map((line) => [line.msg, line.slug])).toEqual([
      ['post markdown could not be rendered: showing raw text', 'deep-quote'],
    ]);
  });

  it('is sent once too: in the HTML as escaped text, not again in the hydration data; a client navigation gets it as data', async () => {
    const content = `${'> '.repeat(6000)}raw thought <script>alert(1)</script> & more`;
    await seedPost(t, { slug: 'raw-quote', title: 'Raw Quote', content });
    const html = await (await site.get('/raw-quote')).text();
    const body = html.match(/<div class="whitespace-pre-wrap[^"]*">([^<]*)<\/div>/)?.[1] ?? '';
    expect(body).toContain('&gt; &gt; raw thought &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(decodeHtml(body)).toBe(content);
    const hydration = html.slice(html.indexOf('streamController.enqueue'));
    expect(hydration).toContain('Raw Quote');
    expect(hydration).not.toContain('raw thought');
    const data = await site.get('/raw-quote.data', { accept: '*/*' });
    expect(data.status).toBe(200);
    expect(await data.text()).toContain('raw thought');
  });
});

describe('a renamed post or resource', () => {
  const t = useTestApp();
  let site: SiteApp;
  let token: string;
  beforeAll(async () => {
    site = await createSiteApp(t);
    token = await t.adminToken();
  });

  const renamePost = async (id: number, slug: string, status: 'draft' | 'published' = 'published') => {
    const current = (await t.request('GET', `/admin/posts/${id}`, { token })).body;
    const response = await t.request('PUT', `/admin/posts/${id}`, {
      token,
      ip: freshIp(),
      body: { ...current, slug, status },
    });
    expect(response.status).toBe(200);
  };

  it('answers its old address with a permanent redirect to the new one', async () => {
    const post = await seedPost(t, { slug: 'old-kite-name', title: 'Kite' });
    await renamePost(post.id, 'new-kite-name');
    const response = await site.get('/old-kite-name');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/new-kite-name');
    expect((await site.get('/new-kite-name')).status).toBe(200);
  });

  it('follows several renames to the latest slug, and a slug taken back is the live page again', async () => {
    const post = await seedPost(t, { slug: 'first-name', title: 'Renamed Often' });
    await renamePost(post.id, 'second-name');
    await renamePost(post.id, 'third-name');
    expect((await site.get('/first-name')).headers.get('location')).toBe('/third-name');
    expect((await site.get('/second-name')).headers.get('location')).toBe('/third-name');
    await renamePost(post.id, 'first-name');
    expect((await site.get('/first-name')).status).toBe(200);
    expect((await site.get('/third-name')).headers.get('location')).toBe('/first-name');
  });

  it('keeps no redirect for a draft renamed before publication, nor to a post unpublished since', async () => {
    const draft = await seedPost(t, { slug: 'draft-name', title: 'Draft', status: 'draft' });
    await renamePost(draft.id, 'draft-renamed', 'draft');
    expect((await site.get('/draft-name')).status).toBe(404);

    const post = await seedPost(t, { slug: 'was-public', title: 'Was Public' });
    await renamePost(post.id, 'now-hidden', 'draft');
    expect((await site.get('/was-public')).status).toBe(404);
  });

  it('redirects the old address of a renamed resource too', async () => {
    const resource = await seedResource(t, { slug: 'fees-101', title: 'Fees 101' });
    const current = (await t.request('GET', `/admin/resources/${resource.id}`, { token })).body;
    const response = await t.request('PUT', `/admin/resources/${resource.id}`, {
      token,
      ip: freshIp(),
      body: { ...current, slug: 'fees-explained-simply' },
    });
    expect(response.status).toBe(200);
    const old = await site.get('/fees-101');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/fees-explained-simply');
  });

  it('records the old slug in the slug history, in the same transaction as the rename', async () => {
    const post = await seedPost(t, { slug: 'history-before', title: 'History' });
    await renamePost(post.id, 'history-after');
    const rows = await t.deps.db
      .selectFrom('slug_history')
      .select(['old_slug', 'content_type', 'content_id'])
      .where('content_id', '=', post.id)
      .where('content_type', '=', 'post')
      .execute();
    expect(rows).toEqual([{ old_slug: 'history-before', content_type: 'post', content_id: post.id }]);
  });
});

describe('the canonical origin', () => {
  const { t, site } = useSiteApp({ app: { env: { PUBLIC_URL: 'https://showcase.example.org' } } });
  beforeAll(async () => {
    await seedPost(t, { slug: 'canonical-kite', title: 'Canonical Kite' });
  });

  it('comes from PUBLIC_URL when it is configured, whatever host the request named', async () => {
    const html = await (await site.get('/canonical-kite')).text();
    expect(html).toContain('<link rel="canonical" href="https://showcase.example.org/canonical-kite"/>');
    expect(metaContent(html, 'og:url')).toBe('https://showcase.example.org/canonical-kite');
    expect(metaContent(html, 'og:image')).toMatch(/^https:\/\/showcase\.example\.org\/social-cards\/post\/canonical-kite\.png\?v=[0-9a-f]{20}$/);
  });
});

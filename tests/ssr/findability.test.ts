import { beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../helpers/test-app.ts';
import { createSiteApp, decodeHtml, metaContent, PI_DAY, seedPost, seedResource, textsOf, withoutNonces, useSiteApp } from './site-app.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe('the sitemap, robots.txt and the feed', () => {
  const { t, site } = useSiteApp({ app: { env: { PUBLIC_URL: 'https://showcase.example.org/' } } });
  beforeAll(async () => {
    await seedPost(t, { slug: 'sky-lantern', title: 'Sky Lantern & Friends', category_ids: ['creative'], daysAgo: 1 });
    await seedPost(t, { slug: 'river-boat', title: 'River Boat', excerpt: 'A boat <for> rivers.' });
    await seedPost(t, { slug: 'secret-draft', title: 'Secret Draft', status: 'draft' });
    await seedResource(t, { slug: 'launch-checklist', title: 'Launch Checklist' });
    await seedResource(t, { slug: 'draft-guide', title: 'Draft Guide', status: 'draft' });
  });

  it('lists the static pages, every category, published post and resource in /sitemap.xml', async () => {
    const response = await site.get('/sitemap.xml', {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^public/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const origin = 'https://showcase.example.org';
    expect(locs(xml)).toEqual([
      `${origin}/`,
      `${origin}/projects`,
      `${origin}/resources`,
      `${origin}/ending-soon`,
      `${origin}/instant-kickstarter-fee-calculator`,
      `${origin}/free-indiegogo-fee-calculator`,
      `${origin}/contact-us`,
      `${origin}/submit-your-project-for-a-sponsored-post`,
      `${origin}/newsletter`,
      `${origin}/privacy-policy`,
      `${origin}/terms-of-service`,
      `${origin}/category/funding`,
      `${origin}/category/technology`,
      `${origin}/category/creative-projects`,
      `${origin}/category/social-impact`,
      `${origin}/category/business`,
      `${origin}/river-boat`,
      `${origin}/sky-lantern`,
      `${origin}/launch-checklist`,
    ]);
    expect(xml).toMatch(/<loc>https:\/\/showcase.example.org\/river-boat<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
  });

  it('lets robots crawl the site but not the back office or the counted redirects, and points them at the sitemap', async () => {
    const response = await site.get('/robots.txt', {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /admin$',
        'Disallow: /admin/',
        'Disallow: /auth$',
        'Disallow: /auth/',
        'Disallow: /api/',
        'Disallow: /go/',
        'Disallow: /share/',
        'Disallow: /n/',
        '',
        'Sitemap: https://showcase.example.org/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('publishes the newest published posts as an RSS feed, escaped', async () => {
    const response = await site.get('/rss.xml', {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>Crowdfunding Showcase</title>');
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? '');
    expect(items.map((item) => item.match(/<link>([^<]+)<\/link>/)?.[1])).toEqual([
      'https://showcase.example.org/river-boat',
      'https://showcase.example.org/sky-lantern',
    ]);
    expect(items[0]).toContain('<description>A boat &lt;for&gt; rivers.</description>');
    expect(items[0]).toContain(`<pubDate>${new Date(PI_DAY * 1000).toUTCString()}</pubDate>`);
    expect(items[1]).toContain('<title>Sky Lantern &amp; Friends</title>');
    expect(items[1]).toContain('<category>Creative Projects</category>');
    expect(xml).not.toContain('secret-draft');
  });

  it('is announced to feed readers from every page, titled with the site\'s name', async () => {
    for (const path of ['/', '/resources', '/contact-us', '/auth']) {
      const html = await (await site.get(path)).text();
      expect(withoutNonces(html), path).toContain('<link rel="alternate" type="application/rss+xml" title="Crowdfunding Showcase" href="/rss.xml"/>');
    }
  });
});

describe('the legal pages', () => {
  const { site } = useSiteApp();

  it('state the privacy policy facts: 2 years of form data, 30 days to answer', async () => {
    const response = await site.get('/privacy-policy');
    expect(response.status).toBe(200);
    const html = decodeHtml(await response.text());
    expect(textsOf(html, 'h1')).toEqual(['Privacy Policy']);
    expect(html).toContain('<time dateTime="2025-10-15">October 15, 2025</time>');
    expect(html).toContain('is kept for 2 years');
    expect(html).toContain('within 30 days');
    expect(html).toMatch(/<a href="mailto:privacy@[^"]+">/);
    expect(metaContent(html, 'description')).toMatch(/personal data/);
  });

  it('state the terms with the liability and the law left for the owner to fill in (decision 053)', async () => {
    const response = await site.get('/terms-of-service');
    expect(response.status).toBe(200);
    const html = decodeHtml(await response.text());
    expect(textsOf(html, 'h1')).toEqual(['Terms of Service']);
    expect(html).toContain('<time dateTime="2025-10-15">October 15, 2025</time>');
    expect(html).toContain('limited to [Fill in: an amount, such as the fee you paid us]');
    expect(html).toContain('governed by the laws of [Fill in: your country, or state and country]');
    expect(html).not.toContain('California');
  });
});

describe('the rendered-page cache', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    await seedPost(t, { slug: 'cached-kite', title: 'Cached Kite' });
  });

  it('answers a repeated request with the same page (bar its script nonce) and a weak ETag, and 304 to a matching If-None-Match', async () => {
    const first = await site.get('/cached-kite');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    const firstHtml = await first.text();
    const second = await site.get('/cached-kite');
    expect(second.headers.get('etag')).toBe(etag);
    const secondHtml = await second.text();
    expect(secondHtml).not.toBe(firstHtml);
    expect(withoutNonces(secondHtml)).toBe(withoutNonces(firstHtml));
    const revalidated = await site.get('/cached-kite', { accept: 'text/html', 'if-none-match': etag as string });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(revalidated.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('shows an administrator change at once: a write empties the cache', async () => {
    expect(textsOf(await (await site.get('/cached-kite')).text(), 'h1')).toEqual(['Cached Kite']);
    const token = await t.adminToken();
    const id = (await t.deps.db.selectFrom('posts').select('id').where('slug', '=', 'cached-kite').executeTakeFirstOrThrow()).id;
    const current = (await t.request('GET', `/admin/posts/${id}`, { token })).body;
    const update = await t.request('PUT', `/admin/posts/${id}`, { token, ip: freshIp(), body: { ...current, title: 'Cached Kite, Revised' } });
    expect(update.status).toBe(200);
    expect(textsOf(await (await site.get('/cached-kite')).text(), 'h1')).toEqual(['Cached Kite, Revised']);
  });

  it('never keeps a 404, so each one is logged', async () => {
    const before = site.logLines.length;
    await site.get('/not-here-yet');
    await site.get('/not-here-yet');
    expect(site.logLines.slice(before).filter((line) => line.msg === 'page not found')).toHaveLength(2);
  });

  it('serves later requests from memory until this server writes a post, without waiting for its next check', async () => {
    const cached = await createSiteApp(t, { cache: { checkIntervalMs: 60_000, writeSettleMs: 0 } });
    const first = await (await cached.get('/cached-kite')).text();
    // Changed behind the cache's back, within its check interval: the kept page is served.
    await t.deps.db.updateTable('posts').set({ title: 'Changed Directly' }).where('slug', '=', 'cached-kite').execute();
    expect(withoutNonces(await (await cached.get('/cached-kite')).text())).toBe(withoutNonces(first));
    const uncached = await createSiteApp(t, { cache: false });
    expect(textsOf(await (await uncached.get('/cached-kite')).text(), 'h1')).toEqual(['Changed Directly']);

    // A write through the content service (the API here) empties it at once.
    const created = await t.request('POST', '/admin/posts', {
      token: await t.adminToken(),
      body: { title: 'Another Kite', slug: 'another-kite', content: 'A kite.', status: 'published' },
    });
    expect(created.status).toBe(201);
    expect(textsOf(await (await cached.get('/cached-kite')).text(), 'h1')).toEqual(['Changed Directly']);
  });
});

/**
 * Authors on the public pages: the byline links to the author's page and
 * shows their avatar; the Article's author is a Person with the page's
 * address; `/author/{slug}` is rendered on the server with the profile and
 * that author's live posts, paged as a category is, at one address, in the
 * sitemap; the feed names the author; a profile edit shows on the next
 * read of the pages showing it, and touches no other; a slug the author
 * changed answers 301 to their page now, until another author takes it.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_EMAIL, type TestApp } from '../helpers/test-app.ts';
import { createSiteApp, jsonLdOf, seedPost, textsOf, useSiteApp } from './site-app.ts';

const AVATAR = '/uploads/2026/03/jo-marsh.png';

const idOf = async (t: TestApp, email: string) =>
  (await t.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function saveProfile(t: TestApp, body: Record<string, unknown>) {
  const saved = await t.request('PUT', '/admin/account/author', { token: await t.adminToken(), body: { slug: 'jo-marsh', ...body } });
  expect(saved.status).toBe(200);
}

const metaLineOf = (html: string) => html.match(/<p class="content-meta[^"]*">([\s\S]*?)<\/p>/)?.[1] ?? '';
const jsonLdOfType = (html: string, type: string) =>
  (jsonLdOf(html) as { '@type'?: string }[]).find((block) => block['@type'] === type) as Record<string, unknown> | undefined;
const cardTitlesOf = (html: string) => textsOf(html.match(/<section aria-labelledby="author-reviews"[\s\S]*?<\/section>/)?.[0] ?? '', 'h3');

describe('the author of a post', () => {
  const { t, site } = useSiteApp();
  let owner: number;
  let editor: number;
  beforeAll(async () => {
    owner = await idOf(t, ADMIN_EMAIL);
    const named = await t.request('PUT', '/admin/account/profile', { token: await t.adminToken(), body: { name: 'Jo Marsh', email: ADMIN_EMAIL } });
    expect(named.status).toBe(200);
    await saveProfile(t, { bio: 'Jo reviews hardware & games.', avatar: AVATAR, links: ['https://jo.example.com/about'] });
    await t.createUserWithRole('sam.reed@example.com', 'a long password for authors', 'editor');
    editor = await idOf(t, 'sam.reed@example.com');
    await t.request('PUT', `/admin/users/${editor}`, { token: await t.adminToken(), body: { role: 'editor', name: 'Sam Reed' } });
    // 22 live posts by Jo (20 a page), one draft, and one by Sam.
    for (let n = 1; n <= 22; n += 1) {
      await seedPost(t, { slug: `jo-review-${n}`, title: `Jo Review ${n}`, created_by: owner, daysAgo: 30 - n });
    }
    await seedPost(t, { slug: 'jo-draft', title: 'Jo Draft', status: 'draft', created_by: owner });
    await seedPost(t, { slug: 'sam-review', title: 'Sam Review', created_by: editor, daysAgo: 1 });
  });

  it('is named by the byline, linked to their page, with their avatar', async () => {
    const html = await (await site.get('/jo-review-22')).text();
    const meta = metaLineOf(html);
    expect(textsOf(meta, 'span').find((text) => text.startsWith('Reviewed by'))).toBe('Reviewed by Jo Marsh');
    expect(meta).toMatch(/<a[^>]*href="\/author\/jo-marsh"[^>]*>Jo Marsh<\/a>/);
    expect(meta).toMatch(/<img[^>]*src="\/uploads\/2026\/03\/jo-marsh\.png"[^>]*width="24"[^>]*height="24"/);
    expect(meta.indexOf('Reviewed by')).toBeLessThan(meta.indexOf('<time'));
    expect(html).not.toContain(ADMIN_EMAIL);
  });

  it('is the Person of the Article, with the address of their page', async () => {
    const html = await (await site.get('/jo-review-22')).text();
    expect(jsonLdOfType(html, 'Article')?.author).toEqual({
      '@type': 'Person',
      name: 'Jo Marsh',
      url: 'http://localhost/author/jo-marsh',
      image: 'http://localhost/uploads/2026/03/jo-marsh.png',
    });
  });

  it('is the feed item\'s creator', async () => {
    const xml = await (await site.get('/rss.xml', {})).text();
    const item = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? '').find((text) => text.includes('/sam-review</link>'));
    expect(item).toContain('<dc:creator>Sam Reed</dc:creator>');
  });
});

describe('an author page', () => {
  const { t, site } = useSiteApp();
  let owner: number;
  beforeAll(async () => {
    owner = await idOf(t, ADMIN_EMAIL);
    await t.request('PUT', '/admin/account/profile', { token: await t.adminToken(), body: { name: 'Jo Marsh', email: ADMIN_EMAIL } });
    await saveProfile(t, { bio: 'Jo reviews hardware & games.', avatar: AVATAR, links: ['https://jo.example.com/about', 'https://www.social.example/@jo'] });
    for (let n = 1; n <= 22; n += 1) {
      await seedPost(t, { slug: `jo-review-${n}`, title: `Jo Review ${n}`, created_by: owner, daysAgo: 30 - n });
    }
    await seedPost(t, { slug: 'jo-draft', title: 'Jo Draft', status: 'draft', created_by: owner });
    await seedPost(t, { slug: 'nobody-review', title: 'Nobody Review', daysAgo: 1 });
  });

  it('is rendered on the server with the profile and the newest 20 live posts, and a plain link to the rest', async () => {
    const response = await site.get('/author/jo-marsh');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['Jo Marsh']);
    expect(html).toContain('Jo reviews hardware &amp; games.');
    expect(html).toMatch(/<a[^>]*href="https:\/\/jo\.example\.com\/about"[^>]*>jo\.example\.com<\/a>/);
    expect(html).toMatch(/<a[^>]*href="https:\/\/www\.social\.example\/@jo"[^>]*>social\.example<\/a>/);
    expect(html).toMatch(/<img[^>]*src="\/uploads\/2026\/03\/jo-marsh\.png"[^>]*width="96"/);
    const titles = cardTitlesOf(html);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('Jo Review 22');
    expect(titles).not.toContain('Jo Draft');
    expect(titles).not.toContain('Nobody Review');
    expect(html).toContain('<link rel="canonical" href="http://localhost/author/jo-marsh"');
    expect(html).not.toContain(ADMIN_EMAIL);
    const profile = jsonLdOfType(html, 'ProfilePage');
    expect(profile?.mainEntity).toMatchObject({ '@type': 'Person', name: 'Jo Marsh', url: 'http://localhost/author/jo-marsh' });

    const more = html.match(/href="(\/author\/jo-marsh\?cursor=[^"]+)"/)?.[1];
    expect(more).toBeDefined();
    const next = await site.get((more ?? '').replaceAll('&amp;', '&'));
    expect(next.status).toBe(200);
    const nextHtml = await next.text();
    expect(cardTitlesOf(nextHtml)).toEqual(['Jo Review 2', 'Jo Review 1']);
    expect(nextHtml).toContain('<meta name="robots" content="noindex');
  });

  it('is 404 for a slug no author holds', async () => {
    const response = await site.get('/author/nobody-at-all');
    expect(response.status).toBe(404);
  });

  it('has one address: another spelling is redirected to it', async () => {
    const response = await site.get('/Author/Jo-Marsh/');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/author/jo-marsh');
  });

  it('is in the sitemap while the author has live posts', async () => {
    const xml = await (await site.get('/sitemap.xml', {})).text();
    expect(xml).toMatch(/<loc>http:\/\/localhost\/author\/jo-marsh<\/loc><lastmod>/);
    await t.createUserWithRole('no.posts@example.com', 'a long password for authors', 'editor');
    const quiet = await idOf(t, 'no.posts@example.com');
    await t.request('PUT', `/admin/users/${quiet}`, { token: await t.adminToken(), body: { role: 'editor', name: 'Quiet Writer' } });
    expect(await (await site.get('/sitemap.xml', {})).text()).not.toContain('/author/quiet-writer');
  });
});

describe('a profile edit', () => {
  const { t, site } = useSiteApp();
  let owner: number;
  beforeAll(async () => {
    owner = await idOf(t, ADMIN_EMAIL);
    await t.request('PUT', '/admin/account/profile', { token: await t.adminToken(), body: { name: 'Jo Marsh', email: ADMIN_EMAIL } });
    await seedPost(t, { slug: 'kept-review', title: 'Kept Review', created_by: owner });
    await seedPost(t, { slug: 'other-review', title: 'Other Review', daysAgo: 2 });
  });

  it('shows on the next read of the author page and of the posts naming them, though the cache would not look for a minute', async () => {
    const slow = await createSiteApp(t, { cache: { checkIntervalMs: 60_000, writeSettleMs: 0, rewarmWithinMs: 0 } });
    expect(await (await slow.get('/kept-review')).text()).toContain('href="/author/jo-marsh"');
    expect((await slow.get('/author/jo-marsh')).status).toBe(200);

    await saveProfile(t, { slug: 'jo-m', bio: 'Now with a bio.' });
    const post = await (await slow.get('/kept-review')).text();
    expect(post).toContain('href="/author/jo-m"');
    expect(await (await slow.get('/author/jo-m')).text()).toContain('Now with a bio.');
    const moved = await slow.get('/author/jo-marsh');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/author/jo-m');
  });

  it('names only that author and the list of authors as what it touched', async () => {
    await saveProfile(t, { slug: 'jo-marsh', bio: 'Touched narrowly.' });
    const newest = await t.handle.db
      .selectFrom('content_change_feed')
      .select('sources')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(newest.sources ?? 'null')).toEqual([`author:${owner}`, 'authors']);
    // The kept post page naming the author lists them among its sources; another post's page does not.
    for (const path of ['/kept-review', '/other-review', '/author/jo-marsh']) expect((await site.get(path)).status).toBe(200);
    // The store writes what it keeps a moment after the answer: wait for each page's row.
    const sourcesOf = (path: string) =>
      vi.waitFor(async () => {
        const rows = await t.handle.db.selectFrom('rendered_page_sources').select('source').where('path', '=', path).execute();
        expect(rows.length).toBeGreaterThan(0);
        return rows.map((row) => row.source);
      });
    expect(await sourcesOf('/kept-review')).toContain(`author:${owner}`);
    expect(await sourcesOf('/other-review')).not.toContain(`author:${owner}`);
    expect(await sourcesOf('/author/jo-marsh')).toContain(`author:${owner}`);
  });
});

describe('an old author slug', () => {
  const { t, site } = useSiteApp();
  let sam: number;
  const saveSams = async (slug: string) => {
    const saved = await t.request('PUT', `/admin/users/${sam}/author`, { token: await t.adminToken(), body: { slug } });
    expect(saved.status).toBe(200);
  };
  const locationOf = async (path: string, from = site) => {
    const response = await from.get(path);
    return { status: response.status, location: response.headers.get('location') };
  };
  beforeAll(async () => {
    const owner = await idOf(t, ADMIN_EMAIL);
    await t.request('PUT', '/admin/account/profile', { token: await t.adminToken(), body: { name: 'Jo Marsh', email: ADMIN_EMAIL } });
    await saveProfile(t, { slug: 'jo-marsh' });
    await t.createUserWithRole('sam.reed@example.com', 'a long password for authors', 'editor');
    sam = await idOf(t, 'sam.reed@example.com');
    await t.request('PUT', `/admin/users/${sam}`, { token: await t.adminToken(), body: { role: 'editor', name: 'Sam Reed' } });
    await seedPost(t, { slug: 'jo-old-review', title: 'Jo Old Review', created_by: owner });
  });

  it('answers 301 to the author page at the new slug, keeping the query, and that page is theirs', async () => {
    await saveProfile(t, { slug: 'jo-writes' });
    expect(await locationOf('/author/jo-marsh')).toEqual({ status: 301, location: '/author/jo-writes' });
    expect(await locationOf('/author/jo-marsh?cursor=abc')).toEqual({ status: 301, location: '/author/jo-writes?cursor=abc' });
    const page = await site.get('/author/jo-writes');
    expect(page.status).toBe(200);
    expect(textsOf(await page.text(), 'h1')).toEqual(['Jo Marsh']);
  });

  it('keeps every earlier slug through several changes, each straight to the slug now', async () => {
    await saveProfile(t, { slug: 'jo-marsh' });
    await saveProfile(t, { slug: 'jo-writes' });
    await saveProfile(t, { slug: 'jo-reviews' });
    expect(await locationOf('/author/jo-marsh')).toEqual({ status: 301, location: '/author/jo-reviews' });
    expect(await locationOf('/author/jo-writes')).toEqual({ status: 301, location: '/author/jo-reviews' });
    expect((await site.get('/author/jo-reviews')).status).toBe(200);
    // Back to an earlier one: it is a page again, and the one left redirects to it.
    await saveProfile(t, { slug: 'jo-marsh' });
    expect((await site.get('/author/jo-marsh')).status).toBe(200);
    expect(await locationOf('/author/jo-reviews')).toEqual({ status: 301, location: '/author/jo-marsh' });
    expect(await locationOf('/author/jo-writes')).toEqual({ status: 301, location: '/author/jo-marsh' });
  });

  it('may be taken by another author: their page answers there, and stays when they leave it', async () => {
    await saveProfile(t, { slug: 'jo-marsh' });
    await saveProfile(t, { slug: 'jo-later' });
    expect(await locationOf('/author/jo-marsh')).toEqual({ status: 301, location: '/author/jo-later' });
    await saveSams('jo-marsh');
    const taken = await site.get('/author/jo-marsh');
    expect(taken.status).toBe(200);
    expect(textsOf(await taken.text(), 'h1')).toEqual(['Sam Reed']);
    // Jo changing again does not take it back.
    await saveProfile(t, { slug: 'jo-latest' });
    expect(textsOf(await (await site.get('/author/jo-marsh')).text(), 'h1')).toEqual(['Sam Reed']);
    // Sam leaving it makes it Sam's old slug, no longer Jo's.
    await saveSams('sam-reed');
    expect(await locationOf('/author/jo-marsh')).toEqual({ status: 301, location: '/author/sam-reed' });
    expect(await locationOf('/author/jo-later')).toEqual({ status: 301, location: '/author/jo-latest' });
  });

  it('is not answered from a page kept before the change, by this server or another', async () => {
    await saveProfile(t, { slug: 'jo-kept' });
    const slow = await createSiteApp(t, { cache: { checkIntervalMs: 60_000, writeSettleMs: 0, rewarmWithinMs: 0 } });
    expect((await slow.get('/author/jo-kept')).status).toBe(200);
    // The store writes what it keeps a moment after the answer: wait for the page's row.
    await vi.waitFor(async () => {
      const row = await t.handle.db.selectFrom('rendered_pages').select('status').where('path', '=', '/author/jo-kept').executeTakeFirst();
      expect(row?.status).toBe(200);
    });
    await saveProfile(t, { slug: 'jo-moved' });
    expect(await locationOf('/author/jo-kept', slow)).toEqual({ status: 301, location: '/author/jo-moved' });
    // Another server, nothing in memory: the kept copy is out of date.
    const other = await createSiteApp(t);
    expect(await locationOf('/author/jo-kept', other)).toEqual({ status: 301, location: '/author/jo-moved' });
  });

  it('is 404 once its author\'s account is removed', async () => {
    await saveSams('sam-gone');
    expect(await locationOf('/author/sam-reed')).toEqual({ status: 301, location: '/author/sam-gone' });
    expect((await t.request('DELETE', `/admin/users/${sam}`, { token: await t.adminToken() })).status).toBe(204);
    expect((await site.get('/author/sam-reed')).status).toBe(404);
    expect((await site.get('/author/jo-marsh')).status).toBe(404);
  });
});

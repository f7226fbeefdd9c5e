/**
 * What a CDN in front is told (decision 098): public pages, the feed, the
 * sitemap and public API reads carry their page sources as cache tags and
 * a day at the edge, kept copies included; private and personal answers
 * carry none.
 */
import { describe, expect, it } from 'vitest';
import { seedCampaignPost, seedPost, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();

const EDGE_HEADERS = ['surrogate-key', 'cache-tag', 'cdn-tag', 'surrogate-control', 'cdn-cache-control'];
const edgeHeadersOf = (response: Response) => EDGE_HEADERS.filter((name) => response.headers.has(name));
const tagsOf = (response: Response) => (response.headers.get('surrogate-key') ?? '').split(' ');

describe('CDN headers', () => {
  it('name what each public page was made from, the same on a kept copy', async () => {
    const post = await seedPost(t, { slug: 'tagged-lamp', title: 'Tagged Lamp', category_ids: ['tech'] });
    for (const attempt of ['rendered', 'kept']) {
      const response = await site.get('/tagged-lamp');
      expect(response.status, attempt).toBe(200);
      expect(tagsOf(response)).toEqual(expect.arrayContaining(['all', `post-${post.id}`, 'category-tech']));
      expect(response.headers.get('cache-tag')).toBe(tagsOf(response).join(','));
      expect(response.headers.get('surrogate-control')).toBe('max-age=86400');
      expect(response.headers.get('cdn-cache-control')).toBe('max-age=86400');
      // Browsers keep today's short time.
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=60\b/);
    }
    const home = await site.get('/');
    expect(tagsOf(home)).toEqual(expect.arrayContaining(['all', 'latest-posts', 'latest-resources']));
    expect(tagsOf(home)).not.toContain(`post-${post.id}`);
    const feed = await site.get('/rss.xml', {});
    expect(tagsOf(feed)).toEqual(['all', 'latest-posts']);
    const sitemap = await site.get('/sitemap.xml', {});
    expect(sitemap.status).toBe(200);
    expect(tagsOf(sitemap)).toContain('all');
    expect(sitemap.headers.get('surrogate-control')).toBe('max-age=86400');
  });

  it('keep a page whose countdown flips at the edge no longer than its Expires', async () => {
    const now = Math.floor(Date.now() / 1000);
    // Ends in 5 hours and 20 minutes: "5 hours left" turns about 20 minutes from now.
    await seedCampaignPost(t, { slug: 'flipping-lamp', title: 'Flipping Lamp' }, { goal: 100_000, pledged: 20_000, launched_at: now - 86_400, ends_at: now + 5 * 3600 + 1200, state: 'live' });
    const response = await site.get('/flipping-lamp');
    expect(response.status).toBe(200);
    const expires = Date.parse(response.headers.get('expires') ?? '');
    const edge = Number(/max-age=(\d+)/.exec(response.headers.get('surrogate-control') ?? '')?.[1]);
    expect(edge).toBeGreaterThan(1000);
    expect(edge).toBeLessThanOrEqual(1201);
    expect(Date.now() + edge * 1000).toBeLessThanOrEqual(expires + 1000);
    expect(response.headers.get('cdn-cache-control')).toBe(`max-age=${edge}`);
  });

  it('tag public API reads', async () => {
    const response = await site.get('/api/posts', { accept: 'application/json' });
    expect(response.status).toBe(200);
    expect(tagsOf(response)).toContain('all');
    // A day, or less when a campaign in the list reads differently sooner.
    const edge = Number(/^max-age=(\d+)$/.exec(response.headers.get('cdn-cache-control') ?? '')?.[1]);
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThanOrEqual(86_400);
  });

  it('are none on private and personal answers', async () => {
    const token = await t.adminToken();
    const admin = await site.get('/api/admin/posts', { authorization: `Bearer ${token}` });
    expect(admin.status).toBe(200);
    expect(edgeHeadersOf(admin)).toEqual([]);
    const draft = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'Hidden Lamp', slug: 'hidden-lamp', content: 'Soon.', status: 'draft', category_ids: [], sponsored: false },
    });
    const link = await t.request('POST', `/admin/posts/${draft.body.id}/preview-links`, { token });
    const preview = await site.get(new URL(link.body.url).pathname);
    expect(preview.status).toBe(200);
    expect(edgeHeadersOf(preview)).toEqual([]);
    const backOffice = await site.get('/admin');
    expect(edgeHeadersOf(backOffice)).toEqual([]);
    const form = await site.post('/contact-us', { name: 'Grace', email: 'grace@example.com', message: 'Hello there' });
    expect(form.status).toBe(200);
    expect(edgeHeadersOf(form)).toEqual([]);
  });
});

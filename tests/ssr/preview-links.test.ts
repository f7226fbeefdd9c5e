/**
 * The page a preview link opens: the draft exactly as it will look, with
 * the banner 'Preview — not published', never cached and never indexed;
 * a revoked, expired or made-up link gets the 404 page.
 */
import { describe, expect, it } from 'vitest';
import { textsOf, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();

async function draftWithLink(slug: string) {
  const token = await t.adminToken();
  const post = await t.request('POST', '/admin/posts', {
    token,
    body: { title: 'Secret Lamp', slug, content: 'The **review**, before launch.', status: 'draft', category_ids: [], sponsored: true },
  });
  const link = await t.request('POST', `/admin/posts/${post.body.id}/preview-links`, { token });
  return { id: post.body.id as number, linkId: link.body.id as number, path: new URL(link.body.url).pathname };
}

describe('a preview link', () => {
  it('shows the draft with the banner, noindex and no-store', async () => {
    const { path } = await draftWithLink('secret-lamp');
    const response = await site.get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    // Its address is its secret: no link on it sends that address on.
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await response.text();
    expect(html).toContain('Preview — not published');
    expect(textsOf(html, 'h1')).toEqual(['Secret Lamp']);
    expect(html).toContain('<strong>review</strong>');
    expect(html).toContain('>Sponsored</span>');
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    // The draft itself stays unpublished.
    expect((await site.get('/secret-lamp')).status).toBe(404);
  });

  it('gets the 404 page once revoked, expired or made up', async () => {
    const revoked = await draftWithLink('revoked-lamp');
    await t.request('DELETE', `/admin/posts/${revoked.id}/preview-links`, { token: await t.adminToken() });
    expect((await site.get(revoked.path)).status).toBe(404);

    const expired = await draftWithLink('expired-lamp');
    await t.handle.db.updateTable('preview_links').set({ expires_at: Math.floor(Date.now() / 1000) - 1 }).where('id', '=', expired.linkId).execute();
    const gone = await site.get(expired.path);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');

    expect((await site.get('/preview/not-a-real-token')).status).toBe(404);
  });
});

/**
 * The social cards of posts and resources: a 1200×630 PNG drawn from the
 * cover (an SVG one included), or a designed card without one; cacheable
 * for good at the address the page gives; 404 for drafts and unknown items.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { metaContent, seedPost, seedResource, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();

beforeAll(async () => {
  await seedPost(t, { slug: 'card-kite', title: 'Card Kite', sponsored: true });
  await seedPost(t, { slug: 'bare-kite', title: 'Bare Kite', cover_image: null });
  await seedPost(t, { slug: 'draft-kite', title: 'Draft Kite', status: 'draft' });
  await seedResource(t, { slug: 'card-guide', title: 'Card Guide' });
});

async function cardOf(path: string) {
  const response = await site.get(path, { accept: 'image/png' });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

describe('a social card', () => {
  it('is the PNG the page names, 1200×630, cacheable for good', async () => {
    const html = await (await site.get('/card-kite')).text();
    const url = new URL(metaContent(html, 'og:image') ?? '');
    const { response, bytes } = await cardOf(url.pathname + url.search);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('is drawn without a cover, and for resources too', async () => {
    for (const path of ['/social-cards/post/bare-kite.png', '/social-cards/resource/card-guide.png']) {
      const { response, bytes } = await cardOf(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
    }
  });

  it('is drawn anew, under the new name, once the owner renames the site', async () => {
    const path = '/social-cards/post/bare-kite.png';
    const before = (await cardOf(path)).bytes;
    expect((await cardOf(path)).bytes.equals(before)).toBe(true);

    const token = await t.adminToken();
    const { body } = await t.request<Record<string, unknown>>('GET', '/admin/settings/site', { token });
    const { privacy_policy_updated: _p, terms_updated: _t, ...values } = body;
    const saved = await t.request('PUT', '/admin/settings/site', { token, body: { ...values, site_name: 'Backer Digest' } });
    expect(saved.status).toBe(200);

    const after = (await cardOf(path)).bytes;
    expect(after.equals(before)).toBe(false);
    expect(await sharp(after).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it('does not exist for a draft, an unknown item or a bad address', async () => {
    for (const path of ['/social-cards/post/draft-kite.png', '/social-cards/post/nothing.png', '/social-cards/page/card-kite.png', '/social-cards/post/Card_Kite.png']) {
      expect((await cardOf(path)).response.status, path).toBe(404);
    }
  });
});

describe('the share links of a post', () => {
  it('are plain links to each network, with the canonical address, and load nothing from other sites', async () => {
    const html = await (await site.get('/card-kite')).text();
    const url = encodeURIComponent('http://localhost/card-kite');
    expect(html).toContain(`href="https://x.com/intent/post?url=${url}&amp;text=Card%20Kite"`);
    expect(html).toContain(`href="https://www.linkedin.com/sharing/share-offsite/?url=${url}"`);
    expect(html).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${url}"`);
    expect(html).toContain('href="https://bsky.app/intent/compose?text=Card%20Kite%20http%3A%2F%2Flocalhost%2Fcard-kite"');
    expect(html).toContain(`href="mailto:?subject=Card%20Kite&amp;body=${url}"`);
    expect(html).toMatch(/<nav aria-label="Share"/);
    // No script or frame from another site.
    expect(html).not.toMatch(/<(script|iframe)[^>]+src="https?:\/\/(?!localhost)/);
  });
});

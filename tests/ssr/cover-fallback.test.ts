/**
 * A post or resource without a cover shows a text-free picture in its
 * category's colours where the cover would be, on the lists and on its
 * page: never its social card, whose baked-in title would sit under the
 * real one (ghost text on the home page, the title twice on the post page).
 * The social card keeps the title, for the networks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cardPalette } from '../../common/social-cards.ts';
import { metaContent, seedPost, seedResource, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();

/** The `src` of every image whose alt names the item's cover. */
function coverSources(html: string, title: string): string[] {
  const sources: string[] = [];
  for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
    if (!tag.includes(`alt="Cover image for ${title}"`)) continue;
    sources.push(/\ssrc="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&') ?? '');
  }
  return sources;
}

/** The fallbacks on a page: the category each takes its colours from, and its style. */
function fallbacks(html: string): { category: string; style: string; tag: string }[] {
  return [...html.matchAll(/<div\b[^>]*data-cover-fallback="([^"]*)"[^>]*>/g)].map((match) => ({
    category: match[1] ?? '',
    style: /\sstyle="([^"]*)"/.exec(match[0])?.[1] ?? '',
    tag: match[0],
  }));
}

/** Every image of the page's body that shows a social card. */
const cardImages = (html: string) => [...html.slice(html.indexOf('<body')).matchAll(/<img\b[^>]*src="\/social-cards\/[^>]*>/g)];

beforeAll(async () => {
  await seedPost(t, { slug: 'bare-lantern', title: 'Bare Lantern', cover_image: null, category_ids: ['tech'] });
  await seedPost(t, { slug: 'covered-lantern', title: 'Covered Lantern', daysAgo: 1 });
  await seedResource(t, { slug: 'bare-guide', title: 'Bare Guide', cover_image: null });
});

describe('a published post without a cover', () => {
  it("shows a text-free picture in its category's colours on the home page, not its social card", async () => {
    const html = await (await site.get('/')).text();
    expect(coverSources(html, 'Bare Lantern')).toEqual([]);
    // The post's, in its category's colours, and the latest resources' one, in neutral ones.
    const shown = fallbacks(html);
    expect([...new Set(shown.map((fallback) => fallback.category))].sort()).toEqual(['neutral', 'tech']);
    for (const fallback of shown) {
      expect(fallback.tag).toContain('aria-hidden="true"');
      expect(fallback.style).toContain(cardPalette(fallback.category === 'neutral' ? null : fallback.category).to);
    }
    expect(cardImages(html)).toEqual([]);
    // A post with a cover keeps it.
    expect(coverSources(html, 'Covered Lantern')).toContain('/images/demo/solar-backpack.svg');
  });

  it('shows the picture at the top of its page, with the title once; its social card, with the title, is for the networks', async () => {
    const html = await (await site.get('/bare-lantern')).text();
    expect(coverSources(html, 'Bare Lantern')).toEqual([]);
    expect(fallbacks(html).map((fallback) => fallback.category)).toEqual(['tech']);
    expect(cardImages(html)).toEqual([]);
    const card = new URL(metaContent(html, 'og:image') ?? '');
    expect(card.pathname).toBe('/social-cards/post/bare-lantern.png');
    const response = await site.get(card.pathname + card.search, { accept: 'image/png' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
  });
});

describe('a published resource without a cover', () => {
  it('shows the neutral picture on the resources page and on its page', async () => {
    for (const address of ['/resources', '/bare-guide']) {
      const html = await (await site.get(address)).text();
      expect(coverSources(html, 'Bare Guide'), address).toEqual([]);
      expect(fallbacks(html).map((fallback) => fallback.category), address).toContain('neutral');
      expect(fallbacks(html)[0]?.style, address).toContain(cardPalette(null).to);
    }
  });
});

describe('a draft without a cover', () => {
  it('shows the same picture in its preview', async () => {
    const token = await t.adminToken();
    const post = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'Draft Lantern', slug: 'draft-lantern', content: 'Soon.', status: 'draft', category_ids: ['creative'], sponsored: false },
    });
    const link = await t.request('POST', `/admin/posts/${post.body.id}/preview-links`, { token });
    const html = await (await site.get(new URL(link.body.url).pathname)).text();
    expect(html).toContain('Draft Lantern');
    expect(coverSources(html, 'Draft Lantern')).toEqual([]);
    expect(fallbacks(html).map((fallback) => fallback.category)).toEqual(['creative']);
    expect(html).not.toContain('/social-cards/post/draft-lantern.png');
  });
});

/**
 * A published post or resource without a cover shows its social card (its
 * title on its category's colours) where the cover would be, on the lists
 * and on its page; a draft has no public card, so its preview keeps the
 * neutral box.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPost, seedResource, useSiteApp } from './site-app.ts';

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

let bareCard = '';
let bareGuideCard = '';

beforeAll(async () => {
  const bare = await seedPost(t, { slug: 'bare-lantern', title: 'Bare Lantern', cover_image: null, category_ids: ['tech'] });
  await seedPost(t, { slug: 'covered-lantern', title: 'Covered Lantern', daysAgo: 1 });
  await seedResource(t, { slug: 'bare-guide', title: 'Bare Guide', cover_image: null });
  bareCard = `/social-cards/post/bare-lantern.png?v=${bare.updated_at}`;
  const guide = await t.handle.db.selectFrom('resources').select('updated_at').where('slug', '=', 'bare-guide').executeTakeFirstOrThrow();
  bareGuideCard = `/social-cards/resource/bare-guide.png?v=${guide.updated_at}`;
});

describe('a published post without a cover', () => {
  it('shows its social card as the cover on the home page', async () => {
    const html = await (await site.get('/')).text();
    const sources = coverSources(html, 'Bare Lantern');
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src).toBe(bareCard);
    // A post with a cover keeps it.
    expect(coverSources(html, 'Covered Lantern')).toContain('/images/demo/solar-backpack.svg');
  });

  it('shows its social card at the top of its page, and the card is there to load', async () => {
    const html = await (await site.get('/bare-lantern')).text();
    expect(coverSources(html, 'Bare Lantern')).toEqual([bareCard]);
    const card = await site.get(bareCard, { accept: 'image/png' });
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
  });
});

describe('a published resource without a cover', () => {
  it('shows its social card on the resources page and on its page', async () => {
    expect(coverSources(await (await site.get('/resources')).text(), 'Bare Guide')).toEqual([bareGuideCard]);
    expect(coverSources(await (await site.get('/bare-guide')).text(), 'Bare Guide')).toEqual([bareGuideCard]);
  });
});

describe('a draft without a cover', () => {
  it('keeps the neutral box in its preview: it has no public card', async () => {
    const token = await t.adminToken();
    const post = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'Draft Lantern', slug: 'draft-lantern', content: 'Soon.', status: 'draft', category_ids: ['tech'], sponsored: false },
    });
    const link = await t.request('POST', `/admin/posts/${post.body.id}/preview-links`, { token });
    const html = await (await site.get(new URL(link.body.url).pathname)).text();
    expect(html).toContain('Draft Lantern');
    expect(coverSources(html, 'Draft Lantern')).toEqual([]);
    expect(html).not.toContain('/social-cards/post/draft-lantern.png');
  });
});

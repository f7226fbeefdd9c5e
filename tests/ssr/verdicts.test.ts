/**
 * A post's review on the public pages (decision 093): "Our take" after the
 * fact box, the verdict as a label on its card and tile, and a JSON-LD
 * `Review` of the campaign by the post's author, rated only when scored. A
 * sponsored post shows none of it, and says "Sponsored: not rated by the
 * editors" beside its disclosure.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewJson } from '../../common/review.ts';
import { ADMIN_EMAIL } from '../helpers/test-app.ts';
import { jsonLdOf, liveSponsoredPostOf, PI_DAY, sectionOf, seedCampaignPost, seedPost, textsOf, useSiteApp } from './site-app.ts';

const REVIEW: ReviewJson = {
  verdict: 'back_it',
  take: 'A lamp that does one thing well, from a team that has shipped twice before.',
  for_whom: 'Campers who hate cables',
  risks: ['First hardware run', 'Ships from one warehouse'],
  score: 8,
};

type Block = Record<string, unknown>;
const blocksOf = (html: string) => jsonLdOf(html) as Block[];
const reviewOf = (html: string) => blocksOf(html).find((block) => block['@type'] === 'Review');
const articleOf = (html: string) => blocksOf(html).find((block) => block['@type'] === 'Article');
/** The verdict labels in this HTML, as a screen reader reads them. */
const verdictLabelsOf = (html: string) =>
  [...html.matchAll(/<span class="verdict-label[^"]*"><span class="sr-only">(Our verdict: )<\/span>([^<]*)<\/span>/g)].map(
    (match) => `${match[1]}${match[2]}`,
  );

describe('a reviewed post', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    const named = await t.request('PUT', '/admin/account/profile', { token: await t.adminToken(), body: { name: 'Jo Marsh', email: ADMIN_EMAIL } });
    expect(named.status).toBe(200);
    const owner = await t.handle.db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
    const { id } = await seedCampaignPost(t, { slug: 'tide-lamp', title: 'Tide Lamp', publishedDaysAgo: 0 }, { goal: 1_000_000, pledged: 2_500_000, backers: 300 });
    await t.handle.db.updateTable('posts').set({ review: JSON.stringify(REVIEW), created_by: owner.id }).where('id', '=', id).execute();
    await seedPost(t, { slug: 'unscored-kite', title: 'Unscored Kite', category_ids: ['tech'], daysAgo: -1, review: { ...REVIEW, verdict: 'wait', score: null } });
    await seedPost(t, { slug: 'plain-kite', title: 'Plain Kite', category_ids: ['tech'], daysAgo: -2 });
    await seedPost(t, { slug: 'bare-kite', title: 'Bare Kite', daysAgo: 3, review: { verdict: 'worth_watching', take: 'Promising.', for_whom: '', risks: [], score: null } });
  });

  it('shows "Our take" after the fact box: the verdict, the score, the take, who it is for and the risks', async () => {
    const html = await (await site.get('/tide-lamp')).text();
    const facts = html.indexOf('aria-labelledby="campaign-facts"');
    const take = html.indexOf('aria-labelledby="our-take"');
    expect(facts).toBeGreaterThan(-1);
    expect(take).toBeGreaterThan(facts);
    expect(take).toBeLessThan(html.indexOf('The full review.'));
    const block = sectionOf(html, 'our-take');
    expect(textsOf(block, 'h2')).toEqual(['Our take']);
    expect(verdictLabelsOf(block)).toEqual(['Our verdict: Back it']);
    expect(block).toContain('<span class="sr-only">Our score: </span>8<span class="text-muted-foreground">/10</span>');
    expect(textsOf(block, 'p')).toContain(REVIEW.take);
    expect(textsOf(block, 'h3')).toEqual(['Who it is for', 'Risks']);
    expect(textsOf(block, 'p')).toContain('Campers who hate cables');
    expect(textsOf(block, 'li')).toEqual(REVIEW.risks);
    expect(html).not.toContain('not rated by the editors');
  });

  it('leaves out the score, who it is for and the risks when the review has none, and the block when there is no review', async () => {
    const bare = sectionOf(await (await site.get('/bare-kite')).text(), 'our-take');
    expect(verdictLabelsOf(bare)).toEqual(['Our verdict: Worth watching']);
    expect(textsOf(bare, 'h3')).toEqual([]);
    expect(bare).not.toContain('/10');
    const none = await (await site.get('/plain-kite')).text();
    expect(none).not.toContain('Our take');
    expect(reviewOf(none)).toBeUndefined();
  });

  it('shows the verdict as a label on its tile and its card', async () => {
    const home = await (await site.get('/')).text();
    const tile = home.match(/<article[^>]*>(?:(?!<\/article>)[\s\S])*?Tide Lamp[\s\S]*?<\/article>/)?.[0] ?? '';
    expect(verdictLabelsOf(tile)).toEqual(['Our verdict: Back it']);

    const category = await (await site.get('/category/technology')).text();
    const card = (title: string) => category.match(new RegExp(`<article[^>]*>(?:(?!</article>)[\\s\\S])*?${title}(?:(?!</article>)[\\s\\S])*</article>`))?.[0] ?? '';
    expect(verdictLabelsOf(card('Unscored Kite'))).toEqual(['Our verdict: Wait for retail']);
    expect(verdictLabelsOf(card('Plain Kite'))).toEqual([]);
  });

  it('adds a JSON-LD Review of the campaign by the post\'s author, with its rating when scored', async () => {
    const html = await (await site.get('/tide-lamp')).text();
    const article = articleOf(html);
    expect(article?.['author']).toEqual({ '@type': 'Person', name: 'Jo Marsh', url: 'http://localhost/author/jo-marsh' });
    expect(reviewOf(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Review',
      name: 'Back it',
      reviewBody: REVIEW.take,
      itemReviewed: { '@type': 'Product', name: 'Tide Lamp', url: 'https://www.kickstarter.com/projects/maker/tide-lamp' },
      reviewRating: { '@type': 'Rating', ratingValue: 8, bestRating: 10, worstRating: 1 },
      author: { '@type': 'Person', name: 'Jo Marsh' },
      url: 'http://localhost/tide-lamp',
    });

    const unscored = reviewOf(await (await site.get('/unscored-kite')).text());
    expect(unscored).toMatchObject({ '@type': 'Review', name: 'Wait for retail' });
    expect(unscored).not.toHaveProperty('reviewRating');
    // No byline: the site is the author of both, as of the article.
    expect(unscored?.['author']).toMatchObject({ '@type': 'Organization', name: 'Crowdfunding Showcase' });
  });
});

describe('a sponsored post', () => {
  const { t, site } = useSiteApp();

  it('shows no verdict, no score and no Review, and says it was not rated beside its disclosure', async () => {
    const { post } = await liveSponsoredPostOf(t, PI_DAY - 86_400);
    // Even a review stored before the rule (written past the services) is never shown on it.
    await t.handle.db.updateTable('posts').set({ review: JSON.stringify(REVIEW) }).where('id', '=', post.id).execute();
    const html = await (await site.get(`/${post.slug}`)).text();
    expect(html).not.toContain('Our take');
    expect(verdictLabelsOf(html)).toEqual([]);
    expect(reviewOf(html)).toBeUndefined();
    expect(articleOf(html)).toBeDefined();
    expect(html).toMatch(/>Sponsored<\/span><span[^>]*>Sponsored: not rated by the editors<\/span>/);

    const home = await (await site.get('/')).text();
    expect(home).toContain(post.title);
    expect(verdictLabelsOf(home)).toEqual([]);
    const answer = await t.request<{ review: unknown }>('GET', `/posts/${post.slug}`);
    expect(answer.body.review).toBeNull();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { metaContent, PI_DAY, seedPost, seedResource, textsOf, useSiteApp } from './site-app.ts';

const cardLinks = (html: string, tag = 'h3') =>
  [...html.matchAll(new RegExp(`<${tag}[^>]*><a [^>]*href="(/[^"]*)"[^>]*>([^<]*)</a></${tag}>`, 'g'))].map(
    (match) => match[1],
  );

describe('a category page', () => {
  const { t, site } = useSiteApp();
  beforeAll(async () => {
    await seedPost(t, {
      slug: 'water-filter',
      title: 'Water Filter',
      category_ids: ['social'],
      campaign_url: 'https://www.indiegogo.com/projects/water-filter',
      daysAgo: 1,
    });
    await seedPost(t, { slug: 'school-garden', title: 'School Garden', category_ids: ['social', 'funding'], daysAgo: 2 });
    await seedPost(t, { slug: 'robot-arm', title: 'Robot Arm', category_ids: ['tech'] });
    await seedPost(t, { slug: 'hidden-well', title: 'Hidden Well', category_ids: ['social'], status: 'draft' });
  });

  it('shows the category name and description, then only its published posts, newest first', async () => {
    const response = await site.get('/category/social-impact');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['Social Impact']);
    expect(html).toContain('Campaigns that put people and the planet first.');
    expect(html).toContain('<title>Social Impact Projects | Crowdfunding Showcase</title>');
    expect(metaContent(html, 'description')).toBe('Campaigns that put people and the planet first.');
    expect(cardLinks(html)).toEqual(['/water-filter', '/school-garden']);
    expect(html).not.toContain('Hidden Well');
    expect(html).not.toContain('Robot Arm');
  });

  it('names a category whose name already says "Projects" once in its title', async () => {
    const html = await (await site.get('/category/creative-projects')).text();
    expect(textsOf(html, 'h1')).toEqual(['Creative Projects']);
    expect(html).toContain('<title>Creative Projects | Crowdfunding Showcase</title>');
    expect(metaContent(html, 'og:title')).toBe('Creative Projects | Crowdfunding Showcase');
    expect(html).not.toMatch(/Projects Projects/i);
  });

  it('shows each post card with its other categories, date, read time and campaign link', async () => {
    const html = await (await site.get('/category/social-impact')).text();
    const card = html.slice(html.indexOf('href="/school-garden"') - 1500, html.indexOf('href="/school-garden"') + 1500);
    expect(textsOf(card, 'span')).toContain('Funding');
    // The page's own category goes without saying on its cards: only the others are badges.
    const badgeLists = [...html.matchAll(/<ul [^>]*aria-label="Categories"[^>]*>([\s\S]*?)<\/ul>/g)].map((match) => textsOf(match[1] ?? '', 'span'));
    expect(badgeLists).toEqual([['Funding']]);
    expect(card).toContain('Mar 12, 2026</time>');
    expect(card).toContain('4 min read');
    expect(card).toContain('Why School Garden is worth a look.');
    const campaign = html.match(/<a [^>]*href="https:\/\/www.indiegogo.com\/projects\/water-filter"[^>]*>/)?.[0] ?? '';
    expect(campaign).toContain('target="_blank"');
    expect(campaign).toContain('rel="noopener noreferrer"');
  });

  it('shows its empty state when nothing is published in it', async () => {
    const html = await (await site.get('/category/business')).text();
    expect(textsOf(html, 'h1')).toEqual(['Business']);
    expect(html).toContain('No projects found in this category yet. Check back soon!');
  });

  it('redirects an unknown category to the home page', async () => {
    const response = await site.get('/category/no-such-category');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });
});

describe('the resources page', () => {
  const { t, site } = useSiteApp();

  it('shows its empty state when no resource is published', async () => {
    const html = await (await site.get('/resources')).text();
    expect(textsOf(html, 'h1')).toEqual(['Crowdfunding Resources']);
    expect(html).toContain('No resources available yet. Check back soon!');
  });

  it('lists published resources as cards with cover, title, excerpt, short date and read time, then Load More', async () => {
    for (let i = 1; i <= 21; i += 1) {
      await seedResource(t, { slug: `guide-${i}`, title: `Guide ${i}`, read_time: 5 }, PI_DAY - i * 86_400);
    }
    await seedResource(t, { slug: 'guide-draft', title: 'Guide Draft', status: 'draft' });
    const response = await site.get('/resources');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Crowdfunding Resources | Crowdfunding Showcase</title>');
    expect(cardLinks(html, 'h2')).toEqual(Array.from({ length: 20 }, (_, i) => `/guide-${i + 1}`));
    expect(html).not.toContain('Guide Draft');
    expect(html).toContain('A guide: Guide 1.');
    expect(html).toContain('Mar 13, 2026</time>');
    expect(html).toContain('5 min read');
    expect(html).toMatch(/<img [^>]*alt="Cover image for Guide 1"/);

    const next = html.match(/href="\/resources\?cursor=([^"]+)"[^>]*>(?:<[^>]+>)*Load More/)?.[1];
    expect(next).toBeTypeOf('string');
    const page2 = await (await site.get(`/resources?cursor=${next}`)).text();
    expect(cardLinks(page2, 'h2')).toEqual(['/guide-21']);
    expect(page2).not.toContain('Load More');
  });

  it('sends /resources/{slug} on to /{slug} with a permanent redirect', async () => {
    const response = await site.get('/resources/guide-3');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/guide-3');
  });
});

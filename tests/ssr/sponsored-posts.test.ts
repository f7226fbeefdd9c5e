/**
 * The disclosure of paid posts on the public site: the Sponsored label on
 * the post's page, its card and its mosaic tile, in the RSS feed; and its
 * campaign links marked `rel="sponsored noopener"`. Other posts carry none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { saveCampaign } from '../../server/db/queries/campaigns.ts';
import { decodeHtml, seedPost, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();

beforeAll(async () => {
  await seedPost(t, { slug: 'paid-lantern', title: 'Paid Lantern', sponsored: true, campaign_url: 'https://www.kickstarter.com/projects/paid-lantern' });
  await seedPost(t, { slug: 'free-kettle', title: 'Free Kettle', campaign_url: 'https://www.kickstarter.com/projects/free-kettle', daysAgo: 1 });
});

/** The `rel` of every link to `href` in the page. */
const relsOf = (html: string, href: string) =>
  [...html.matchAll(new RegExp(`<a[^>]*href="${href.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*>`, 'g'))].map(
    (match) => /rel="([^"]*)"/.exec(match[0])?.[1],
  );

describe('a sponsored post', () => {
  it('shows the Sponsored label on its page and marks its campaign links as paid', async () => {
    const html = await (await site.get('/paid-lantern')).text();
    expect(html).toContain('>Sponsored</span>');
    const rels = relsOf(html, 'https://www.kickstarter.com/projects/paid-lantern');
    expect(rels.length).toBeGreaterThan(0);
    expect(new Set(rels)).toEqual(new Set(['sponsored noopener']));
  });

  it('carries no label, and links as before, when it is not sponsored', async () => {
    const html = await (await site.get('/free-kettle')).text();
    // Only the article: the paid post may be among its "More projects", labelled there.
    expect(html.slice(html.indexOf('<article'), html.indexOf('</article>'))).not.toContain('>Sponsored</span>');
    expect(new Set(relsOf(html, 'https://www.kickstarter.com/projects/free-kettle'))).toEqual(new Set(['noopener noreferrer']));
  });

  it('keeps the real campaign address in its call to action, with the referral tag and a ping that counts the click', async () => {
    const post = await seedPost(t, {
      slug: 'tagged-lamp',
      title: 'Tagged Lamp',
      sponsored: true,
      campaign_url: 'https://www.kickstarter.com/projects/tagged-lamp?ref=theirs',
      daysAgo: 2,
    });
    await saveCampaign(t.deps.db, post.id, {
      platform: 'kickstarter',
      currency: 'USD',
      goal: 100_000,
      pledged: 50_000,
      backers: 10,
      launched_at: null,
      ends_at: null,
      state: 'live',
      facts_updated_at: 1,
      facts_source: 'editor',
      ref_tag: 'showcase',
    });
    const html = await (await site.get('/tagged-lamp')).text();
    const cta = /<a([^>]*)>Back This Project/.exec(html)?.[1] ?? '';
    expect(cta).toContain('href="https://www.kickstarter.com/projects/tagged-lamp?ref=showcase"');
    expect(cta).toContain('rel="sponsored noopener"');
    expect(cta).toContain('ping="/api/events/outbound?post=tagged-lamp"');
    expect(cta).toContain('target="_blank"');
  });

  it('is labelled on its home page tile', async () => {
    const html = decodeHtml(await (await site.get('/')).text());
    const tile = html.slice(html.indexOf('Sponsored</span>') - 400, html.indexOf('Sponsored</span>') + 800);
    expect(tile).toContain('Paid Lantern');
    expect(html.match(/>Sponsored<\/span>/g)?.length).toBeGreaterThanOrEqual(1);
  });

  it('is labelled in the RSS feed', async () => {
    const xml = await (await site.get('/rss.xml')).text();
    expect(xml).toContain('<title>Sponsored: Paid Lantern</title>');
    expect(xml).toContain('<category>Sponsored</category>');
    expect(xml).toContain('<title>Free Kettle</title>');
  });
});

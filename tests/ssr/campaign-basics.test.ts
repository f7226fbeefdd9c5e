/**
 * The fact box as the post's hero, server-rendered (decision 094): the
 * basics line, the bar and the three figures; the campaign video as a
 * poster of ours, with nothing of the video host's in the first HTML; and
 * the page policy framing the host's player only on a page with a video,
 * fresh or kept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';
import { createSiteApp, decodeHtml, useSiteApp } from './site-app.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;
const nowSeconds = () => Math.floor(Date.now() / 1000);

const factBoxHtml = (html: string) => html.match(/<section aria-labelledby="campaign-facts"[\s\S]*?<\/section>/)?.[0] ?? '';
const textOf = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();

/** The figures of the fact box: [label, value, and what is under it]. */
const figures = (html: string) =>
  [...factBoxHtml(html).matchAll(/<div class="campaign-stat[^"]*">([\s\S]*?)<\/div>/g)].map((match) =>
    [...(match[1] ?? '').matchAll(/<d[td][^>]*>([\s\S]*?)<\/d[td]>/g)].map((part) => textOf(part[1] ?? '')),
  );

/** Every address the page makes a browser fetch or connect to as it loads (not a link it follows on a click). */
function loadedAddresses(html: string): string[] {
  const addresses: string[] = [];
  for (const [, tag = '', attributes = ''] of html.matchAll(/<([a-z]+)\b([^>]*)>/gi)) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(attributes)?.[1];
    const name = tag.toLowerCase();
    for (const key of ['src', 'poster', 'data']) {
      const value = attribute(key);
      if (value !== undefined && name !== 'a') addresses.push(decodeHtml(value));
    }
    const srcSet = attribute('srcSet') ?? attribute('srcset') ?? attribute('imageSrcSet');
    if (srcSet) addresses.push(...decodeHtml(srcSet).split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''));
    if (name === 'link') {
      const href = attribute('href');
      const rel = attribute('rel') ?? '';
      // A canonical or alternate address is named, not loaded.
      if (href !== undefined && !/^(canonical|alternate)$/i.test(rel)) addresses.push(decodeHtml(href));
    }
  }
  for (const [, url] of html.matchAll(/url\(\s*['"]?([^'")]+)/g)) addresses.push(decodeHtml(url ?? ''));
  return addresses;
}

const isOwnAddress = (address: string) => address.startsWith('/') && !address.startsWith('//');

async function seedPost(t: TestApp, slug: string, campaign: Record<string, unknown>) {
  const created = await t.request('POST', '/admin/posts', {
    token: await t.adminToken(),
    body: {
      title: `Loom ${slug}`,
      slug,
      excerpt: 'A tabletop loom that folds flat.',
      content: '## The loom\n\nThe full review.',
      cover_image: '/images/demo/solar-backpack.svg',
      campaign_url: `https://www.kickstarter.com/projects/loomwright/${slug}`,
      status: 'published',
      published_at: nowSeconds() - DAY,
      category_ids: ['tech'],
      campaign: { platform: 'kickstarter', currency: 'EUR', state: 'live', ...campaign },
    },
  });
  if (created.status !== 201) throw new Error(`seeding ${slug} failed: ${JSON.stringify(created.body)}`);
  return created.body as { id: number };
}

const policyOf = (response: Response) => response.headers.get('content-security-policy') ?? '';

describe('the fact box as the post hero', () => {
  const { t, site } = useSiteApp();
  let now: number;
  beforeAll(async () => {
    now = nowSeconds();
    const numbers = { goal: 3_000_000, pledged: 4_821_000, backers: 512, launched_at: now - 10 * DAY, ends_at: now + 12 * DAY + 5 * HOUR };
    await seedPost(t, 'loom-video', {
      ...numbers,
      creator_name: 'Loomwright',
      location: 'Lisbon, Portugal',
      reward_from: 8900,
      delivery_estimate: '2027-03',
      video_url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    await seedPost(t, 'loom-vimeo', { ...numbers, video_url: 'https://vimeo.com/76979871' });
    await seedPost(t, 'loom-plain', { ...numbers, creator_name: 'Loomwright', reward_from: 8950 });
  });

  it('says the basics in one line: "By Loomwright · Lisbon, Portugal · Rewards from €89 · Ships Mar 2027"', async () => {
    const html = await (await site.get('/loom-video')).text();
    const line = /<p class="campaign-basics[^"]*">([^<]*)<\/p>/.exec(factBoxHtml(html))?.[1];
    expect(decodeHtml(line ?? '')).toBe('By Loomwright · Lisbon, Portugal · Rewards from €89 · Ships Mar 2027');
    // What is not known is left out; a reward with cents keeps them.
    const plain = await (await site.get('/loom-plain')).text();
    expect(decodeHtml(/<p class="campaign-basics[^"]*">([^<]*)<\/p>/.exec(factBoxHtml(plain))?.[1] ?? '')).toBe('By Loomwright · Rewards from €89.50');
  });

  it('leads with the amount pledged in display type, the goal and percentage under it, the backers and the days to go', async () => {
    const html = await (await site.get('/loom-video')).text();
    expect(figures(html)).toEqual([
      ['pledged', '€48,210', 'of €30,000 goal · 160 %'],
      ['backers', '512'],
      ['days to go', '12'],
    ]);
    // The amount pledged is the largest figure; the three sit side by side from a tablet's width, stacked on a phone.
    expect(factBoxHtml(html)).toMatch(/<dl class="campaign-stats[^"]*\bgrid-cols-1\b[^"]*\bsm:grid-cols-3\b/);
    expect(factBoxHtml(html)).toMatch(/<dd class="campaign-figure[^"]*"><span class="text-4xl sm:text-5xl">€48,210<\/span><\/dd>/);
    // The days to go count down to the end.
    expect(factBoxHtml(html)).toContain(`<time dateTime="${new Date((now + 12 * DAY + 5 * HOUR) * 1000).toISOString()}">12</time>`);
  });

  it('shows a bar at least 8 px high with its value, stopping at full', async () => {
    const box = factBoxHtml(await (await site.get('/loom-video')).text());
    const bar = /<div role="progressbar"[^>]*>/.exec(box)?.[0] ?? '';
    expect(bar).toContain('aria-valuenow="100"');
    expect(bar).toContain('aria-valuetext="160\u00a0%"');
    // h-3: 0.75rem, 12 px.
    expect(bar).toMatch(/class="[^"]*\bh-3\b/);
    // Above the figures.
    expect(box.indexOf('role="progressbar"')).toBeLessThan(box.indexOf('campaign-stats'));
  });

  it('shows the video as a poster of its own, with nothing of the video host loaded by the first HTML', async () => {
    const html = await (await site.get('/loom-video')).text();
    const box = factBoxHtml(html);
    // Without a stored poster: the neutral placeholder, drawn by CSS, never the host's thumbnail.
    expect(box).toContain('data-video-placeholder');
    expect(box).toMatch(/<a href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ"[^>]*data-video-poster/);
    expect(textOf(box)).toContain('Play the campaign video (loads YouTube)');
    expect(html).not.toContain('<iframe');
    expect(html).not.toMatch(/ytimg|youtube-nocookie|googlevideo|vimeocdn|player\.vimeo/);
    const offSite = loadedAddresses(html).filter((address) => !isOwnAddress(address));
    expect(offSite).toEqual([]);
    // The video comes after the basics and before the numbers.
    expect(box.indexOf('campaign-basics')).toBeLessThan(box.indexOf('data-video-poster'));
    expect(box.indexOf('data-video-poster')).toBeLessThan(box.indexOf('role="progressbar"'));
  });

  it('shows a stored poster from this site, resized like covers', async () => {
    const { id } = await seedPost(t, 'loom-poster', { goal: 100_000, pledged: 50_000, video_url: 'https://vimeo.com/76979871' });
    await t.deps.db.updateTable('post_campaigns').set({ video_poster: '/uploads/2026/12/0123456789abcdef01234567-loom-poster.jpg' }).where('post_id', '=', id).execute();
    await t.deps.contentChanges.write(t.deps.db, null, async () => undefined);
    const html = await (await site.get('/loom-poster')).text();
    const box = factBoxHtml(html);
    expect(box).toMatch(/<img src="\/uploads\/2026\/12\/0123456789abcdef01234567-loom-poster\.jpg" srcSet="\/uploads\/2026\/12\/0123456789abcdef01234567-loom-poster\.jpg\.w\d+\.webp \d+w/);
    expect(box).not.toContain('data-video-placeholder');
    expect(loadedAddresses(html).filter((address) => !isOwnAddress(address))).toEqual([]);
  });

  it('lets the page frame only its video host’s player, and a page without a video frame nothing', async () => {
    for (const [path, origin] of [
      ['/loom-video', 'https://www.youtube-nocookie.com'],
      ['/loom-vimeo', 'https://player.vimeo.com'],
    ] as const) {
      // The render, then the kept copy.
      for (const round of [1, 2]) {
        const policy = policyOf(await site.get(path));
        expect(policy, `${path} ${round}`).toMatch(new RegExp(`; frame-src ${origin.replace(/[.]/g, '\\.')}(;|$)`));
        expect(policy.match(/frame-src/g)).toHaveLength(1);
        expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
      }
    }
    for (const path of ['/loom-plain', '/']) expect(policyOf(await site.get(path)), path).not.toContain('frame-src');
  });

  it('keeps the frame with the copy kept in the database, which another server answers from', async () => {
    await site.get('/loom-vimeo');
    const kept = async () => t.deps.db.selectFrom('rendered_pages').select('body').where('path', '=', '/loom-vimeo').executeTakeFirst();
    await expect.poll(kept).toBeDefined();
    // Marked, to tell an answer from the store from a render.
    const body = (await kept())?.body.toString('utf8') ?? '';
    await t.deps.db
      .updateTable('rendered_pages')
      .set({ body: Buffer.from(body.replace('</body>', '<!-- kept --></body>'), 'utf8') })
      .where('path', '=', '/loom-vimeo')
      .execute();
    const other = await createSiteApp(t);
    const answer = await other.get('/loom-vimeo');
    expect(await answer.text()).toContain('<!-- kept -->');
    expect(policyOf(answer)).toMatch(/; frame-src https:\/\/player\.vimeo\.com(;|$)/);
  });
});

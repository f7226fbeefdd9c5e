/**
 * A campaign's basics, numbers and video in Chromium (decision 094): the
 * editor fills the basics; the visitor sees them in the fact box, whose
 * three figures sit side by side on a desktop and stack on a phone over a
 * bar at least 8 px high; nothing from the video host loads until the
 * visitor clicks the poster, and then the player is framed (the page's
 * policy allows it), also on a page reached by navigating inside the site.
 * axe checks every page visited.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, useJourney, visit, type Site, type Visit } from './harness.ts';

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const VIDEO_HOSTS = /youtube|youtu\.be|ytimg|googlevideo|vimeo/;

async function seedVideoPost(site: Site, slug: string, title: string): Promise<void> {
  const response = await site.admin('POST', '/admin/posts', {
    title,
    slug,
    excerpt: `Why ${title} is worth backing.`,
    content: `## About ${title}\n\nA careful review of the campaign.`,
    cover_image: '/images/demo/solar-backpack.webp',
    campaign_url: `https://www.kickstarter.com/projects/loomwright/${slug}`,
    status: 'published',
    read_time: 4,
    published_at: nowSeconds() - DAY,
    category_ids: ['tech'],
    campaign: {
      platform: 'kickstarter',
      currency: 'EUR',
      state: 'live',
      goal: 3_000_000,
      pledged: 4_821_000,
      backers: 512,
      launched_at: nowSeconds() - 10 * DAY,
      ends_at: nowSeconds() + 12 * DAY + 5 * 3600,
      creator_name: 'Loomwright',
      location: 'Lisbon, Portugal',
      reward_from: 8900,
      delivery_estimate: '2027-03',
      video_url: 'https://youtu.be/dQw4w9WgXcQ',
    },
  });
  if (response.status !== 201) throw new Error(`seeding ${slug} failed: ${JSON.stringify(response.body)}`);
}

/** Every address the visit's pages asked for, in order (the harness answers only the site's). */
function recordRequests(visitor: Visit): string[] {
  const requests: string[] = [];
  visitor.context.on('request', (request) => requests.push(request.url()));
  return requests;
}

const factBox = (page: Page) => page.getByRole('region', { name: 'Kickstarter campaign' });

/** The fact box's three figures' boxes, in order. */
const figureBoxes = (page: Page) =>
  factBox(page)
    .locator('.campaign-stat')
    .evaluateAll((stats) => stats.map((stat) => stat.getBoundingClientRect()).map(({ x, y, width, height }) => ({ x, y, width, height })));

describe('the click-to-load video and the fact box on a desktop', () => {
  const { site, visitor, openVisit } = useJourney();

  it('the editor fills the basics in the post editor, and the fact box says them', async () => {
    const editor = await openVisit();
    await signIn(editor.page);
    await openAdmin(editor.page, '/admin/posts/new', 'New Post');
    const form = editor.page;
    await form.getByLabel('Title', { exact: true }).fill('Folding Loom');
    await form.getByLabel('Excerpt').fill('A tabletop loom that folds flat.');
    await form.locator('#post-content').fill('## Why\n\nIt weaves.');
    await form.getByLabel('Campaign URL').fill('https://www.kickstarter.com/projects/loomwright/folding-loom');
    await form.getByLabel('Status').selectOption('published');
    await form.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { name: 'Technology' }).check();
    await form.getByRole('button', { name: 'Add campaign facts' }).click();
    const facts = form.getByRole('group', { name: 'Funding facts' });
    await facts.getByLabel('Currency').fill('EUR');
    await facts.getByLabel('Goal (EUR)').fill('30000');
    const basics = form.getByRole('group', { name: 'Campaign basics' });
    await basics.getByLabel('Creator').fill('Loomwright');
    await basics.getByLabel('Location').fill('Lisbon, Portugal');
    await basics.getByLabel('Rewards from (EUR)').fill('89');
    await basics.getByLabel('Ships').fill('2027-03');
    // Another host is refused by field, before anything is sent.
    await basics.getByLabel('Video').fill('https://www.dailymotion.com/video/x7tgad0');
    await form.getByRole('button', { name: 'Save Post' }).click();
    await expect.poll(() => basics.getByText('Video URL must be a YouTube or Vimeo video address').count()).toBe(1);
    await basics.getByLabel('Video').fill('https://vimeo.com/76979871');
    await expectNoSeriousA11yViolations(form);
    await form.getByRole('button', { name: 'Save Post' }).click();
    await toastText(form, 'Post created');

    await visit(visitor, '/folding-loom');
    const line = factBox(visitor.page).locator('.campaign-basics');
    expect(await line.textContent()).toBe('By Loomwright · Lisbon, Portugal · Rewards from €89 · Ships Mar 2027');
    expect(await factBox(visitor.page).getByRole('link', { name: /Play the campaign video \(loads Vimeo\)/ }).count()).toBe(1);
  });

  it('loads nothing from the video host until the visitor clicks the poster, then frames the player', async () => {
    await seedVideoPost(site, 'loom-video', 'Loom Video');
    const watcher = await openVisit();
    const requests = recordRequests(watcher);
    const { page } = watcher;
    await visit(watcher, '/loom-video');
    // The page has settled (network idle, axe run): still nothing from the host, and no frame.
    expect(requests.filter((url) => VIDEO_HOSTS.test(new URL(url).host))).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);

    await factBox(page).getByRole('link', { name: /Play the campaign video/ }).click();
    const frame = page.locator('iframe[title="Video: Loom Video"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    // The policy let the frame load (a refused frame is never requested): the harness then answers it with nothing.
    await expect.poll(() => requests.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'))).toBe(true);
    expect(page.url()).toMatch(/\/loom-video$/);
    await expectNoSeriousA11yViolations(page);
  });

  it('plays the video on a page reached by navigating inside the site, whose first policy framed nothing', async () => {
    const watcher = await openVisit();
    const requests = recordRequests(watcher);
    const { page } = watcher;
    await visit(watcher, '/');
    await page.getByRole('link', { name: 'Loom Video', exact: true }).first().click();
    await page.waitForURL('**/loom-video');
    await factBox(page).getByRole('link', { name: /Play the campaign video/ }).click();
    // Loaded anew from the server, with its own policy, and the player starts there.
    await page.locator('iframe[title="Video: Loom Video"]').waitFor();
    expect(page.url()).toMatch(/\/loom-video$/);
    await expect.poll(() => requests.some((url) => url.startsWith('https://www.youtube-nocookie.com/embed/'))).toBe(true);
  });

  it('shows the three figures side by side over a bar at least 8 px high', async () => {
    const { page } = visitor;
    await visit(visitor, '/loom-video');
    const boxes = await figureBoxes(page);
    expect(boxes).toHaveLength(3);
    const [pledged, backers, days] = boxes as [DOMRect, DOMRect, DOMRect];
    expect(Math.abs(pledged.y - backers.y)).toBeLessThan(2);
    expect(Math.abs(backers.y - days.y)).toBeLessThan(2);
    expect(pledged.x).toBeLessThan(backers.x);
    expect(backers.x).toBeLessThan(days.x);
    const bar = await page.getByRole('progressbar', { name: 'Funded' }).boundingBox();
    expect(bar?.height).toBeGreaterThanOrEqual(8);
    expect(await page.getByRole('progressbar', { name: 'Funded' }).getAttribute('aria-valuenow')).toBe('100');
    // The amount pledged is the largest figure.
    const sizes = await factBox(page)
      .locator('.campaign-figure')
      .evaluateAll((figures) => figures.map((figure) => Number.parseFloat(getComputedStyle(figure.firstElementChild ?? figure).fontSize)));
    expect(sizes[0]).toBeGreaterThan(Math.max(...sizes.slice(1)));
  });
});

describe('the fact box on a phone', () => {
  const { site, visitor } = useJourney({ visit: PHONE });

  it('stacks the three figures, keeps the bar and the poster within the screen, and passes axe', async () => {
    await seedVideoPost(site, 'loom-phone', 'Loom Phone');
    const { page } = visitor;
    await visit(visitor, '/loom-phone');
    const boxes = await figureBoxes(page);
    expect(boxes).toHaveLength(3);
    const [pledged, backers, days] = boxes as [DOMRect, DOMRect, DOMRect];
    expect(backers.y).toBeGreaterThanOrEqual(pledged.y + pledged.height - 1);
    expect(days.y).toBeGreaterThanOrEqual(backers.y + backers.height - 1);
    expect(Math.abs(pledged.x - days.x)).toBeLessThan(2);
    const bar = await page.getByRole('progressbar', { name: 'Funded' }).boundingBox();
    expect(bar?.height).toBeGreaterThanOrEqual(8);
    const poster = await factBox(page).locator('[data-video-poster]').boundingBox();
    expect(poster?.x).toBeGreaterThanOrEqual(0);
    expect((poster?.x ?? 0) + (poster?.width ?? 0)).toBeLessThanOrEqual(390);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

/**
 * A campaign's facts in Chromium: an editor enters them in the post
 * editor; a visitor sees them in the post's fact box, watches its
 * days (here minutes) to go tick as time passes (Playwright's clock moves it on), and
 * finds the post in the home page's band of campaigns ending within 48 hours and on
 * `/ending-soon`; then the same pages with JavaScript off. axe checks
 * every page visited.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, useJourney, visit, type Site } from './harness.ts';

const MINUTE = 60;
const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Publishes a post with a campaign through the admin API. */
async function seedCampaignPost(site: Site, slug: string, title: string, campaign: Record<string, unknown>): Promise<void> {
  const response = await site.admin('POST', '/admin/posts', {
    title,
    slug,
    excerpt: `Why ${title} is worth backing.`,
    content: `## About ${title}\n\nA careful review of the campaign.`,
    cover_image: '/images/demo/solar-backpack.webp',
    campaign_url: `https://www.kickstarter.com/projects/maker/${slug}`,
    status: 'published',
    read_time: 4,
    published_at: nowSeconds() - DAY,
    category_ids: ['tech'],
    campaign: { platform: 'kickstarter', currency: 'USD', state: 'live', ...campaign },
  });
  if (response.status !== 201) throw new Error(`seeding ${slug} failed: ${JSON.stringify(response.body)}`);
}

/** The fact box's words in the order they are read, on one line. */
const boxText = async (box: ReturnType<Page['getByRole']>) => (await box.innerText()).replace(/[ \t\n]+/g, ' ');

/** The fact box's countdown, as shown. */
const countdown = (page: Page) => page.getByRole('region', { name: /campaign$/ }).locator('time').first();

/** A `datetime-local` value in UTC (the site's time zone here), to the second. */
const utcInput = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19);

describe('an editor, a visitor and a campaign ending in minutes', () => {
  const { visitor, openVisit } = useJourney();

  it('the editor enters the facts; the visitor sees them, watches the countdown tick, and finds the post in the home band and on /ending-soon', async () => {
    const editor = await openVisit();
    await signIn(editor.page);
    await openAdmin(editor.page, '/admin/posts/new', 'New Post');
    const form = editor.page;
    await form.getByLabel('Title', { exact: true }).fill('Ticking Lamp');
    await form.getByLabel('Excerpt').fill('A lamp whose campaign is about to end.');
    await form.locator('#post-content').fill('## Why\n\nIt glows.');
    await form.getByLabel('Campaign URL').fill('https://www.kickstarter.com/projects/maker/ticking-lamp');
    await form.getByLabel('Status').selectOption('published');
    await form.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { name: 'Technology' }).check();
    await form.getByRole('button', { name: 'Add campaign facts' }).click();
    const facts = form.getByRole('group', { name: 'Funding facts' });
    await facts.getByLabel('Platform').selectOption('kickstarter');
    await facts.getByLabel('State').selectOption('live');
    await facts.getByLabel('Currency').fill('USD');
    await facts.getByLabel('Goal (USD)').fill('10000');
    await facts.getByLabel('Pledged (USD)').fill('8700');
    await facts.getByLabel('Backers').fill('93');
    // Half a minute to spare either side of each whole minute, however slow the run.
    const endsAt = nowSeconds() + 10 * MINUTE + 30;
    await facts.getByLabel(/^Launch/).fill(utcInput(nowSeconds() - 20 * DAY));
    await facts.getByLabel(/^End/).fill(utcInput(endsAt));
    await expectNoSeriousA11yViolations(form);
    await form.getByRole('button', { name: 'Save Post' }).click();
    await toastText(form, 'Post created');

    const { page } = visitor;
    await page.clock.install();
    await visit(visitor, '/ticking-lamp');
    const box = page.getByRole('region', { name: 'Kickstarter campaign' });
    expect(await boxText(box)).toContain('pledged $8,700 of $10,000 goal · 87\u00a0%');
    expect(await boxText(box)).toContain('backers 93');
    expect(await box.getByText('Ending soon').count()).toBe(1);
    expect(await page.getByRole('progressbar', { name: 'Funded' }).getAttribute('aria-valuenow')).toBe('87');
    expect(await countdown(page).textContent()).toBe('10');
    expect(await boxText(box)).toContain('minutes to go 10');
    // Where the countdown starts and what follows it sit: no words of its may move them.
    const layout = async () => {
      const own = await countdown(page).boundingBox();
      const next = await box.locator('p').last().boundingBox();
      return { x: own?.x, y: own?.y, next };
    };
    const before = await layout();

    await page.clock.fastForward('03:00');
    await expect.poll(() => countdown(page).textContent()).toBe('7');
    // Its room was kept: nothing moved.
    expect(await layout()).toEqual(before);

    await page.clock.fastForward('10:00');
    await expect.poll(() => countdown(page).textContent()).toMatch(/^Ended \d{1,2} \w{3}$/);

    await visit(visitor, '/');
    const band = page.getByRole('region', { name: 'Ending in the next 48 hours' });
    expect(await band.getByRole('link', { name: 'Ticking Lamp', exact: true }).count()).toBe(1);
    await visit(visitor, '/ending-soon');
    expect(await page.getByRole('main').getByRole('link', { name: 'Ticking Lamp', exact: true }).count()).toBe(1);
  });
});

describe('a visitor without JavaScript and a live campaign', () => {
  const { site, visitor } = useJourney({ visit: { javaScriptEnabled: false } });

  it('reads the facts, the home band, /ending-soon and a filtered category, all from the server', async () => {
    const { page } = visitor;
    await seedCampaignPost(site, 'quiet-kettle', 'Quiet Kettle', {
      goal: 2_000_000,
      pledged: 4_821_000,
      backers: 241,
      launched_at: nowSeconds() - 10 * DAY,
      ends_at: nowSeconds() + 12 * DAY + 5 * 3600,
    });
    await visit(visitor, '/quiet-kettle');
    const box = page.getByRole('region', { name: 'Kickstarter campaign' });
    expect(await boxText(box)).toContain('pledged $48,210 of $20,000 goal · 241\u00a0%');
    expect(await countdown(page).textContent()).toBe('12');
    expect(await boxText(box)).toContain('days to go 12');

    await visit(visitor, '/');
    // Twelve days left: not within 48 hours, so it fills the band up under "Ending next".
    expect(await page.getByRole('region', { name: 'Ending next' }).getByRole('link', { name: 'Quiet Kettle', exact: true }).count()).toBe(1);

    await visit(visitor, '/ending-soon');
    expect(await page.getByRole('main').getByRole('link', { name: 'Quiet Kettle', exact: true }).count()).toBe(1);

    await visit(visitor, '/category/technology');
    await page.getByRole('navigation', { name: 'Filter projects' }).getByRole('link', { name: 'Funded' }).click();
    await page.waitForURL('**/category/technology?campaign=funded');
    expect(
      await page.getByRole('navigation', { name: 'Filter projects' }).getByRole('link', { name: 'Funded' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await page.getByRole('main').getByRole('link', { name: 'Quiet Kettle', exact: true }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
  });
});

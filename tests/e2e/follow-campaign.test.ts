/**
 * A reader following a campaign from its post (decision 097): with
 * JavaScript the form answers in place, with no reload; without it the
 * plain POST answers a page; the mailed link leads to a page that follows
 * only by its button; "Add to calendar" is a calendar file. Every page on
 * the way passes axe.
 */
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, rejectCookies, visit, type Site, useJourney } from './harness.ts';

const DAY = 86_400;
let seeded = 0;

async function runningCampaignPost(site: Site): Promise<{ slug: string; title: string }> {
  seeded += 1;
  const slug = `tide-lamp-${seeded}`;
  const title = `Tide Lamp ${seeded}`;
  const created = await site.admin('POST', '/admin/posts', {
    title,
    slug,
    excerpt: 'A lamp that shows the tide.',
    content: '## About\n\nA careful review.',
    cover_image: null,
    campaign_url: 'https://www.kickstarter.com/projects/tide-lamp',
    status: 'published',
    read_time: 4,
    published_at: Math.floor(Date.now() / 1000) - 3600,
    category_ids: ['tech'],
    campaign: { platform: 'kickstarter', currency: 'USD', goal: 2_000_000, pledged: 100_000, backers: 10, launched_at: Math.floor(Date.now() / 1000) - DAY, ends_at: Math.floor(Date.now() / 1000) + 20 * DAY, state: 'live' },
  });
  expect(created.status).toBe(201);
  return { slug, title };
}

/** The path of the confirmation link mailed to `email`, once the mail is in the outbox. */
async function confirmationPath(site: Site, email: string): Promise<string> {
  const find = () => /\/follow\/confirm\?token=[\w%.~-]+/.exec(site.mailsTo(email).map((mail) => mail.text_body).join('\n'))?.[0];
  await expect.poll(find, { timeout: 30_000, interval: 250 }).toBeDefined();
  return find() ?? '';
}

describe('a reader following a campaign with JavaScript', () => {
  const { site, visitor } = useJourney();

  it('follows from the fact box with no reload, is told to check the inbox, and the form passes axe', async () => {
    const { page } = visitor;
    const post = await runningCampaignPost(site);
    await visit(visitor, `/${post.slug}`);
    await rejectCookies(page);
    const form = page.getByRole('form', { name: 'Follow this campaign' });
    await form.waitFor({ timeout: 30_000 });
    await expectNoSeriousA11yViolations(page);

    // A mark on the window survives only if the page is not loaded again.
    await page.evaluate(() => ((window as unknown as { followMark?: string }).followMark = 'same page'));
    await form.getByLabel('Your e-mail address').fill('js.reader@example.com');
    await form.getByRole('button', { name: 'Follow' }).click();
    await expect
      .poll(() => page.locator('#follow-answer').innerText(), { timeout: 30_000, interval: 250 })
      .toBe('Check your inbox: we sent you a link to confirm.');
    expect(await page.evaluate(() => (window as unknown as { followMark?: string }).followMark)).toBe('same page');
    expect(new URL(page.url()).pathname).toBe(`/${post.slug}`);
    await expect.poll(() => form.count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    expect(site.mailsTo('js.reader@example.com').length).toBeGreaterThan(0);
    // The address is never shown back on the page.
    expect(await page.content()).not.toContain('js.reader@example.com');
  });

  it('confirms from the mailed link by its button, on pages that pass axe', async () => {
    const { page } = visitor;
    const post = await runningCampaignPost(site);
    const email = 'confirming.reader@example.com';
    const answer = await fetch(`${site.baseUrl}/api/posts/${post.slug}/follow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(answer.status).toBe(202);
    const link = await confirmationPath(site, email);

    await visit(visitor, link);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Follow ${post.title}`);
    expect(await page.locator('main').innerText()).toContain('48 hours before it ends');
    await page.getByRole('button', { name: 'Follow this campaign' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText(), { timeout: 30_000, interval: 250 })
      .toBe(`You follow ${post.title}`);
    await expectNoSeriousA11yViolations(page);

    // Used once: the same link now says so.
    await visit(visitor, link);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('This link does not work any more');
  });

  it('offers "Add to calendar", a calendar file of the last 48 hours in UTC', async () => {
    const { page } = visitor;
    const post = await runningCampaignPost(site);
    await visit(visitor, `/${post.slug}`);
    const calendar = page.getByRole('link', { name: 'Add to calendar' });
    const href = await calendar.getAttribute('href');
    expect(href).toBe(`/${post.slug}/campaign.ics`);
    const answer = await page.request.get(href ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^text\/calendar/);
    const ics = await answer.text();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(/DTEND:\d{8}T\d{6}Z/);
    expect(ics).toContain(`/${post.slug}`);
    expect(ics).toContain('BEGIN:VALARM');
  });

  it('raised no error in the page along the way', () => {
    expect(visitor.pageErrors).toEqual([]);
  });
});

describe('a reader following a campaign without JavaScript', () => {
  const { site, visitor } = useJourney({ visit: { javaScriptEnabled: false } });

  it('posts the form and is answered with a page, and the mail is sent', async () => {
    const { page } = visitor;
    const post = await runningCampaignPost(site);
    await visit(visitor, `/${post.slug}`);
    const form = page.getByRole('form', { name: 'Follow this campaign' });
    await form.getByLabel('Your e-mail address').fill('plain.reader@example.com');
    await Promise.all([page.waitForURL('**/follow', { timeout: 30_000 }), form.getByRole('button', { name: 'Follow' }).click()]);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Check your inbox');
    await expectNoSeriousA11yViolations(page, { javaScriptEnabled: false });
    expect(await page.content()).not.toContain('plain.reader@example.com');
    await confirmationPath(site, 'plain.reader@example.com');
  });
});

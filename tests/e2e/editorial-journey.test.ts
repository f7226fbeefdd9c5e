/**
 * A sponsored post from payment to publication: a sponsor pays for a
 * submission, the administrator approves it, drafts its post, shares a
 * preview, schedules it a few seconds ahead and sees it go live on its own,
 * in search, with its share kit.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, rejectCookies, toastText, visit, type Site, type Visit, useJourney } from './harness.ts';

const PROJECT = 'Tide Clock';
const CAMPAIGN_URL = 'https://example.com/tide-clock';
/** What a reader types: the beginning of the project's name. */
const QUERY = 'Tid';
/** How far ahead the post is scheduled: room for the checks made before it goes live. */
const SCHEDULE_AHEAD_SECONDS = 25;

/** The sponsored form's checkout, as the public form sends it. */
async function createCheckout(site: Site): Promise<string> {
  const response = await fetch(`${site.baseUrl}/api/payments/create-checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      project_name: PROJECT,
      project_url: CAMPAIGN_URL,
      contact_name: 'Mary Somerville',
      contact_email: 'mary@example.com',
      description: 'A Tide Clock that shows the sea rising and falling at any harbour, read from the almanac.',
      press_kit_url: 'https://example.com/tide-clock-press',
      terms_accepted: true,
      budget_range: '',
    }),
  });
  const body = (await response.json()) as { checkout_url?: string };
  if (!response.ok || !body.checkout_url) throw new Error(`create-checkout answered ${response.status}: ${JSON.stringify(body)}`);
  return body.checkout_url;
}

/** A `datetime-local` value in UTC, to the second. */
const utcInput = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19);

/** The editor's schedule text: `Nov 25, 2026, 13:25 UTC`. */
const siteDateTime = (seconds: number) =>
  `${new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(seconds * 1000))} UTC`;

/** Searches from the header form and waits for the results page. */
async function searchFromHeader(page: Page, query: string): Promise<void> {
  const header = page.getByRole('search', { name: 'Site search' });
  await header.getByRole('searchbox', { name: 'Search posts and resources' }).fill(query);
  await header.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(`**/search?q=${query}`);
  await page.getByRole('heading', { level: 1, name: `Search results for “${query}”` }).waitFor();
}

describe('a sponsored post from payment to scheduled publication', () => {
  const { site, visitor: sponsor, openVisit } = useJourney();

  let admin: Visit;
  /** The reader who opens the preview link, then looks for the post before it is live. */
  let early: Visit;
  let postId = 0;
  let slug = '';
  let previewUrl = '';
  /** Unix seconds. */
  let publishAt = 0;

  it('lets a sponsor pay for a submission on the test checkout', async () => {
    const { page } = sponsor;
    await page.goto(await createCheckout(site), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay $75.00' }).click();
    await page.waitForURL('**/payment/success**');
    await page.getByRole('heading', { name: 'Payment confirmed', exact: true }).waitFor();
  });

  it('approves the paid submission and drafts its post, labelled Sponsored for good', async () => {
    admin = await openVisit();
    const { page } = admin;
    await signIn(page);
    await openAdmin(page, '/admin/submissions', 'Sponsored Posts');
    await page.getByRole('tab', { name: 'Paid, to review (1)', selected: true }).waitFor();
    const toReview = page.getByRole('row', { name: new RegExp(PROJECT) });
    expect(await toReview.getByText(/^Paid \$75\.00 on /).isVisible()).toBe(true);
    await toReview.getByRole('button', { name: `Approve ${PROJECT}` }).click();
    // Asked first: the row leaves its tab and the sponsor is mailed.
    await page.getByRole('alertdialog', { name: `Approve ${PROJECT}?` }).getByRole('button', { name: 'Approve', exact: true }).click();
    expect(await toastText(page, 'Status updated')).toContain('Submission marked as approved');
    await page.getByText('No paid submissions to review').waitFor();

    await page.getByRole('tab', { name: 'Approved (1)' }).click();
    const approved = page.getByRole('row', { name: new RegExp(PROJECT) });
    await approved.getByRole('button', { name: `Create draft post for ${PROJECT}` }).click();
    await page.waitForURL((url) => /^\/admin\/posts\/\d+$/.test(url.pathname));
    postId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    await toastText(page, 'Draft post created');

    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(PROJECT);
    slug = await page.getByLabel('Slug').inputValue();
    expect(slug).toBe('tide-clock');
    expect(await page.getByLabel('Campaign URL').inputValue()).toBe(CAMPAIGN_URL);
    expect(await page.getByLabel('Status').inputValue()).toBe('draft');
    const sponsored = page.getByLabel('Sponsored', { exact: true });
    expect(await sponsored.isChecked()).toBe(true);
    expect(await sponsored.isDisabled()).toBe(true);
    expect(await page.locator('#post-sponsored-hint').innerText()).toContain('Made from a paid sponsored submission');
    // The markdown editor is loaded on demand: checked once it is there.
    await page.locator('#post-content').waitFor();
    expect(await page.locator('#post-content').inputValue()).toContain('A Tide Clock that shows the sea rising');
    await expectNoSeriousA11yViolations(page);
  });

  it('shares a preview that a reader without a session opens, never cached', async () => {
    const { page } = admin;
    const panel = page.getByRole('region', { name: 'Share preview' });
    await panel.getByRole('button', { name: 'Share preview' }).click();
    expect(await toastText(page, 'Preview link created')).toMatch(/Valid until /);
    previewUrl = await panel.getByLabel('Preview link').inputValue();
    expect(previewUrl).toMatch(new RegExp(`^${site.baseUrl}/preview/[\\w-]+$`));

    early = await openVisit();
    const response = await early.page.goto(previewUrl, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await early.page.getByRole('note').filter({ hasText: 'Preview — not published' }).waitFor();
    const article = early.page.getByRole('article');
    expect(await article.getByRole('heading', { level: 1 }).innerText()).toBe(PROJECT);
    expect(await article.getByText('Sponsored', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(early.page);
    await rejectCookies(early.page);
  });

  it('schedules the post a few seconds ahead: listed as scheduled, not yet public nor found', async () => {
    const { page } = admin;
    await page.getByLabel('Status').selectOption('scheduled');
    const time = page.getByLabel('Publication time (UTC)');
    await time.waitFor();
    publishAt = Math.floor(Date.now() / 1000) + SCHEDULE_AHEAD_SECONDS;
    // Chromium drops ":00" seconds from the value: a time with seconds keeps the form exact.
    if (publishAt % 60 === 0) publishAt += 1;
    await time.fill(utcInput(publishAt));
    expect(await time.inputValue()).toBe(utcInput(publishAt));
    await page.getByText(`Scheduled for ${siteDateTime(publishAt)}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save Post' }).click();
    // The sponsor is mailed when it goes live, and was sent no preview of theirs: asked first (decision 082).
    const asked = page.getByRole('alertdialog', { name: 'Schedule without a preview?' });
    await asked.getByRole('button', { name: 'Schedule without a preview' }).click();
    await toastText(page, 'Post updated');
    await page.waitForURL((url) => url.pathname === '/admin/posts');

    await openAdmin(page, '/admin/posts?state=scheduled', 'Posts');
    const row = page.getByRole('row', { name: new RegExp(PROJECT) });
    await row.waitFor();
    expect(await row.getByText('scheduled', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole('cell', { name: siteDateTime(publishAt), exact: true }).isVisible()).toBe(true);
    const stored = await site.admin<{ status: string; published_at: number }>('GET', `/admin/posts/${postId}`);
    expect(stored.body).toMatchObject({ status: 'published', published_at: publishAt });

    const notYet = await early.page.request.get(`/${slug}`);
    expect(notYet.status()).toBe(404);
    await early.page.goto('/', { waitUntil: 'networkidle' });
    await searchFromHeader(early.page, QUERY);
    await early.page.getByText('Nothing matches your search.').waitFor();
    expect(await early.page.getByRole('link', { name: PROJECT }).count()).toBe(0);
    // The checks above saw the post before its time, not after.
    expect(Date.now(), 'the checks before publication took too long').toBeLessThan(publishAt * 1000);
  });

  it('goes live on its own at its time: labelled, paid links marked, shareable and found', { timeout: 90_000 }, async () => {
    await expect
      .poll(async () => (await fetch(`${site.baseUrl}/${slug}`)).status, { timeout: 40_000, interval: 500 })
      .toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt * 1000);

    // A reader whose browser never kept the page of the post's absence.
    const reader = await openVisit();
    const { page } = reader;
    await visit(reader, `/${slug}`);
    await rejectCookies(page);
    const article = page.getByRole('article');
    expect(await article.getByRole('heading', { level: 1 }).innerText()).toBe(PROJECT);
    expect(await article.locator('header').getByText('Sponsored', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Preview — not published').count()).toBe(0);
    const campaignLinks = page.locator(`a[href="${CAMPAIGN_URL}"]`);
    expect(await campaignLinks.count()).toBeGreaterThan(0);
    for (const rel of await campaignLinks.evaluateAll((links) => links.map((link) => link.getAttribute('rel')))) {
      expect(rel).toBe('sponsored noopener');
    }
    const share = page.getByRole('navigation', { name: 'Share' });
    expect(await share.isVisible()).toBe(true);
    // Through the counted share redirect, which builds LinkedIn's address on the server (decision 067).
    expect(await share.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toBe(`/share/${slug}/linkedin`);

    await searchFromHeader(page, QUERY);
    const results = page.getByRole('region', { name: 'Results' });
    expect(await results.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([PROJECT]);
    const result = results.getByRole('listitem').filter({ hasText: PROJECT });
    expect(await result.getByText('Sponsored', { exact: true }).isVisible()).toBe(true);
    expect(await result.locator('mark').allInnerTexts()).toContain('Tide');
    await expectNoSeriousA11yViolations(page);
    expect(await result.getByRole('link', { name: PROJECT }).getAttribute('href')).toBe(`/${slug}`);
    expect(reader.pageErrors).toEqual([]);
  });

  it('shows the published post on its submission, and its share kit in the editor', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/submissions?view=approved', 'Sponsored Posts');
    const row = page.getByRole('row', { name: new RegExp(PROJECT) });
    await row.waitFor();
    expect(await row.getByText(/^Post published on [A-Z][a-z]{2} \d{1,2}, \d{4}$/).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: /Create draft post/ }).count()).toBe(0);
    await row.getByRole('link', { name: `Edit post about ${PROJECT}` }).click();
    await page.waitForURL((url) => url.pathname === `/admin/posts/${postId}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();

    const kit = page.getByRole('region', { name: 'Share kit' });
    await kit.waitFor();
    expect(await kit.getByLabel('Address for LinkedIn').inputValue()).toContain('utm_source=linkedin');
    expect(await kit.getByLabel('Address for LinkedIn').inputValue()).toMatch(new RegExp(`^${site.baseUrl}/${slug}\\?`));
    // The campaign's counted address, to copy or print: its QR code is drawn in the page and saved as an SVG.
    const go = `${site.baseUrl}/go/${slug}`;
    expect(await kit.getByLabel('Address straight to the campaign (clicks counted)').inputValue()).toBe(go);
    const qrCode = kit.getByRole('img', { name: `QR code of ${go}` });
    expect(await qrCode.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const download = kit.getByRole('link', { name: 'Download the QR code' });
    expect(await download.getAttribute('download')).toBe(`${slug}-qr-code.svg`);
    expect(await download.getAttribute('href')).toBe(await qrCode.getAttribute('src'));
    expect(decodeURIComponent((await download.getAttribute('href')) ?? '')).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg /);
    // Live now: shared by its own address, no longer by preview links.
    expect(await page.getByRole('region', { name: 'Share preview' }).count()).toBe(0);
    await page.locator('#post-content').waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(admin.pageErrors).toEqual([]);
  });
});

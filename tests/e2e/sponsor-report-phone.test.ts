/**
 * The sponsor's report on a phone: every column of every table can be
 * reached (a table wider than the screen scrolls sideways in its own frame,
 * reachable by keyboard), and the page itself never runs off the screen.
 */
import { describe, expect, it } from 'vitest';
import { DESKTOP_CHROME, expectNoSeriousA11yViolations, useJourney } from './harness.ts';

const PROJECT = 'Pocket Loom';
const READERS = ['loom.first@example.com', 'loom.second@example.com'];
const PHONE = { width: 360, height: 740 };
// Within the 64 characters kept of a UTM tag, and still wider than a phone.
const LONG_SOURCE = 'weekly-crowdfunding-roundup-newsletter-of-the-northern-guild';

describe("the sponsor's report on a phone", () => {
  const { site, visitor, openVisit } = useJourney({
    env: { NEWSLETTER_DOUBLE_OPT_IN: 'false', NEWSLETTER_RATE_PER_SECOND: '0' },
    visit: { viewport: PHONE, isMobile: true, hasTouch: true },
  });

  /** A paid, approved submission, drafted, published and carried by a sent issue: its report's address. */
  async function liveReport(): Promise<string> {
    const started = await fetch(`${site.baseUrl}/api/payments/create-checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        project_name: PROJECT,
        project_url: 'https://www.kickstarter.com/projects/pocket-loom',
        contact_name: 'Ada Lovelace',
        contact_email: 'ada.loom@example.com',
        description: 'A loom for a coat pocket.',
        terms_accepted: true,
      }),
    });
    expect(started.status).toBe(201);
    const { checkout_url: checkoutUrl } = (await started.json()) as { checkout_url: string };
    await visitor.page.goto(checkoutUrl, { waitUntil: 'networkidle' });
    await visitor.page.getByRole('button', { name: /^Pay / }).click();
    await visitor.page.waitForURL((url) => url.pathname === '/payment/success');

    const list = await site.admin<{ submissions: { id: number; project_name: string; version: number }[] }>('GET', '/admin/submissions/sponsored');
    const submission = list.body.submissions.find((row) => row.project_name === PROJECT);
    if (!submission) throw new Error('the paid submission is not listed');
    expect((await site.admin('PATCH', `/admin/submissions/sponsored/${submission.id}`, { status: 'approved', version: submission.version })).status).toBe(200);
    const drafted = await site.admin<{ id: number }>('POST', `/admin/submissions/sponsored/${submission.id}/draft`);
    expect(drafted.status).toBe(201);
    const post = (await site.admin<Record<string, unknown> & { id: number; version: number }>('GET', `/admin/posts/${drafted.body.id}`)).body;
    const published = await site.admin('PUT', `/admin/posts/${post.id}`, {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      cover_image: post.cover_image,
      campaign_url: post.campaign_url,
      read_time: post.read_time,
      category_ids: post.category_ids,
      status: 'published',
      published_at: Math.floor(Date.now() / 1000) - 3 * 86_400,
      version: post.version,
    });
    expect(published.status).toBe(200);

    for (const email of READERS) {
      const signedUp = await fetch(`${site.baseUrl}/api/submissions/newsletter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
      expect(signedUp.status).toBe(201);
    }
    const issue = await site.admin<{ id: number }>('POST', '/admin/newsletters', { subject: 'Pocket-sized picks of the week', post_ids: [post.id] });
    expect(issue.status).toBe(201);
    expect((await site.admin('POST', `/admin/newsletters/${issue.body.id}/send`, {})).status).toBe(202);
    await expect.poll(async () => (await site.admin<{ status: string }>('GET', `/admin/newsletters/${issue.body.id}`)).body.status, { timeout: 20_000 }).toBe('sent');

    // A reader arrives from a source whose name is longer than a phone is wide.
    const slug = String(post.slug);
    const reader = await openVisit({ userAgent: DESKTOP_CHROME });
    await reader.page.goto(`/${slug}`, { waitUntil: 'networkidle' });
    const beacon = await reader.page.evaluate(
      async ([path, source]) =>
        (await fetch('/api/events', { method: 'POST', body: JSON.stringify({ path, referrer: '', utm_source: source, utm_medium: '', utm_campaign: '', tz: 'UTC' }) })).status,
      [`/${slug}`, LONG_SOURCE] as const,
    );
    expect(beacon).toBe(204);

    // The link is issued in the background once the post is live.
    let reportUrl = '';
    await expect
      .poll(
        async () => {
          reportUrl = (await site.admin<{ report_url: string | null }>('GET', `/admin/submissions/sponsored/${submission.id}`)).body.report_url ?? '';
          return reportUrl;
        },
        { timeout: 20_000 },
      )
      .toMatch(/\/sponsor-report\//);
    return new URL(reportUrl).pathname;
  }

  it('shows every column of its tables, scrolling sideways inside a table rather than off the page', { timeout: 120_000 }, async () => {
    const { page } = visitor;
    const report = await liveReport();
    // Views are written within 5 seconds.
    await expect
      .poll(
        async () => {
          await page.goto(report, { waitUntil: 'networkidle' });
          return page.getByRole('rowheader', { name: LONG_SOURCE }).count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1);
    await page.getByRole('heading', { level: 1, name: "Your sponsored post's report" }).waitFor();

    // The page fits the screen: nothing is cut off at its right edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const tables = page.locator('table');
    expect(await tables.count()).toBeGreaterThanOrEqual(2);
    const headings = page.locator('table thead th');
    const names = await headings.allInnerTexts();
    expect(names).toEqual(expect.arrayContaining(['Day', 'Views', 'Visitors', 'Clicks to the campaign', 'Subject', 'Sent', 'Mails', 'Clicks to the post', 'Source']));
    for (let index = 0; index < names.length; index += 1) {
      const heading = headings.nth(index);
      // Scrolled to inside its table's frame, each heading comes fully into view.
      await heading.scrollIntoViewIfNeeded();
      const box = await heading.boundingBox();
      expect(box, names[index]).not.toBeNull();
      expect(box?.x ?? -1, names[index]).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0), names[index]).toBeLessThanOrEqual(PHONE.width);
      expect(await heading.isVisible(), names[index]).toBe(true);
    }
    expect(await page.getByRole('cell', { name: 'Kept in the outbox: 2' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  it('raised no error in the page along the way', () => {
    expect(visitor.pageErrors).toEqual([]);
  });
});

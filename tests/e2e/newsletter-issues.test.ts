import type { NewsletterIssueJson } from '../../common/answers.ts';
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, rejectCookies, seedPosts, toastText, uploadPublicImage, useJourney, visit, type Site } from './harness.ts';

const SUBJECT = 'Crowdfunding picks of the week';
const PREHEADER = 'Three campaigns we reviewed, and one to watch.';
const POST_TITLE = 'Solar Backpack Pro';
const READERS = ['first-reader@example.com', 'second-reader@example.com'];
/** Signed up, never confirmed: no issue goes to it. */
const PENDING_READER = 'undecided@example.com';
const TEST_ADDRESS = 'editor@example.com';

/** Signs `email` up as the site's form does (pending until its mailed link is confirmed). */
async function signUp(site: Site, email: string): Promise<void> {
  const response = await fetch(`${site.baseUrl}/api/submissions/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(response.status, `signing up ${email}`).toBe(201);
  expect(await response.json()).toMatchObject({ status: 'pending' });
}

const subscribers = async (site: Site) =>
  (await site.admin<{ subscribers: { email: string; status: string }[] }>('GET', '/admin/submissions/newsletter')).body.subscribers;

const issues = async (site: Site) => (await site.admin<{ issues: NewsletterIssueJson[] }>('GET', '/admin/newsletters')).body.issues;

describe('an administrator composing and sending a newsletter issue', () => {
  const { site, visitor: admin, openVisit } = useJourney();
  let issueId: number | undefined;

  it('has a published post and two readers who confirmed from their mail', async () => {
    // An uploaded WebP cover, as the demo content's are: the mail shows its JPEG copy.
    const cover = await uploadPublicImage(site, 'images/demo/solar-backpack.webp');
    await seedPosts(site, [{ slug: 'solar-backpack-pro', title: POST_TITLE, cover_image: cover }]);
    for (const email of [...READERS, PENDING_READER]) await signUp(site, email);

    const reader = await openVisit();
    for (const [index, email] of READERS.entries()) {
      const [mail] = site.mailsTo(email);
      const link = /\/newsletter\/confirm\?token=[\w-]+/.exec(mail?.text_body ?? '')?.[0];
      expect(link, `the confirmation link mailed to ${email}`).toBeDefined();
      await visit(reader, link ?? '');
      if (index === 0) await rejectCookies(reader.page);
      await reader.page.getByRole('button', { name: 'Confirm subscription' }).click();
      await reader.page.getByRole('heading', { name: "You're subscribed" }).waitFor();
    }
    await reader.context.close();
    expect(reader.pageErrors).toEqual([]);

    const statuses = Object.fromEntries((await subscribers(site)).map((subscriber) => [subscriber.email, subscriber.status]));
    expect(statuses).toEqual({ [READERS[0] ?? '']: 'active', [READERS[1] ?? '']: 'active', [PENDING_READER]: 'pending' });
  });

  it('opens the issues from the sidebar and is told mails stay in the outbox', async () => {
    const { page } = admin;
    await signIn(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Newsletter Issues' }).click();
    await page.getByRole('heading', { level: 1, name: 'Newsletter Issues' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/newsletter/issues');
    const notice = page.getByRole('alert').filter({ hasText: 'Mails are kept in the outbox' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('SMTP_URL is not set');
    await page.getByText('No issues yet. Compose your first one!').waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it('composes an issue and previews it as HTML and as plain text', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'New issue' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Issue' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/newsletter/issues/new');
    // Nothing to send before the issue is saved.
    expect(await page.getByRole('button', { name: 'Send now' }).count()).toBe(0);
    await page.getByText('The preview shows once the issue has a subject.').waitFor();

    await page.getByLabel('Subject').fill(SUBJECT);
    await page.getByLabel('Preheader').fill(PREHEADER);
    // The editor is loaded lazily.
    const intro = page.locator('#issue-intro');
    await intro.waitFor();
    await intro.fill('Hello readers!\n\nThis week we looked at **solar** gear.');
    const picker = page.getByLabel('Posts');
    expect(await picker.locator('option').first().innerText()).toBe('Add a published post…');
    await picker.selectOption({ label: POST_TITLE });
    await page.getByRole('listitem').filter({ hasText: `1. ${POST_TITLE}` }).waitFor();
    expect(await picker.locator('option').first().innerText()).toBe('No more published posts');
    await page.getByLabel('Closing text').fill('See you next week.');

    // The preview follows the typing, a moment after it stops.
    const mail = page.frameLocator('iframe[title="E-mail preview"]');
    await mail.getByText('See you next week.').waitFor();
    await mail.getByText(SUBJECT).first().waitFor();
    await mail.getByText(POST_TITLE).first().waitFor();
    await mail.getByText('This week we looked at').waitFor();
    // The mail looks like the site: its name on top, and a button to each post.
    await mail.getByRole('link', { name: 'Crowdfunding Showcase' }).waitFor();
    await mail.getByRole('link', { name: 'Read more' }).waitFor();

    // The post's cover loads in the preview, as in a mail client: its copy for mail, a JPEG.
    const cover = mail.locator('img[src$=".webp.mail.jpg"]').first();
    await expect.poll(async () => (await cover.boundingBox())?.height ?? 0).toBeGreaterThan(100);

    // On a 1366 px wide screen the whole mail is in view: nothing cut off at the side or at the bottom.
    await page.setViewportSize({ width: 1366, height: 900 });
    const frameBox = async () => {
      const box = await page.locator('iframe[title="E-mail preview"]').boundingBox();
      if (!box) throw new Error('the preview frame is not shown');
      return { left: box.x, right: box.x + box.width, bottom: box.y + box.height };
    };
    const edgeOf = async (label: string) => {
      const box = await mail.getByRole('link', { name: label }).first().boundingBox();
      if (!box) throw new Error(`${label} is not shown in the mail`);
      return { left: box.x, right: box.x + box.width, bottom: box.y + box.height };
    };
    expect((await frameBox()).right).toBeLessThanOrEqual(1366);
    for (const label of ['View in your browser', 'Read more']) {
      const edge = await edgeOf(label);
      expect(edge.right, label).toBeLessThanOrEqual((await frameBox()).right);
      expect(edge.left, label).toBeGreaterThanOrEqual((await frameBox()).left);
    }
    await expect.poll(async () => (await frameBox()).bottom - (await edgeOf('Unsubscribe')).bottom).toBeGreaterThanOrEqual(0);
    const html = page.getByRole('button', { name: 'HTML' });
    const plain = page.getByRole('button', { name: 'Plain text' });
    expect(await html.getAttribute('aria-pressed')).toBe('true');
    await expectNoSeriousA11yViolations(page);

    await plain.click();
    expect(await plain.getAttribute('aria-pressed')).toBe('true');
    expect(await html.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('iframe[title="E-mail preview"]').count()).toBe(0);
    const text = page.getByRole('region', { name: 'Preview' }).locator('pre');
    await text.waitFor();
    const plainText = await text.innerText();
    expect(plainText).toContain(POST_TITLE);
    expect(plainText).toContain('This week we looked at solar gear.');
    expect(plainText).not.toContain('<');
    await html.click();
    await mail.getByText(POST_TITLE).first().waitFor();
  });

  it('saves the issue and lands on its own address', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toastText(page, 'Issue saved');
    await page.waitForURL((url) => /^\/admin\/newsletter\/issues\/\d+$/.test(url.pathname));
    issueId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: 'Edit Issue' }).waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe(SUBJECT);

    const [saved] = await issues(site);
    expect(saved).toMatchObject({ id: issueId, subject: SUBJECT, preheader: PREHEADER, status: 'draft', recipients: 0 });
    expect(saved?.post_ids).toHaveLength(1);
    await page.getByRole('region', { name: 'Send', exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it('sends a test to one address, which the outbox keeps', async () => {
    const { page } = admin;
    const sendTest = page.getByRole('button', { name: 'Send test' });
    expect(await sendTest.isDisabled()).toBe(true);
    await page.getByLabel('Test addresses').fill(TEST_ADDRESS);
    await sendTest.click();
    await toastText(page, 'Test kept in the outbox: no mail server is set up');
    expect(site.mailsTo(TEST_ADDRESS).map((mail) => mail.subject)).toEqual([`[Test] ${SUBJECT}`]);
    expect(site.mailsTo(TEST_ADDRESS)[0]?.text_body).toContain(POST_TITLE);
    // A test is counted nowhere and goes to no subscriber.
    for (const email of READERS) expect(site.mailsTo(email).map((mail) => mail.subject)).not.toContain(SUBJECT);
    expect((await issues(site))[0]).toMatchObject({ status: 'draft', recipients: 0 });
  });

  it("asks in the site's own dialog with the number of active subscribers, sends once confirmed, and says the mails are kept in the outbox", async () => {
    const { page } = admin;
    // The browser's own confirm box is never used.
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const question = `Send this issue now to ${READERS.length} active subscribers? The mails will be kept in the outbox: no mail server is set up.`;

    // Cancelled first: nothing is sent.
    await page.getByRole('button', { name: 'Send now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send this issue?' });
    await dialog.waitFor();
    expect(await dialog.getByText(question).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await issues(site))[0]).toMatchObject({ id: issueId, status: 'draft', recipients: 0 });

    await page.getByRole('button', { name: 'Send now' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await toastText(page, 'Issue kept in the outbox: no mail server is set up');
    expect(browserDialogs).toEqual([]);

    const progress = page.getByRole('region', { name: 'Sending progress' });
    await progress.waitFor();
    // Polled every two seconds while it sends; no word of delivery, as nothing left the server.
    await progress
      .getByText(`Kept in the outbox: ${READERS.length} of ${READERS.length} · Failed: 0 · Pending: 0`)
      .waitFor({ timeout: 20_000 });
    await progress.getByText('The mails are kept in the outbox: no mail server is set up.').waitFor();
    await page.locator('h1 + [data-slot="badge"]', { hasText: 'Kept in the outbox' }).waitFor({ timeout: 20_000 });
    await progress.getByText(/^Finished on /).waitFor();
    expect(await page.getByRole('button', { name: 'Send now' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel sending' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Subject').isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    for (const email of READERS) {
      const mails = site.mailsTo(email).filter((mail) => mail.subject === SUBJECT);
      expect(mails, `the issue mailed to ${email}`).toHaveLength(1);
      expect(mails[0]?.text_body).toContain(POST_TITLE);
      expect(mails[0]?.text_body).toMatch(/\/newsletter\/unsubscribe\?token=/);
    }
    expect(site.mailsTo(PENDING_READER).map((mail) => mail.subject)).not.toContain(SUBJECT);
    expect(site.mailsTo(TEST_ADDRESS)).toHaveLength(1);
    expect((await issues(site))[0]).toMatchObject({ id: issueId, status: 'sent', recipients: 2, sent: 2, failed: 0, pending: 0 });
  });

  it('lists the issue as kept in the outbox', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Newsletter Issues' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: SUBJECT }) });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([SUBJECT, 'Kept in the outbox', '2 of 2', '0', '0', expect.any(String)]);
    await expectNoSeriousA11yViolations(page);
    await openAdmin(page, '/admin/newsletter/issues', 'Newsletter Issues');
    expect(await row.count()).toBe(1);
  });

  it("shows a reader's mail in the owner's outbox with its pictures, as a mail client would", async () => {
    const { page } = admin;
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: READERS[0] ?? '' }).filter({ hasText: SUBJECT });
    await row.getByRole('link', { name: /^Open/ }).click();
    // The mail's frame is sandboxed, an origin of its own: the site's uploads must allow being shown there.
    const cover = page.frameLocator(`iframe[title="The mail “${SUBJECT}”"]`).locator('img[src$=".webp.mail.jpg"]').first();
    await cover.waitFor();
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(100);
    await expectNoSeriousA11yViolations(page);
  });

  it('shows the issue on the public archive, with its web version', async () => {
    const { page } = admin;
    await visit(admin, '/newsletter');
    const entry = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: SUBJECT }) });
    expect(await entry.innerText()).toContain(PREHEADER);
    await entry.getByRole('link', { name: SUBJECT }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/newsletter/') && url.pathname !== '/newsletter/');
    await page.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await page.getByText(POST_TITLE).first().waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  it('is told clearly, and nothing is drafted, when starting from ending soon with no campaign ending within 7 days', async () => {
    const { page } = admin;
    const before = (await issues(site)).length;
    await openAdmin(page, '/admin/newsletter/issues/new', 'New Issue');
    await page.getByRole('button', { name: 'Start from ending soon' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'No issue drafted' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('No live campaign ends within the next 7 days');
    expect(new URL(page.url()).pathname).toBe('/admin/newsletter/issues/new');
    expect(await issues(site)).toHaveLength(before);
    await expectNoSeriousA11yViolations(page);
  });

  it('raised no error in the page along the way', () => {
    expect(admin.pageErrors).toEqual([]);
  });
});

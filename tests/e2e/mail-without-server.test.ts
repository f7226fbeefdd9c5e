/**
 * Issue 24's journeys on a site with no mail server (no SMTP_URL, the
 * default): a reader subscribes and the owner confirms the address through
 * the Outbox screen; the owner invites a colleague and hands over the link
 * copied from the Staff screen, which the colleague opens in a browser of
 * their own.
 */
import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, rejectCookies, toastText, useJourney, visit } from './harness.ts';

const READER = 'outbox.reader@example.com';
const COLLEAGUE = 'copied.link@example.com';
const COLLEAGUE_PASSWORD = 'a colleague passphrase for e2e';

describe('mail without a mail server', () => {
  const { site, visitor: owner, openVisit } = useJourney();

  it('subscribes on the public site, and the owner confirms the address through the outbox', async () => {
    const reader = await openVisit();
    await visit(reader, '/');
    await rejectCookies(reader.page);
    const newsletter = reader.page.getByRole('region', { name: 'New reviews and guides, in your inbox' });
    await newsletter.getByLabel('Email address').fill(READER);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    // Said once, in the form's own panel.
    expect(await newsletter.getByRole('region', { name: 'Successfully subscribed!' }).innerText()).toContain("You'll receive our latest updates.");
    await newsletter.getByText('Check your inbox: we sent you a link to confirm your subscription.').waitFor();

    const { page } = owner;
    await signIn(page);
    // Waiting for its link: counted apart on the dashboard.
    expect(await page.getByTestId('count-Newsletter Subscribers').innerText()).toBe('0');
    expect(await page.getByTestId('note-Newsletter Subscribers').innerText()).toBe('active · 1 pending confirmation');

    // The subscribers screen filters by status; a second link so soon is refused.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Newsletter', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Newsletter Subscribers/ }).waitFor();
    await page.getByRole('tab', { name: /^Pending/ }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'pending');
    await page.getByRole('cell', { name: READER, exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: `Resend the confirmation link to ${READER}` }).click();
    expect(await toastText(page, 'Error')).toContain('less than 10 minutes ago');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
    expect(await page.getByText('Mails are kept in the outbox: no mail server is set up').isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: READER });
    expect(await row.innerText()).toContain('Newsletter confirmation');
    expect(await row.innerText()).toContain('Kept');
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('link', { name: /^Open/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Confirm your subscription to/ }).waitFor();
    expect(await page.getByTestId('outbox-mail-text').innerText()).toContain('Please confirm that you want');
    await expectNoSeriousA11yViolations(page);

    // The link of the mail, followed from the screen.
    await page.getByRole('list').getByRole('link', { name: /\/newsletter\/confirm\?token=/ }).click();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await page.getByRole('heading', { name: "You're subscribed" }).waitFor();

    await openAdmin(page, '/admin/newsletter?status=active', /^Newsletter Subscribers/);
    await page.getByRole('cell', { name: READER, exact: true }).waitFor();
    await openAdmin(page, '/admin', 'Dashboard');
    expect(await page.getByTestId('count-Newsletter Subscribers').innerText()).toBe('1');
    expect(await page.getByTestId('note-Newsletter Subscribers').innerText()).toBe('active · 0 pending confirmation');
  });

  it('invites a colleague by a link copied from the Staff screen, which they accept in a browser of their own', async () => {
    const { page, context } = owner;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.baseUrl });
    await openAdmin(page, '/admin/staff', 'Staff');
    await page.getByLabel('Email').fill(COLLEAGUE);
    await page.getByLabel('Role', { exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'Invite' }).click();

    const note = page.getByTestId('mail-delivery-note');
    await note.waitFor();
    expect(await note.innerText()).toContain('Invitation kept in the outbox: no mail server is set up.');
    expect(await note.innerText()).toContain('Pass it on yourself: it works once, for whoever opens it.');
    await expectNoSeriousA11yViolations(page);
    await note.getByRole('button', { name: 'Copy link' }).click();
    await toastText(page, 'Link copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await note.getByLabel(`Invitation link for ${COLLEAGUE}`).inputValue());
    expect(copied).toMatch(/\/admin\/accept-invite\?token=[\w-]{43}$/);

    const colleague = await openVisit();
    const link = new URL(copied);
    await colleague.page.goto(`${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await colleague.page.getByRole('heading', { level: 1, name: 'Join the back office' }).waitFor();
    await colleague.page.getByLabel('Your name').fill('Cora Colleague');
    await colleague.page.getByLabel('Password', { exact: true }).fill(COLLEAGUE_PASSWORD);
    await colleague.page.getByLabel('Repeat the password').fill(COLLEAGUE_PASSWORD);
    await colleague.page.getByRole('button', { name: 'Create account' }).click();
    await colleague.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // The outbox is the owner's alone.
    expect(await colleague.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Outbox' }).count()).toBe(0);

    await openAdmin(page, '/admin/staff', 'Staff');
    await page.getByRole('cell', { name: COLLEAGUE, exact: true }).first().waitFor();
    expect(await page.getByText('No pending invitations').isVisible()).toBe(true);
  });
});

import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, type Site, useJourney } from './harness.ts';

interface Submission {
  id: number;
  project_name: string;
  status: string;
  version: number;
  payment_status: string | null;
}

let ipCounter = 0;
/** Each public form post from its own address, so no rate limit is reached. */
async function postPublic(site: Site, path: string, body: unknown) {
  ipCounter += 1;
  const response = await fetch(`${site.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

const sponsoredPayload = (name: string) => ({
  project_name: name,
  project_url: `https://example.com/${name.toLowerCase().replace(/\W+/g, '-')}`,
  contact_name: 'Grace Hopper',
  contact_email: 'grace@example.com',
  description: `A long description of ${name}, which has far more words than the table shows in one line of text.`,
  press_kit_url: 'https://example.com/press',
  terms_accepted: true,
  budget_range: '',
});

/** Confirms the Approve or Reject asked for in the dialog that opened. */
async function confirmStatus(page: Page, verb: 'Approve' | 'Reject') {
  const confirmation = page.getByRole('alertdialog');
  await confirmation.waitFor();
  await confirmation.getByRole('button', { name: verb, exact: true }).click();
  await confirmation.waitFor({ state: 'hidden' });
}

describe('an administrator reading the inbox, submissions and subscribers', () => {
    // Proxy headers are trusted so each seeded form post has its own address.
  const { site, visitor: admin } = useJourney({ env: { TRUST_PROXY: 'true' }, visit: { acceptDownloads: true } });

  beforeAll(async () => {
    await signIn(admin.page);
  });

  const submissions = async (status: string) =>
    (await site.admin<{ submissions: Submission[] }>('GET', `/admin/submissions/sponsored?status=${status}`)).body.submissions;

  it('shows empty tabs, then marks a new message read', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/contacts', 'Contact Messages');
    expect(await page.getByText('No new messages').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Read' }).click();
    await page.getByText('No read messages').waitFor();
    await expectNoSeriousA11yViolations(page);

    await postPublic(site, '/submissions/contact', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Could you review my analytical engine campaign? It computes Bernoulli numbers.',
    });
    await openAdmin(page, '/admin/contacts', 'Contact Messages');
    await page.getByRole('tab', { name: 'New (1)' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Read' }).innerText()).toBe('Read');
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual(['Name', 'Email', 'Message', 'Date', 'Actions']);

    await page.getByRole('button', { name: /Could you review my analytical engine/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Message from Ada Lovelace' });
    expect(await dialog.innerText()).toContain('It computes Bernoulli numbers.');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Mark Read' }).click();
    await toastText(page, 'Marked as read');
    await page.getByText('No new messages').waitFor();
    await page.getByRole('tab', { name: 'Read (1)' }).click();
    await page.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
    expect(await page.getByRole('button', { name: 'Mark Read' }).count()).toBe(0);
    const stored = await site.admin<{ submissions: { status: string; version: number }[] }>('GET', '/admin/submissions/contact?status=read');
    expect(stored.body.submissions).toEqual([expect.objectContaining({ status: 'read', version: 2 })]);
  });

  /** Sends the sponsored form's checkout for `name` and pays it on the test checkout page. */
  const payForSubmission = async (name: string) => {
    const { page } = admin;
    const checkout = await postPublic(site, '/payments/create-checkout', sponsoredPayload(name));
    await page.goto(String(checkout.checkout_url), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Pay $75.00' }).click();
    await page.waitForURL('**/payment/success**');
  };

  it('approves, rejects and approves again a paid sponsored submission, sending its version each time', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/submissions', 'Sponsored Posts');
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Paid, to review', 'Approved', 'Rejected', 'Unpaid or abandoned']);
    expect(await page.getByText('No paid submissions to review').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Approved' }).click();
    await page.getByText('No approved submissions').waitFor();
    await page.getByRole('tab', { name: 'Rejected' }).click();
    await page.getByText('No rejected submissions').waitFor();
    await page.getByRole('tab', { name: 'Unpaid or abandoned' }).click();
    await page.getByText('No unpaid or abandoned checkouts').waitFor();

    await payForSubmission('Orbit Lamp');
    await openAdmin(page, '/admin/submissions', 'Sponsored Posts');
    await page.getByRole('tab', { name: 'Paid, to review (1)' }).waitFor();
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual(['Project', 'Payment', 'Submitted', 'Actions']);
    const row = page.getByRole('row', { name: /Orbit Lamp/ });
    expect(await row.getByRole('link', { name: /Orbit Lamp/ }).getAttribute('href')).toBe('https://example.com/orbit-lamp');
    expect(await row.getByText(/^Paid \$75\.00 on [A-Z][a-z]{2} \d{1,2}$/).isVisible()).toBe(true);
    // Plain words only: no raw statuses or transaction ids in the list.
    expect(await page.getByRole('table').innerText()).not.toMatch(/COMPLETED|PENDING|pi_local|cs_local/);
    await expectNoSeriousA11yViolations(page);

    // The contact and the description are in the details.
    await row.getByRole('button', { name: /View Details/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Submission Details' });
    await dialog.getByRole('heading', { name: 'Submission', exact: true }).waitFor();
    const details = await dialog.innerText();
    expect(details).toContain('Grace Hopper (grace@example.com)');
    expect(details).toContain('A long description of Orbit Lamp');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Approve' }).click();
    // Asked first: nothing changes until it is confirmed.
    const confirmation = page.getByRole('alertdialog', { name: 'Approve Orbit Lamp?' });
    expect(await confirmation.innerText()).toContain('Grace Hopper (grace@example.com) is mailed that the sponsored post is approved');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    expect((await submissions('new')).filter((item) => item.project_name === 'Orbit Lamp')).toHaveLength(1);
    await page.getByRole('button', { name: 'Approve' }).click();
    await confirmStatus(page, 'Approve');
    expect(await toastText(page, 'Status updated')).toContain('Submission marked as approved');
    await page.getByText('No paid submissions to review').waitFor();
    expect((await submissions('approved')).map((item) => item.version)).toEqual([2]);

    await page.getByRole('tab', { name: 'Approved (1)' }).click();
    // Approved and paid: its post can be drafted from here.
    await page.getByRole('button', { name: 'Create draft post' }).waitFor();
    await page.getByRole('button', { name: 'Reject' }).click();
    await confirmStatus(page, 'Reject');
    expect(await toastText(page, 'Submission marked as rejected')).toContain('Status updated');
    await page.getByText('No approved submissions').waitFor();

    await page.getByRole('tab', { name: 'Rejected (1)' }).click();
    expect(await page.getByRole('button', { name: 'Reject' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Approve' }).click();
    await confirmStatus(page, 'Approve');
    await page.getByText('No rejected submissions').waitFor();
    expect(await submissions('approved')).toEqual([expect.objectContaining({ project_name: 'Orbit Lamp', version: 4 })]);
  });

  it('keeps unpaid and abandoned submissions apart, where they can be rejected but not approved', async () => {
    const { page } = admin;
    await postPublic(site, '/submissions/sponsored', sponsoredPayload('Idle Kite'));
    await postPublic(site, '/payments/create-checkout', sponsoredPayload('Pending Pot'));

    await openAdmin(page, '/admin/submissions', 'Sponsored Posts');
    expect(await page.getByText('No paid submissions to review').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Unpaid or abandoned (2)' }).click();
    const kite = page.getByRole('row', { name: /Idle Kite/ });
    const pot = page.getByRole('row', { name: /Pending Pot/ });
    await kite.waitFor();
    expect(await kite.getByText('No payment', { exact: true }).isVisible()).toBe(true);
    expect(await pot.getByText('Payment pending', { exact: true }).isVisible()).toBe(true);
    expect(await kite.getByRole('button', { name: /Approve/ }).count()).toBe(0);
    expect(await kite.getByText('Can be approved once paid').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // The API refuses the approval too, whoever asks.
    const [unpaid] = (await submissions('new')).filter((item) => item.project_name === 'Idle Kite');
    const refused = await site.admin<{ message: string }>('PATCH', `/admin/submissions/sponsored/${unpaid?.id}`, {
      status: 'approved',
      version: unpaid?.version,
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: 'INVALID_STATUS_TRANSITION', message: 'This submission is not paid: only paid submissions can be approved' },
    });

    await kite.getByRole('button', { name: /Reject/ }).click();
    await confirmStatus(page, 'Reject');
    expect(await toastText(page, 'Submission marked as rejected')).toContain('Status updated');
    await page.getByRole('tab', { name: 'Unpaid or abandoned (1)' }).waitFor();
    await page.getByRole('tab', { name: 'Rejected (1)' }).click();
    const rejected = page.getByRole('row', { name: /Idle Kite/ });
    await rejected.waitFor();
    // Rejected and unpaid: no way back to approved.
    expect(await rejected.getByRole('button', { name: /Approve/ }).count()).toBe(0);
  });

  it('shows the payment of a paid submission in its details', async () => {
    const { page } = admin;
    await payForSubmission('Paid Planter');

    await openAdmin(page, '/admin/submissions', 'Sponsored Posts');
    const row = page.getByRole('row', { name: /Paid Planter/ });
    await row.waitFor();
    expect(await row.getByText(/^Paid \$75\.00 on /).isVisible()).toBe(true);
    // Paid on the built-in test checkout (PAYMENTS_TEST_MODE=true): no money, and the back office says so.
    expect(await row.getByText('TEST, no money').isVisible()).toBe(true);
    expect(await page.getByText('Test mode: payments are simulated, no money is taken.').isVisible()).toBe(true);

    await row.getByRole('button', { name: /View Details/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Submission Details' });
    await dialog.getByRole('heading', { name: 'Payment' }).waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('$75.00');
    expect(text).toMatch(/Status\s+Paid\s*TEST, no money/);
    expect(text).toContain('https://example.com/paid-planter');
    expect(text).toContain('Grace Hopper (grace@example.com)');
    expect(text).toMatch(/Transaction id\s+\S+/);
    expect(text).toMatch(/Checkout session\s+\S+/);
    expect(text).not.toMatch(/Completed at\s+—/);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
  });

  it('fits the queue at 1366 px and on a phone, Approve in reach without scrolling sideways', async () => {
    const { page } = admin;
    const fitsWidth = () =>
      page.evaluate(() => ({
        page: document.documentElement.scrollWidth <= window.innerWidth,
        tables: [...document.querySelectorAll('[data-slot="table-container"]')].every(
          (container) => container.scrollWidth <= container.clientWidth,
        ),
      }));
    const approveInView = async () => {
      const approve = page.getByRole('button', { name: /Approve/ });
      expect(await approve.isVisible()).toBe(true);
      const box = await approve.boundingBox();
      const width = page.viewportSize()?.width ?? 0;
      return box !== null && box.x >= 0 && box.x + box.width <= width;
    };
    try {
      for (const viewport of [
        { width: 1366, height: 768 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await openAdmin(page, '/admin/submissions', 'Sponsored Posts');
        await page.getByRole('link', { name: /Paid Planter/ }).waitFor();
        expect(await fitsWidth(), `at ${viewport.width} px`).toEqual({ page: true, tables: true });
        expect(await approveInView(), `at ${viewport.width} px`).toBe(true);
        expect(await page.getByRole('button', { name: /Reject/ }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: /View Details/ }).isVisible()).toBe(true);
        await expectNoSeriousA11yViolations(page);
      }
      // On a phone, the details open too.
      await page.getByRole('button', { name: /View Details/ }).click();
      await page.getByRole('dialog', { name: 'Submission Details' }).getByRole('heading', { name: 'Payment' }).waitFor();
      expect(await fitsWidth()).toMatchObject({ page: true });
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('lists subscribers and exports them all as CSV with formulas neutralised', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/newsletter', 'Newsletter Subscribers (0)');
    expect(await page.getByText('No subscribers yet').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await postPublic(site, '/submissions/newsletter', { email: 'reader@example.com' });
    await postPublic(site, '/submissions/newsletter', { email: '-trick@example.com' });
    await openAdmin(page, '/admin/newsletter', 'Newsletter Subscribers (2)');
    await page.getByRole('cell', { name: 'reader@example.com', exact: true }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Email,Subscribed Date,Status,Confirmed Date,Signup Page,Consent Text,Consent Source,Left Date,Left Via');
    expect(lines.slice(1).map((line) => line.split(',')[0]).sort()).toEqual(["'-trick@example.com", 'reader@example.com']);
  });

  it('counts everything on the dashboard and links to the quick actions', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin', 'Dashboard');
    const count = (title: string) => page.getByTestId(`count-${title}`).innerText();
    expect(await count('Total Posts')).toBe('0');
    expect(await count('Contact Messages')).toBe('1');
    expect(await count('Project Submissions')).toBe('2');
    // Both signed up without confirming yet: not counted, said apart.
    expect(await count('Newsletter Subscribers')).toBe('0');
    expect(await page.getByTestId('note-Newsletter Subscribers').innerText()).toBe('active · 2 pending confirmation');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Create New Post' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/posts/new');
  });

  it('keeps the refresh token in an HttpOnly cookie and the access token in memory, refreshing once after a reload', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin', 'Dashboard');
    // The same cookie is set for /api/events too, where it only tells that staff are not counted (decision 065).
    const refreshCookies = async () => (await page.context().cookies()).filter((cookie) => cookie.name === 'admin_refresh');
    const refreshCookie = async () => (await refreshCookies()).find((cookie) => cookie.path === '/api/auth');
    const before = await refreshCookie();
    expect(before).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect((await refreshCookies()).find((cookie) => cookie.path === '/api/events')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    // Out of reach of the page's scripts, and nothing but the e-mail in storage.
    expect(await page.evaluate(() => document.cookie)).not.toContain('admin_refresh');
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('admin_')))).toEqual(['admin_user_email']);

    const refreshCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshCalls.push(request.url());
    });
    // A reload forgets the access token: the first calls share one refresh from the cookie.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Contact Messages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Messages' }).waitFor();
    expect(refreshCalls).toHaveLength(1);
    expect((await refreshCookie())?.value).not.toBe(before?.value);
  });

  it('ends an expired session at /auth with the session-expired message', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin', 'Dashboard');
    await page.context().clearCookies({ name: 'admin_refresh' });
    await page.reload();
    await toastText(page, 'Session expired. Please login again.');
    await page.waitForURL('**/auth');
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('admin_')))).toEqual([]);
  });
});

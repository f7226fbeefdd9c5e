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

  it('approves, rejects and approves again a sponsored submission, sending its version each time', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin/submissions', 'Sponsored Posts');
    expect(await page.getByText('No new submissions').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Approved' }).click();
    await page.getByText('No approved submissions').waitFor();
    await page.getByRole('tab', { name: 'Rejected' }).click();
    await page.getByText('No rejected submissions').waitFor();

    await postPublic(site, '/submissions/sponsored', sponsoredPayload('Orbit Lamp'));
    await openAdmin(page, '/admin/submissions', 'Sponsored Posts');
    await page.getByRole('tab', { name: 'New (1)' }).waitFor();
    expect(await page.getByRole('link', { name: 'View Project' }).getAttribute('href')).toBe('https://example.com/orbit-lamp');
    expect(await page.getByText('PENDING', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: /A long description of Orbit Lamp/ }).click();
    await page.getByRole('dialog', { name: 'Description for Orbit Lamp' }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Approve' }).click();
    expect(await toastText(page, 'Status updated')).toContain('Submission marked as approved');
    await page.getByText('No new submissions').waitFor();
    expect((await submissions('approved')).map((item) => item.version)).toEqual([2]);

    await page.getByRole('tab', { name: 'Approved (1)' }).click();
    await page.getByRole('button', { name: 'Reject' }).click();
    expect(await toastText(page, 'Submission marked as rejected')).toContain('Status updated');
    await page.getByText('No approved submissions').waitFor();

    await page.getByRole('tab', { name: 'Rejected (1)' }).click();
    expect(await page.getByRole('button', { name: 'Reject' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('No rejected submissions').waitFor();
    expect(await submissions('approved')).toEqual([expect.objectContaining({ project_name: 'Orbit Lamp', version: 4 })]);
  });

  it('shows the payment of a paid submission in its details', async () => {
    const { page } = admin;
    const checkout = await postPublic(site, '/payments/create-checkout', sponsoredPayload('Paid Planter'));
    await page.goto(String(checkout.checkout_url), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Pay $75.00' }).click();
    await page.waitForURL('**/payment/success**');

    await openAdmin(page, '/admin/submissions', 'Sponsored Posts');
    const row = page.getByRole('row', { name: /Paid Planter/ });
    await row.waitFor();
    expect(await row.getByText('COMPLETED', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('$75.00').isVisible()).toBe(true);

    await row.getByRole('button', { name: /View Details/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Submission Details' });
    await dialog.getByRole('heading', { name: 'Payment' }).waitFor();
    const text = await dialog.innerText();
    expect(text).toContain('$75.00');
    expect(text).toContain('COMPLETED');
    expect(text).toContain('https://example.com/paid-planter');
    expect(text).toContain('Grace Hopper (grace@example.com)');
    expect(text).toMatch(/Checkout session\s+\S+/);
    expect(text).not.toMatch(/Completed at\s+—/);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
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
    expect(await count('Newsletter Subscribers')).toBe('2');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Create New Post' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/posts/new');
  });

  it('refreshes an expired access token once and keeps working', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin', 'Dashboard');
    const oldRefresh = await page.evaluate(() => window.localStorage.getItem('admin_refresh_token'));
    await page.evaluate(() => window.localStorage.setItem('admin_access_token', 'expired-token'));
    const refreshCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshCalls.push(request.url());
    });
    await page.getByRole('link', { name: 'Contact Messages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contact Messages' }).waitFor();
    expect(refreshCalls).toHaveLength(1);
    const stored = await page.evaluate(() => ({
      access: window.localStorage.getItem('admin_access_token'),
      refresh: window.localStorage.getItem('admin_refresh_token'),
    }));
    expect(stored.access).not.toBe('expired-token');
    expect(stored.refresh).not.toBe(oldRefresh);
  });

  it('ends an expired session at /auth with the session-expired message', async () => {
    const { page } = admin;
    await openAdmin(page, '/admin', 'Dashboard');
    await page.evaluate(() => {
      window.localStorage.setItem('admin_access_token', 'expired-token');
      window.localStorage.setItem('admin_refresh_token', 'revoked-token');
    });
    await page.getByRole('link', { name: 'Resources' }).click();
    await toastText(page, 'Session expired. Please login again.');
    await page.waitForURL('**/auth');
    expect(await page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('admin_')))).toEqual([]);
  });
});

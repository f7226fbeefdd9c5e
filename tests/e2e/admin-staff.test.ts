import { describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { expectNoSeriousA11yViolations, toastText, useJourney } from './harness.ts';

const EDITOR_EMAIL = 'new.editor@example.com';
const EDITOR_PASSWORD = 'an editor passphrase for e2e';

describe('the owner inviting an editor', () => {
  const { site, visitor: owner, openVisit } = useJourney();

  /** The invitation link of the newest mail to `to` (kept in the outbox: no SMTP here). */
  async function invitationLink(to: string): Promise<URL> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const text = site.mailsTo(to).at(-1)?.text_body ?? '';
      const link = /https?:\/\/\S+\/admin\/accept-invite\?token=[\w-]+/.exec(text)?.[0];
      if (link) return new URL(link);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no invitation mail to ${to} in the outbox`);
  }

  it('invites from the Staff screen; the editor accepts, signs in and sees only what editors use; the owner changes and removes the account', async () => {
    const { page } = owner;
    await signIn(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await page.getByText('No pending invitations').waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Email').fill(EDITOR_EMAIL);
    await page.getByLabel('Role', { exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'Invite' }).click();
    expect(await page.getByTestId('mail-delivery-note').innerText()).toContain('Invitation kept in the outbox: no mail server is set up.');
    await page.getByRole('cell', { name: EDITOR_EMAIL, exact: true }).waitFor();

    const link = await invitationLink(EDITOR_EMAIL);
    const editor = await openVisit();
    await editor.page.goto(`${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await editor.page.getByRole('heading', { level: 1, name: 'Join the back office' }).waitFor();
    expect(await editor.page.getByText(EDITOR_EMAIL).isVisible()).toBe(true);
    expect(await editor.page.getByText('Editor', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(editor.page);

    await editor.page.getByLabel('Your name').fill('Eddie Editor');
    await editor.page.getByLabel('Password', { exact: true }).fill(EDITOR_PASSWORD);
    await editor.page.getByLabel('Repeat the password').fill(`${EDITOR_PASSWORD} typo`);
    await editor.page.getByRole('button', { name: 'Create account' }).click();
    await editor.page.getByText('The two passwords do not match').waitFor();
    await editor.page.getByLabel('Repeat the password').fill(EDITOR_PASSWORD);
    await editor.page.getByRole('button', { name: 'Create account' }).click();
    await editor.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    const nav = editor.page.getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(expect.arrayContaining(['Dashboard', 'Posts', 'Resources']));
    for (const hidden of ['Contact Messages', 'Sponsored Posts', 'Newsletter', 'Staff', 'Settings', 'Audit Log']) {
      expect(await nav.getByRole('link', { name: hidden, exact: true }).count()).toBe(0);
    }
    // Only the posts count, and no shortcut to the inbox.
    expect(await editor.page.getByTestId('count-Total Posts').isVisible()).toBe(true);
    expect(await editor.page.getByTestId('count-Contact Messages').count()).toBe(0);
    expect(await editor.page.getByRole('link', { name: 'View Messages' }).count()).toBe(0);

    // The link worked once.
    await editor.page.goto(`${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await editor.page.getByText('This invitation is no longer valid.').waitFor();
    expect(await editor.page.getByRole('link', { name: 'Go to sign in' }).isVisible()).toBe(true);

    // The owner sees the new account, not the invitation.
    await openAdmin(page, '/admin/staff', 'Staff');
    await page.getByRole('cell', { name: 'Eddie Editor', exact: true }).waitFor();
    await page.getByText('No pending invitations').waitFor();

    // A role change saves on its own; removing asks first.
    await page.getByLabel('Role of Eddie Editor').selectOption('admin');
    expect(await toastText(page, 'Role changed')).toContain('Eddie Editor is now Administrator');
    await page.getByRole('button', { name: 'Remove Eddie Editor' }).click();
    await page.getByRole('alertdialog', { name: 'Remove Eddie Editor?' }).waitFor();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    expect(await toastText(page, 'Account removed')).toContain(EDITOR_EMAIL);
    await page.getByRole('cell', { name: 'Eddie Editor', exact: true }).waitFor({ state: 'detached' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { ADMIN_EMAIL, expectNoSeriousA11yViolations, useJourney } from './harness.ts';

const NEW_PASSWORD = 'a fresh passphrase for e2e';

describe('an administrator who forgot their password', () => {
  // The outbox keeps no reset link (decision 088): the link comes by mail, from a real mail server.
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });
  const { site, visitor } = useJourney({ env: () => ({ SMTP_URL: sink.url }) });

  /** The reset link of the newest mail to the administrator, as it arrived. */
  async function resetLinkFromMail(): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const text = sink.to(ADMIN_EMAIL).at(-1)?.parsed.text ?? '';
      const link = /https?:\/\/\S+\/admin\/reset-password\?token=[\w-]+/.exec(text)?.[0];
      if (link) {
        // The copy in the outbox does not hold it.
        expect(site.mailsTo(ADMIN_EMAIL).at(-1)?.text_body).not.toContain(link);
        return link;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no reset mail arrived');
  }

  it('asks for a link from the sign-in page, sets a new password with it and signs in', async () => {
    const { page } = visitor;
    await page.goto('/auth', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for that address, we have sent a link to reset its password.').waitFor();

    const link = new URL(await resetLinkFromMail());
    await page.goto(`${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    expect(await page.getByText(`For ${ADMIN_EMAIL}`).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(`${NEW_PASSWORD} typo`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('The two passwords do not match').waitFor();

    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor();
    // Said once, in place, with no toast on top.
    expect(await page.getByRole('main').innerText()).toContain('Sign in with your new password.');
    expect(await page.locator('[data-sonner-toast]', { hasText: 'Password changed' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // The link worked once.
    await page.goto(`${link.pathname}${link.search}`, { waitUntil: 'networkidle' });
    await page.getByText('This link has already been used or is not valid.').waitFor();
    expect(await page.getByRole('link', { name: 'Ask for a new link' }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });
});

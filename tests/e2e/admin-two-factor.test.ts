/**
 * Two-factor sign-in in the browser: setting it up on the account page with
 * the key the page shows, the recovery codes shown once, then a sign-in
 * that asks for the app's code after the password, and the owner then
 * requiring it of all staff.
 */
import * as OTPAuth from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAdmin, signIn } from './admin-journey.ts';
import { addStaff, ADMIN_EMAIL, ADMIN_PASSWORD, expectNoSeriousA11yViolations, toastText, useJourney } from './harness.ts';

/** The app's code `steps` time steps from now. */
const codeAt = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

const EDITOR = { email: 'e2e-editor@example.com', password: 'an editor passphrase' };

describe('an administrator turning on two-factor sign-in', () => {
  const { site, visitor: admin, openVisit } = useJourney();

  beforeAll(async () => {
    // An editor without two-factor, for the owner's requirement below.
    await addStaff(site, { ...EDITOR, name: 'Eddie Editor', role: 'editor' });
  });

  it('sets it up on the account page, then signs in with password and code', async () => {
    const { page } = admin;
    await signIn(page);
    await openAdmin(page, '/admin/account', 'Your account');
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    expect(await page.getByText('This device').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Authentication code').fill(codeAt(secret));
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();

    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByText(/^On: signing in asks for a code/).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/auth', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Two-factor authentication' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // The enrolment spent the current step: the next one is the first that works.
    await page.getByLabel('Authentication code').fill(codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // With two-factor on their own account, the owner may require it of all staff.
    await openAdmin(page, '/admin/settings', 'Settings');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Require two-factor authentication for all staff').check();
    // Exact: the Site section above has its own save button.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await toastText(page, 'Settings saved')).toContain('Settings saved');
    await openAdmin(page, '/admin/settings', 'Settings');
    expect(await page.getByLabel('Require two-factor authentication for all staff').isChecked()).toBe(true);
  });

  it('then sends staff without two-factor to their account page', async () => {
    const { page } = await openVisit();
    await page.goto('/auth', { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(EDITOR.email);
    await page.getByLabel('Password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/account');
    await page.getByText("The site's owner requires two-factor sign-in. Set it up below").waitFor();
  });
});

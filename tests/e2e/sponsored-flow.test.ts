import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SponsoredSubmissionJson } from '../../server/db/queries/sponsored-submissions.ts';
import { awaitRoomInRateWindow } from '../helpers/rate-window.ts';
import { expectNoSeriousA11yViolations, rejectCookies, toastText, visit, type Site, type Visit, useJourney } from './harness.ts';

const SPONSORED_PATH = '/submit-your-project-for-a-sponsored-post';

/** The sponsored submissions of one contact e-mail, as the back office sees them. */
async function submissionsOf(site: Site, contactEmail: string): Promise<SponsoredSubmissionJson[]> {
  const response = await site.admin<{ submissions: SponsoredSubmissionJson[] }>('GET', '/admin/submissions/sponsored?status=new');
  expect(response.status).toBe(200);
  return response.body.submissions.filter((submission) => submission.contact_email === contactEmail);
}


interface Project {
  project_name: string;
  project_url: string;
  contact_name: string;
  contact_email: string;
  description: string;
  press_kit_url: string;
}

let counter = 0;
function newProject(overrides: Partial<Project> = {}): Project {
  counter += 1;
  return {
    project_name: `Orbit Planter ${counter}`,
    project_url: `https://www.kickstarter.com/projects/orbit-planter-${counter}`,
    contact_name: 'Katherine Johnson',
    contact_email: `katherine${counter}@example.com`,
    description: 'A planter that turns with the sun.',
    press_kit_url: 'https://example.com/orbit-press.zip',
    ...overrides,
  };
}

/**
 * Waits until React has taken over the form: a click before that would post
 * it as a plain HTML form (which works too, but is not the journey tested).
 */
async function waitForHydratedForm(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector('form[aria-label="Sponsored post submission"]');
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'));
  });
}

async function fillForm(page: Page, project: Project, { acceptTerms = true } = {}) {
  await page.getByLabel('Project name').fill(project.project_name);
  await page.getByLabel('Project URL').fill(project.project_url);
  await page.getByLabel('Contact name').fill(project.contact_name);
  await page.getByLabel('Contact email').fill(project.contact_email);
  await page.getByLabel('Description (optional)').fill(project.description);
  await page.getByLabel('Press kit URL (optional)').fill(project.press_kit_url);
  if (acceptTerms) await page.getByLabel('I accept the Terms of Service').check();
}

const formValues = (page: Page) =>
  Promise.all(
    ['Project name', 'Project URL', 'Contact name', 'Contact email', 'Description (optional)', 'Press kit URL (optional)'].map(
      (label) => page.getByLabel(label).inputValue(),
    ),
  );

/** Fills and sends the form, and lands on the test checkout page. */
async function goToCheckout(visitor: Visit, project: Project) {
  const { page } = visitor;
  await visit(visitor, SPONSORED_PATH);
  await waitForHydratedForm(page);
  await fillForm(page, project);
  await page.getByRole('button', { name: 'Submit and pay $75' }).click();
  await page.waitForURL(/\/checkout\/test\/cs_local_[0-9a-f]+$/);
  await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
  await expectNoSeriousA11yViolations(page);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

describe('a sponsor going through the checkout', () => {
  const { site, visitor } = useJourney();

  it('fills the form, pays $75.00 on the test checkout and sees Payment confirmed; the submission is paid', async () => {
    const { page } = visitor;
    const project = newProject();
    await visit(visitor, SPONSORED_PATH);
    await rejectCookies(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Submit Your Project for a Sponsored Post');
    await waitForHydratedForm(page);
    await fillForm(page, project);
    // Pressed twice in a row: one checkout starts.
    await page.getByRole('button', { name: 'Submit and pay $75' }).dblclick();
    await page.waitForURL(/\/checkout\/test\/cs_local_[0-9a-f]+$/);
    const sessionId = page.url().split('/').pop() ?? '';
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Pay $75.00' }).click();
    await page.waitForURL(`**/payment/success?session_id=${sessionId}`);
    await heading(page, 'Payment confirmed').waitFor();
    const main = await page.getByRole('main').innerText();
    expect(main).toContain('Your sponsored post will be live within 3-5 days.');
    // The confirmation is ours, and carries the reference the page shows.
    expect(main).toContain('Crowdfunding Showcase is e-mailing you a confirmation of this payment, with the payment reference below.');
    const reference = /Payment reference: (\S+)/.exec(main)?.[1] ?? '';
    expect(reference).not.toBe('');
    const receipt = site.mailsTo(project.contact_email).find((mail) => mail.subject.includes('Payment received'));
    expect(receipt?.text_body).toContain(`Payment reference: ${reference}`);
    expect(await page.getByRole('link', { name: 'Need help? Contact support' }).getAttribute('href')).toMatch(/^mailto:/);
    await expectNoSeriousA11yViolations(page);

    const submissions = await submissionsOf(site, project.contact_email);
    expect(submissions).toEqual([
      expect.objectContaining({
        project_name: project.project_name,
        project_url: project.project_url,
        contact_name: 'Katherine Johnson',
        description: 'A planter that turns with the sun.',
        press_kit_url: 'https://example.com/orbit-press.zip',
        budget_range: null,
        payment_status: 'completed',
        paid_amount: 7500,
        paid_currency: 'usd',
        payment_transaction_id: expect.any(String),
        payment_transaction: expect.objectContaining({
          amount_cents: 7500,
          currency: 'usd',
          status: 'completed',
          provider_session_id: sessionId,
          completed_at: expect.any(Number),
        }),
      }),
    ]);
  });

  it('cancels the payment, reads the details on the cancel page and gets the form back refilled with Try again now', async () => {
    const { page } = visitor;
    const project = newProject({ description: 'Second attempt, same planter.' });
    await goToCheckout(visitor, project);
    const sessionId = page.url().split('/').pop() ?? '';

    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.waitForURL(`**/payment/cancel?session_id=${sessionId}`);
    await heading(page, 'Your submission details').waitFor();
    const main = await page.getByRole('main').innerText();
    expect(main).toContain('Your payment did not complete. Review your details and try submitting again.');
    expect(main).toContain(sessionId);
    // The status is a sentence, never the raw word.
    await heading(page, 'Payment not completed').waitFor();
    expect(main).not.toContain('PENDING');
    for (const value of Object.values(project)) expect(main).toContain(value);
    expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:/);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Try again now' }).click();
    await page.waitForURL(`**${SPONSORED_PATH}`);
    await page.getByText('Payment not completed').waitFor();
    expect(await formValues(page)).toEqual([
      project.project_name,
      project.project_url,
      project.contact_name,
      project.contact_email,
      project.description,
      project.press_kit_url,
    ]);
    expect(await page.getByLabel('I accept the Terms of Service').isChecked()).toBe(false);
    await expectNoSeriousA11yViolations(page);

    // The cancel page was replaced in the history: back is the checkout.
    await page.goBack();
    await page.waitForURL(/\/checkout\/test\//);
  });

  it('sees Payment unsuccessful after a failed payment and Checkout expired after an expired one', async () => {
    const { page } = visitor;
    await goToCheckout(visitor, newProject());
    await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
    await page.waitForURL(/\/payment\/success\?session_id=/);
    await heading(page, 'Payment unsuccessful').waitFor();
    expect(await page.getByRole('main').innerText()).toContain('If you were charged, please contact support.');
    await expectNoSeriousA11yViolations(page);

    await goToCheckout(visitor, newProject());
    await page.getByRole('button', { name: 'Simulate an expired checkout' }).click();
    await page.waitForURL(/\/payment\/success\?session_id=/);
    await heading(page, 'Checkout expired').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Start a new submission' }).click();
    await page.waitForURL(`**${SPONSORED_PATH}`);
    expect(await page.getByLabel('Project name').inputValue()).toBe('');
  });

  it('is told to accept the terms, next to the checkbox and in a notice, and nothing is stored', async () => {
    const { page } = visitor;
    const project = newProject();
    await visit(visitor, SPONSORED_PATH);
    await waitForHydratedForm(page);
    await fillForm(page, project, { acceptTerms: false });
    await page.getByRole('button', { name: 'Submit and pay $75' }).click();
    expect(await toastText(page, 'Terms required')).toContain('Please accept the Terms of Service before submitting.');
    const terms = page.getByLabel('I accept the Terms of Service');
    expect(await terms.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#sponsored-terms-error').textContent()).toBe('You must accept the Terms of Service');
    expect(await terms.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Project name').inputValue()).toBe(project.project_name);
    expect(new URL(page.url()).pathname).toBe(SPONSORED_PATH);
    await expectNoSeriousA11yViolations(page);
    expect(await submissionsOf(site, project.contact_email)).toEqual([]);
  });

  it('lands on Missing payment session and Payment could not be completed without a session id, with a way back to the form', async () => {
    const { page } = visitor;
    await visit(visitor, '/payment/success');
    await page.getByText('Missing payment session').waitFor();
    await page.getByRole('link', { name: 'Return to form' }).click();
    await page.waitForURL(`**${SPONSORED_PATH}`);

    await visit(visitor, '/payment/cancel');
    await page.getByText('Payment could not be completed').waitFor();
    await page.getByRole('link', { name: 'Start new submission' }).click();
    await page.waitForURL(`**${SPONSORED_PATH}`);
  });

  it('re-checks an unknown session with Try again: a network failure is retried, not found is not', async () => {
    const { page } = visitor;
    await visit(visitor, '/payment/success?session_id=cs_local_unknown');
    await page.getByText('Unable to confirm payment').waitFor();
    expect(await page.getByRole('main').innerText()).toContain('Payment session not found');

    const lookups: string[] = [];
    let failuresLeft = 1;
    await page.route('**/payment/success.data*', async (route) => {
      lookups.push(route.request().url());
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return route.abort('connectionreset');
      }
      // Slow enough to see the page say what it is doing.
      await new Promise((resolve) => setTimeout(resolve, 800));
      return route.continue();
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('status').filter({ hasText: 'Checking your payment status…' }).waitFor();
    await expect.poll(() => lookups.length).toBe(2);
    await page.getByText('Unable to confirm payment').waitFor();
    expect(await page.getByRole('main').innerText()).toContain('Payment session not found');
    await page.waitForTimeout(1500);
    expect(lookups).toHaveLength(2);
    await expectNoSeriousA11yViolations(page);
    await page.unroute('**/payment/success.data*');
  });

  it('sees Error / Failed to start checkout when the connection drops', async () => {
    const { page } = visitor;
    const project = newProject();
    await visit(visitor, SPONSORED_PATH);
    await waitForHydratedForm(page);
    await fillForm(page, project);
    await page.route('**/submit-your-project-for-a-sponsored-post.data*', (route) => route.abort('connectionreset'));
    try {
      await page.getByRole('button', { name: 'Submit and pay $75' }).click();
      expect(await toastText(page, 'Error')).toContain('Failed to start checkout');
      // Raised by the client action and again by the form once it renders: shown once.
      await page.waitForTimeout(500);
      expect(await page.locator('[data-sonner-toast]', { hasText: 'Failed to start checkout' }).count()).toBe(1);
    } finally {
      await page.unroute('**/submit-your-project-for-a-sponsored-post.data*');
    }
    expect(await page.getByLabel('Project name').inputValue()).toBe(project.project_name);
    expect(await page.getByLabel('I accept the Terms of Service').isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Submit and pay $75' }).isEnabled()).toBe(true);
    expect(await submissionsOf(site, project.contact_email)).toEqual([]);
  });

  it('sees Error with the reason when the checkout cannot start, and keeps what was typed', { timeout: 120_000 }, async () => {
    const { page } = visitor;
    // The checkout limit counts per 10-minute window: leave room to reach the refusal in the same one.
    await awaitRoomInRateWindow(10 * 60, 60);
    // Use up this address's checkouts through the API, as another tab would.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await fetch(`${site.baseUrl}/api/payments/create-checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...newProject(), budget_range: '', terms_accepted: true }),
      });
      if (response.status === 429) break;
      expect(response.status).toBe(201);
    }
    const project = newProject();
    await visit(visitor, SPONSORED_PATH);
    await waitForHydratedForm(page);
    await fillForm(page, project);
    await page.getByRole('button', { name: 'Submit and pay $75' }).click();
    expect(await toastText(page, 'Error')).toMatch(/Too many requests/);
    expect(new URL(page.url()).pathname).toBe(SPONSORED_PATH);
    expect(await formValues(page)).toEqual([
      project.project_name,
      project.project_url,
      project.contact_name,
      project.contact_email,
      project.description,
      project.press_kit_url,
    ]);
    expect(await page.getByRole('button', { name: 'Submit and pay $75' }).isEnabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    expect(await submissionsOf(site, project.contact_email)).toEqual([]);
  });

  it('raised no error in the page along the way', () => {
    expect(visitor.pageErrors).toEqual([]);
  });
});

describe('a sponsor without JavaScript', () => {
  const { site, visitor } = useJourney({ visit: { javaScriptEnabled: false } });

  // axe runs on the form as first served; the pages reached by posting a
  // form are the same markup the journeys with JavaScript check above (axe
  // does not settle in a page reached by a form post with scripts disabled).
  it('sees the terms problem in the page with the values kept, then pays and sees Payment confirmed', async () => {
    const { page } = visitor;
    const project = newProject();
    await visit(visitor, SPONSORED_PATH);
    await fillForm(page, project, { acceptTerms: false });
    await page.getByRole('button', { name: 'Submit and pay $75' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#sponsored-terms-error').textContent()).toBe('terms of service must be accepted');
    expect(await page.getByRole('alert').filter({ hasText: 'Terms required' }).innerText()).toContain(
      'Please accept the Terms of Service before submitting.',
    );
    expect(await page.getByLabel('Project name').inputValue()).toBe(project.project_name);
    expect(await submissionsOf(site, project.contact_email)).toEqual([]);

    await page.getByLabel('I accept the Terms of Service').check();
    await page.getByRole('button', { name: 'Submit and pay $75' }).click();
    await page.waitForURL(/\/checkout\/test\/cs_local_[0-9a-f]+$/);
    await page.getByRole('button', { name: 'Pay $75.00' }).click();
    await page.waitForURL(/\/payment\/success\?session_id=/);
    await heading(page, 'Payment confirmed').waitFor();
    expect(await submissionsOf(site, project.contact_email)).toEqual([
      expect.objectContaining({ payment_status: 'completed', paid_amount: 7500 }),
    ]);
  });
});

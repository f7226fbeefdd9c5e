import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestCheckoutOutcome } from '../../server/payments/provider.ts';
import { settleTestCheckout } from '../../server/services/sponsors/payments.ts';
import { insertPayment } from '../helpers/payments.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';
import { createSiteApp, decodeHtml, metaContent, textsOf, useSiteApp } from './site-app.ts';

const SPONSORED_PATH = '/submit-your-project-for-a-sponsored-post';

let counter = 0;
/** Starts a checkout through the API, as the form does; returns its session id. */
async function startCheckout(t: TestApp, overrides: Record<string, string> = {}) {
  counter += 1;
  const payload = {
    project_name: `Tide Clock ${counter}`,
    project_url: 'https://www.kickstarter.com/projects/tide-clock',
    contact_name: 'Ada Lovelace',
    contact_email: `ada${counter}@example.com`,
    description: 'A clock that shows the tides of your beach.',
    press_kit_url: 'https://example.com/tide-clock-press.zip',
    budget_range: '',
    terms_accepted: true,
    ...overrides,
  };
  const response = await t.request('POST', '/payments/create-checkout', { body: payload, ip: freshIp() });
  expect(response.status).toBe(201);
  return { sessionId: response.body.session_id as string, payload };
}

async function settle(t: TestApp, sessionId: string, outcome: TestCheckoutOutcome) {
  if (!(await settleTestCheckout(t.deps, sessionId, outcome))) throw new Error(`no test checkout ${sessionId}`);
}

/** The text of the payment receipt mailed to `to`. */
async function receiptTo(t: TestApp, to: string): Promise<string> {
  const mail = await t.deps.db
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .where('kind', '=', 'payment_confirmation')
    .executeTakeFirst();
  return mail?.text_body ?? '';
}

/** The page's visible text, tags removed and spaces collapsed. */
const textOf = (html: string) =>
  decodeHtml(
    (html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '').replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();

/** `[href, text]` of every link in the page's main content. */
const linksOf = (html: string) =>
  [...(html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '').matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => [
    decodeHtml(match[1] ?? ''),
    decodeHtml((match[2] ?? '').replace(/<[^>]+>/g, '')).trim(),
  ]);

/** The GET form behind a 'Try again' button: where it goes and the session id it carries. */
const retryForm = (html: string) => {
  // The first form after the header's site search.
  const form = html.match(/<form (?![^>]*role="search")([^>]*)>([\s\S]*?)<\/form>/);
  if (!form || !/\bmethod="get"/.test(form[1] ?? '')) return null;
  return {
    action: form[1]?.match(/\baction="([^"]*)"/)?.[1],
    sessionId: form[2]?.match(/<input type="hidden" name="session_id" value="([^"]*)"\/>/)?.[1] ?? null,
    button: form[2]?.match(/<button [^>]*type="submit"[^>]*>([^<]*)<\/button>/)?.[1] ?? null,
  };
};

function expectPrivatePage(response: Response, html: string) {
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(metaContent(html, 'robots')).toBe('noindex, follow');
}

describe('the payment success page', () => {
  const { t, site } = useSiteApp();

  it('shows Payment confirmed for a paid session, with the e-mail and support link, never cached nor indexed', async () => {
    const { sessionId, payload } = await startCheckout(t);
    await settle(t, sessionId, 'pay');

    const response = await site.get(`/payment/success?session_id=${sessionId}`);

    expect(response.status).toBe(200);
    const html = await response.text();
    expectPrivatePage(response, html);
    expect(html).toContain('<title>Payment status | Crowdfunding Showcase</title>');
    expect(textsOf(html, 'h1')).toEqual(['Payment status']);
    expect(textsOf(html, 'h2')).toContain('Payment confirmed');
    const text = textOf(html);
    expect(text).toContain('Your sponsored post will be live within 3-5 days.');
    // The receipt is the site's own: the page names its sender and no payment provider.
    expect(text).toContain('Crowdfunding Showcase is e-mailing you a confirmation of this payment, with the payment reference below.');
    expect(text).not.toContain('payment provider');
    // Paid on the built-in test checkout: no money was taken, and the page says so.
    expect(text).toContain('This was a test payment: no money was taken.');
    // The reference is the one the receipt gives.
    const receipt = await receiptTo(t, payload.contact_email);
    const reference = /Payment reference: (\S+)/.exec(receipt)?.[1] ?? '';
    expect(reference).not.toBe('');
    expect(text).toContain(`Payment reference: ${reference}`);
    expect(linksOf(html)).toContainEqual([
      'mailto:support@crowdfundingshowcase.com?subject=Sponsored%20post%20payment',
      'Need help? Contact support',
    ]);
    expect(text).not.toContain('Unable to confirm payment');
  });

  it('shows Payment processing for a session still open, with a way to check again', async () => {
    const { sessionId } = await startCheckout(t);

    const response = await site.get(`/payment/success?session_id=${sessionId}`);

    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textsOf(html, 'h2')).toContain('Payment processing');
    expect(textOf(html)).toContain('Refresh this page in a bit to see the final status.');
    expect(textOf(html)).toContain('Once the payment goes through, Crowdfunding Showcase e-mails you a confirmation with its payment reference.');
    // No payment yet, so no reference: the session the page was opened for.
    expect(textOf(html)).toContain(`Checkout session: ${sessionId}`);
    expect(retryForm(html)).toEqual({ action: '/payment/success', sessionId, button: 'Refresh status' });
  });

  it('shows Payment unsuccessful for a failed payment, pointing to support if charged', async () => {
    const { sessionId } = await startCheckout(t);
    await settle(t, sessionId, 'fail');

    const html = await (await site.get(`/payment/success?session_id=${sessionId}`)).text();

    expect(textsOf(html, 'h2')).toContain('Payment unsuccessful');
    expect(textOf(html)).toContain('If you were charged, please contact support.');
    expect(textOf(html)).not.toContain('confirmation e-mail');
    expect(linksOf(html)).toContainEqual([SPONSORED_PATH, 'Start a new submission']);
  });

  it('shows Checkout expired for an expired session, offering a new submission', async () => {
    const { sessionId } = await startCheckout(t);
    await settle(t, sessionId, 'expire');

    const html = await (await site.get(`/payment/success?session_id=${sessionId}`)).text();

    expect(textsOf(html, 'h2')).toContain('Checkout expired');
    expect(textOf(html)).toContain('Please start a new submission.');
    expect(linksOf(html)).toContainEqual([SPONSORED_PATH, 'Start a new submission']);
  });

  it('answers 400 with Missing payment session and a Return to form link when the address has no session id', async () => {
    for (const path of ['/payment/success', '/payment/success?session_id=%20']) {
      const response = await site.get(path);
      expect(response.status).toBe(400);
      const html = await response.text();
      expectPrivatePage(response, html);
      expect(html).toMatch(/<div [^>]*role="alert"[^>]*>[\s\S]*<p [^>]*>Missing payment session<\/p>/);
      expect(linksOf(html)).toContainEqual([SPONSORED_PATH, 'Return to form']);
      expect(retryForm(html)).toBeNull();
    }
  });

  it('answers 404 with Unable to confirm payment, the message, Try again and Start a new submission for an unknown session', async () => {
    const response = await site.get('/payment/success?session_id=cs_local_unknown');

    expect(response.status).toBe(404);
    const html = await response.text();
    expectPrivatePage(response, html);
    expect(textOf(html)).toContain('Unable to confirm payment Payment session not found');
    expect(retryForm(html)).toEqual({ action: '/payment/success', sessionId: 'cs_local_unknown', button: 'Try again' });
    expect(linksOf(html)).toContainEqual([SPONSORED_PATH, 'Start a new submission']);
  });
});

describe('the payment success page with Stripe', () => {
  it("names the site's own confirmation, not Stripe's, and shows the receipt's payment reference", async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_0123', STRIPE_WEBHOOK_SECRET: 'whsec_test' } });
    try {
      const site = await createSiteApp(t);
      const email = 'grace@example.com';
      const submissionId = await insertPayment(t, null, { amount: 7500, status: 'pending', provider: 'stripe' });
      const payment = await t.deps.db.selectFrom('payment_transactions').select('id').where('submission_id', '=', submissionId).executeTakeFirstOrThrow();
      const sessionId = 'cs_test_success_page';
      await t.deps.db.updateTable('payment_transactions').set({ provider_session_id: sessionId }).where('id', '=', payment.id).execute();
      // Stripe's webhook, as the site reads it once its signature is checked.
      await t.services.payments.handleEvent({
        kind: 'session',
        provider: 'stripe',
        eventId: 'evt_success_page',
        eventType: 'checkout.session.completed',
        session: { sessionId, status: 'completed', providerPaymentId: 'pi_success_page', paymentId: payment.id },
      });
      expect(await receiptTo(t, email)).toContain('Payment reference: pi_success_page');

      const html = await (await site.get(`/payment/success?session_id=${sessionId}`)).text();
      const text = textOf(html);
      expect(textsOf(html, 'h2')).toContain('Payment confirmed');
      expect(text).toContain('Crowdfunding Showcase is e-mailing you a confirmation of this payment, with the payment reference below.');
      expect(text).toContain('Payment reference: pi_success_page');
      expect(text).not.toContain('payment provider');
      expect(text).not.toContain('test payment');
    } finally {
      await t.close();
    }
  });
});

describe('the payment cancel page', () => {
  const { t, site } = useSiteApp();

  it('shows the cancellation, the session id, its status as a sentence and the submission details, never cached nor indexed', async () => {
    const { sessionId, payload } = await startCheckout(t);
    await site.app.request(`http://localhost/checkout/test/${sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: 'intent=cancel',
    });

    const response = await site.get(`/payment/cancel?session_id=${sessionId}`);

    expect(response.status).toBe(200);
    const html = await response.text();
    expectPrivatePage(response, html);
    expect(html).toContain('<title>Payment cancelled | Crowdfunding Showcase</title>');
    const text = textOf(html);
    expect(text).toContain('Your payment did not complete. Review your details and try submitting again.');
    expect(text).toContain(`Session ID: ${sessionId}`);
    // The status is a sentence, never the raw word.
    expect(textsOf(html, 'h2')).toContain('Payment not completed');
    expect(text).not.toMatch(/\bPENDING\b/);
    expect(html).not.toContain('data-slot="badge"');
    expect(linksOf(html)).toEqual(
      expect.arrayContaining([
        [SPONSORED_PATH, 'Try again now'],
        ['mailto:support@crowdfundingshowcase.com?subject=Sponsored%20post%20payment', 'Contact support'],
      ]),
    );
    expect(textsOf(html, 'h2')).toContain('Your submission details');
    const details = text.slice(text.indexOf('Your submission details'));
    expect(details).toBe(
      [
        'Your submission details',
        `Project name ${payload.project_name}`,
        'Project URL https://www.kickstarter.com/projects/tide-clock',
        'Description A clock that shows the tides of your beach.',
        'Contact name Ada Lovelace',
        `Contact email ${payload.contact_email}`,
        'Press kit URL https://example.com/tide-clock-press.zip',
      ].join(' '),
    );
  });

  it('leaves the optional description and press kit out of the details when there are none', async () => {
    const { sessionId } = await startCheckout(t, { description: '', press_kit_url: '' });
    const text = textOf(await (await site.get(`/payment/cancel?session_id=${sessionId}`)).text());
    expect(text).toContain('Project URL');
    expect(text).not.toContain('Description');
    expect(text).not.toContain('Press kit URL');
  });

  it('shows no submission to refill once the payment is completed', async () => {
    const { sessionId } = await startCheckout(t);
    await settle(t, sessionId, 'pay');
    const html = await (await site.get(`/payment/cancel?session_id=${sessionId}`)).text();
    expect(textOf(html)).toContain('This payment was completed, so there is nothing to retry.');
    expect(textsOf(html, 'h2')).toContain('Payment confirmed');
    expect(textOf(html)).not.toMatch(/\bCOMPLETED\b/);
    expect(linksOf(html).map(([, label]) => label)).not.toContain('Try again now');
    expect(textOf(html)).not.toContain('Your submission details');
  });

  it('answers 400 with Payment could not be completed and Start new submission when the address has no session id', async () => {
    const response = await site.get('/payment/cancel');
    expect(response.status).toBe(400);
    const html = await response.text();
    expectPrivatePage(response, html);
    expect(textOf(html)).toContain('Payment could not be completed');
    expect(linksOf(html)).toContainEqual([SPONSORED_PATH, 'Start new submission']);
  });

  it('answers 404 with the message, Try again and Start new submission for an unknown session', async () => {
    const response = await site.get('/payment/cancel?session_id=cs_local_unknown');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(textOf(html)).toContain('Payment session not found');
    expect(retryForm(html)).toEqual({ action: '/payment/cancel', sessionId: 'cs_local_unknown', button: 'Try again' });
    expect(linksOf(html)).toContainEqual([SPONSORED_PATH, 'Start new submission']);
  });
});

describe('the payment pages when the lookup itself fails', () => {
  const { t, site } = useSiteApp();

  it('answer 503 with the fallback messages and log the failure', async () => {
    const { sessionId } = await startCheckout(t);
    // The payments table disappearing stands in for a database that fails.
    await sql`alter table payment_transactions rename to payment_transactions_gone`.execute(t.deps.db);

    const success = await site.get(`/payment/success?session_id=${sessionId}`);
    expect(success.status).toBe(503);
    const successHtml = await success.text();
    expect(textOf(successHtml)).toContain("Unable to confirm payment We couldn't retrieve the payment details for this session.");
    expect(retryForm(successHtml)?.button).toBe('Try again');

    const cancel = await site.get(`/payment/cancel?session_id=${sessionId}`);
    expect(cancel.status).toBe(503);
    expect(textOf(await cancel.text())).toContain("We couldn't retrieve the details of this checkout session.");
    expect(site.logLines.filter((line) => line.msg === 'payment result page: the lookup failed')).toHaveLength(2);
  });
});

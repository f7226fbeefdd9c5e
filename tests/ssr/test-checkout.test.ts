import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { loadPageRenderer } from '../../server/pages.ts';
import { createTestApp, freshIp, type TestApp, useTestApp } from '../helpers/test-app.ts';

/** The whole server (API and pages) on a test database. */
async function createSiteApp(t: TestApp) {
  const renderPage = await loadPageRenderer(t.deps);
  if (!renderPage) throw new Error('The web build is missing: the ssr global setup should have built it');
  const app = createApp(t.deps, { renderPage });
  const get = (path: string) => app.request(`http://localhost${path}`, { headers: { accept: 'text/html' } });
  // What a browser without JavaScript sends when a button of the form is pressed.
  const press = (path: string, intent: string) =>
    app.request(`http://localhost${path}`, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: new URLSearchParams({ intent }).toString(),
      redirect: 'manual',
    });
  return { get, press };
}

let counter = 0;
async function startCheckout(t: TestApp): Promise<string> {
  counter += 1;
  const response = await t.request('POST', '/payments/create-checkout', {
    ip: freshIp(),
    body: {
      project_name: `Orbit Planter ${counter}`,
      project_url: 'https://www.kickstarter.com/projects/orbit-planter',
      contact_name: 'Katherine Johnson',
      contact_email: `katherine${counter}@example.com`,
      description: '',
      press_kit_url: '',
      budget_range: '',
      terms_accepted: true,
    },
  });
  expect(response.status).toBe(201);
  return response.body.session_id;
}

const paymentStatus = async (t: TestApp, sessionId: string) =>
  (await t.request('GET', `/payments/success?session_id=${sessionId}`)).body.status;

describe('the test checkout page', () => {
  const t = useTestApp();
  let site: Awaited<ReturnType<typeof createSiteApp>>;
  beforeAll(async () => {
    site = await createSiteApp(t);
  });

  it('says it charges nothing and offers Pay $75.00 and Cancel payment in a plain form', async () => {
    const sessionId = await startCheckout(t);
    const response = await site.get(`/checkout/test/${sessionId}`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<title>Test checkout | Crowdfunding Showcase</title>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toMatch(/<main[^>]*>[\s\S]*<h1[^>]*>Test checkout<\/h1>[\s\S]*<\/main>/);
    expect(html).toMatch(/<p role="note"[^>]*><strong>Test payment: no money is charged\.<\/strong>/);
    expect(html).toContain('Orbit Planter');
    const form = html.match(/<form [^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/checkout/test/${sessionId}"`);
    const buttons = [...html.matchAll(/<button ([^>]*)>([^<]*)<\/button>/g)].map((match) => [
      /\bname="intent"/.test(match[1] ?? '') && /\btype="submit"/.test(match[1] ?? '') ? /\bvalue="(\w+)"/.exec(match[1] ?? '')?.[1] : null,
      match[2],
    ]);
    expect(buttons).toEqual([
      ['pay', 'Pay $75.00'],
      ['cancel', 'Cancel payment'],
      ['fail', 'Simulate a failed payment'],
      ['expire', 'Simulate an expired checkout'],
    ]);
    expect(html).toContain('<legend class="px-1 text-sm font-medium">Other outcomes, for testing</legend>');
  });

  it('Pay settles the session and sends the browser to the success page', async () => {
    const sessionId = await startCheckout(t);

    const response = await site.press(`/checkout/test/${sessionId}`, 'pay');

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`http://localhost/payment/success?session_id=${sessionId}`);
    expect(await paymentStatus(t, sessionId)).toBe('completed');
  });

  it('Cancel payment goes to the cancel page and leaves the payment pending', async () => {
    const sessionId = await startCheckout(t);

    const response = await site.press(`/checkout/test/${sessionId}`, 'cancel');

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`http://localhost/payment/cancel?session_id=${sessionId}`);
    expect(await paymentStatus(t, sessionId)).toBe('pending');
    // Still open, as on a hosted checkout: the page keeps its buttons.
    expect(await (await site.get(`/checkout/test/${sessionId}`)).text()).toContain('Pay $75.00');
  });

  it.each([
    ['fail', 'failed', 'This test checkout is finished: the test payment failed.'],
    ['expire', 'expired', 'This test checkout has expired: it can no longer be paid.'],
  ])('the %s simulation ends on the success page with status %s', async (intent, status, settledText) => {
    const sessionId = await startCheckout(t);

    const response = await site.press(`/checkout/test/${sessionId}`, intent);

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`http://localhost/payment/success?session_id=${sessionId}`);
    expect(await paymentStatus(t, sessionId)).toBe(status);
    expect(await (await site.get(`/checkout/test/${sessionId}`)).text()).toContain(settledText);
  });

  it('a settled session says it is finished and links to its result instead of offering to pay', async () => {
    const sessionId = await startCheckout(t);
    await site.press(`/checkout/test/${sessionId}`, 'pay');

    const response = await site.get(`/checkout/test/${sessionId}`);

    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('This test checkout is finished: the test payment was made.');
    expect(html).toMatch(new RegExp(`<a [^>]*href="/payment/success\\?session_id=${sessionId}"[^>]*>See the payment result</a>`));
    expect(html).not.toContain('Pay $75.00');
    expect(html).not.toContain('<form');
  });

  it('an unknown session answers 404 with a page that says so', async () => {
    const response = await site.get(`/checkout/test/cs_local_${'0'.repeat(40)}`);

    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<title>Checkout session not found | Crowdfunding Showcase</title>');
    expect(html).toMatch(/<main[^>]*>\s*<h1[^>]*>Checkout session not found<\/h1>/);
    expect(html).toMatch(/<a [^>]*href="\/submit-your-project-for-a-sponsored-post"[^>]*>Start a new submission<\/a>/);
  });

  it('pressing a button on an unknown session answers 404 and changes nothing', async () => {
    const response = await site.press(`/checkout/test/cs_local_${'1'.repeat(40)}`, 'pay');
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/<h1[^>]*>Checkout session not found<\/h1>/);
  });

  it('an unknown button answers 400 and leaves the session open', async () => {
    const sessionId = await startCheckout(t);
    const response = await site.press(`/checkout/test/${sessionId}`, 'refund');
    expect(response.status).toBe(400);
    expect(await paymentStatus(t, sessionId)).toBe('pending');
  });
});

describe('the test checkout page with other settings', () => {
  it('shows the configured price, formatted from whole cents', async () => {
    const t = await createTestApp({ env: { SPONSORED_PRICE_CENTS: '12345', SPONSORED_CURRENCY: 'eur' } });
    try {
      const site = await createSiteApp(t);
      const html = await (await site.get(`/checkout/test/${await startCheckout(t)}`)).text();
      expect(html).toContain('>Pay €123.45</button>');
    } finally {
      await t.close();
    }
  });

  it('does not exist when Stripe is configured', async () => {
    const t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_API_BASE: 'http://127.0.0.1:9' } });
    try {
      const site = await createSiteApp(t);
      const response = await site.get(`/checkout/test/cs_local_${'2'.repeat(40)}`);
      expect(response.status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

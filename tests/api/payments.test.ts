import { describe, expect, it } from 'vitest';
import { LOCAL_SESSION_LIFETIME_SECONDS } from '../../server/payments/local-provider.ts';
import type { TestCheckoutOutcome } from '../../server/payments/provider.ts';
import { findTestCheckout, settleTestCheckout } from '../../server/services/sponsors/payments.ts';
import { freePort } from '../helpers/free-port.ts';
import { mailsTo } from '../helpers/outbox.ts';
import { createTestApp, freshIp, type TestApp, useTestApp } from '../helpers/test-app.ts';

// The checkout flow with the built-in test checkout (no Stripe key): the
// default on a fresh machine. Stripe itself is covered in stripe-payments.test.ts.

const STAFF_EMAIL = 'staff@example.com';

const t = useTestApp({ env: { ADMIN_NOTIFY_EMAIL: STAFF_EMAIL } });

let counter = 0;
/** A complete sponsored form payload whose names are unique to the calling test. */
function sponsoredPayload(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    project_name: `Tide Clock ${counter} ${Date.now()}`,
    project_url: 'https://www.kickstarter.com/projects/tide-clock',
    contact_name: 'Ada Lovelace',
    contact_email: `ada${counter}.${Date.now()}@example.com`,
    description: 'A clock that shows the tides of your beach.',
    press_kit_url: 'https://example.com/tide-clock-press.zip',
    budget_range: '',
    terms_accepted: true,
    ...overrides,
  };
}

const createCheckout = (app: TestApp, body: unknown) =>
  app.request('POST', '/payments/create-checkout', { body, ip: freshIp() });

/** Starts a checkout and returns its session id. */
async function startCheckout(app: TestApp = t, payload = sponsoredPayload()) {
  const response = await createCheckout(app, payload);
  expect(response.status).toBe(201);
  return { sessionId: response.body.session_id as string, payload };
}

async function settle(sessionId: string, outcome: TestCheckoutOutcome, app: TestApp = t) {
  const settled = await settleTestCheckout(app.deps, sessionId, outcome);
  if (!settled) throw new Error(`no test checkout session ${sessionId}`);
  return settled.redirectUrl;
}

/** The payment record of a session and its submission, read from the database. */
async function recordsOf(sessionId: string, app: TestApp = t) {
  const payment = await app.handle.db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('provider_session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  // The report link's token columns never leave the database, so the answers never carry them.
  const { report_token_hash: _hash, report_token_sealed: _sealed, report_issued_at: _issued, ...submission } =
    await app.handle.db
      .selectFrom('sponsored_submissions')
      .selectAll()
      .where('id', '=', payment.submission_id)
      .executeTakeFirstOrThrow();
  // The submission's payment_status is never out of step with its payment.
  expect(submission.payment_status).toBe(payment.status);
  return { payment, submission };
}

async function countRows(table: 'sponsored_submissions' | 'payment_transactions' | 'local_checkout_sessions') {
  const row = await t.handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const successOf = (sessionId: string, app: TestApp = t) =>
  app.request('GET', `/payments/success?session_id=${encodeURIComponent(sessionId)}`);
const cancelOf = (sessionId: string, app: TestApp = t) =>
  app.request('GET', `/payments/cancel?session_id=${encodeURIComponent(sessionId)}`);

describe('POST /api/payments/create-checkout with the test checkout', () => {
  it('stores the submission as new with a pending payment and answers the test checkout address', async () => {
    const payload = sponsoredPayload();
    const response = await createCheckout(t, payload);

    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const sessionId: string = response.body.session_id;
    expect(sessionId).toMatch(/^cs_local_[0-9a-f]{40}$/);
    expect(response.body).toEqual({ checkout_url: `http://localhost/checkout/test/${sessionId}`, session_id: sessionId });

    const { payment, submission } = await recordsOf(sessionId);
    expect(submission).toMatchObject({
      project_name: payload.project_name,
      contact_email: payload.contact_email,
      budget_range: null,
      status: 'new',
      payment_status: 'pending',
      version: 1,
    });
    expect(payment).toMatchObject({
      provider: 'local',
      amount_cents: 7500,
      currency: 'usd',
      status: 'pending',
      provider_payment_id: null,
      completed_at: null,
    });
    const session = await t.handle.db
      .selectFrom('local_checkout_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({
      payment_id: payment.id,
      amount_cents: 7500,
      currency: 'usd',
      customer_email: payload.contact_email,
      status: 'open',
      payment_status: 'unpaid',
      success_url: 'http://localhost/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/payment/cancel?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('charges SPONSORED_PRICE_CENTS in SPONSORED_CURRENCY as whole minor units', async () => {
    const euros = await createTestApp({ env: { SPONSORED_PRICE_CENTS: '1999', SPONSORED_CURRENCY: 'EUR' } });
    try {
      const { sessionId } = await startCheckout(euros);
      const { payment } = await recordsOf(sessionId, euros);
      expect(payment.amount_cents).toBe(1999);
      expect(Number.isInteger(payment.amount_cents)).toBe(true);
      expect(payment.currency).toBe('eur');
    } finally {
      await euros.close();
    }
  });

  it('builds the checkout and return addresses on PUBLIC_URL when it is set', async () => {
    const site = await createTestApp({ env: { PUBLIC_URL: 'https://showcase.example.com' } });
    try {
      const response = await createCheckout(site, sponsoredPayload());
      expect(response.status).toBe(201);
      expect(response.body.checkout_url).toBe(`https://showcase.example.com/checkout/test/${response.body.session_id}`);
      const session = await site.handle.db
        .selectFrom('local_checkout_sessions')
        .select(['success_url', 'cancel_url'])
        .where('id', '=', response.body.session_id)
        .executeTakeFirstOrThrow();
      expect(session).toEqual({
        success_url: 'https://showcase.example.com/payment/success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'https://showcase.example.com/payment/cancel?session_id={CHECKOUT_SESSION_ID}',
      });
    } finally {
      await site.close();
    }
  });

  it.each([
    ['project_name', undefined],
    ['project_url', 'www.kickstarter.com/projects/kettle'],
    ['contact_name', ''],
    ['contact_email', 'ada.example.com'],
    ['contact_email', 'ada@example'],
    ['press_kit_url', 'javascript:alert(1)'],
    ['terms_accepted', false],
    ['terms_accepted', undefined],
    ['terms_accepted', 'true'],
  ])('refuses %s set to %j exactly as the sponsored form does, and stores nothing', async (field, value) => {
    const before = await Promise.all([countRows('sponsored_submissions'), countRows('payment_transactions')]);
    const payload = sponsoredPayload({ [field]: value });

    const checkout = await createCheckout(t, payload);
    const plain = await t.request('POST', '/submissions/sponsored', { body: payload, ip: freshIp() });

    expect(checkout.status).toBe(400);
    expect(plain.status).toBe(400);
    expect(checkout.body).toEqual(plain.body);
    expect(checkout.body.error).toBe('VALIDATION_FAILED');
    if (field === 'terms_accepted') expect(checkout.body.message).toBe('terms of service must be accepted');
    expect(await Promise.all([countRows('sponsored_submissions'), countRows('payment_transactions')])).toEqual(before);
  });

  it('refuses a body that is not JSON with 415 and stores nothing', async () => {
    const before = await countRows('sponsored_submissions');
    const response = await t.request('POST', '/payments/create-checkout', {
      rawBody: 'project_name=Tide+Clock',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: freshIp(),
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' });
    expect(await countRows('sponsored_submissions')).toBe(before);
  });

  it('refuses checkouts over the limit of one address with 429 and stores nothing more', async () => {
    const limited = await createTestApp({
      rateLimits: { checkoutPerIp: { name: 'checkout-ip', max: 2, windowSeconds: 60 * 60 } },
    });
    try {
      const ip = freshIp();
      for (let i = 0; i < 2; i += 1) {
        const accepted = await limited.request('POST', '/payments/create-checkout', { body: sponsoredPayload(), ip });
        expect(accepted.status).toBe(201);
      }
      const refused = await limited.request('POST', '/payments/create-checkout', { body: sponsoredPayload(), ip });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const stored = await limited.handle.db.selectFrom('sponsored_submissions').select('id').execute();
      expect(stored).toHaveLength(2);

      const otherAddress = await limited.request('POST', '/payments/create-checkout', {
        body: sponsoredPayload(),
        ip: freshIp(),
      });
      expect(otherAddress.status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('a checkout settled on the test checkout', () => {
  it('paid: reports completed, fills in the payment details and mails the submitter and the staff', async () => {
    const { sessionId, payload } = await startCheckout();
    const before = Math.floor(Date.now() / 1000);

    expect(await settle(sessionId, 'pay')).toBe(`http://localhost/payment/success?session_id=${sessionId}`);

    const status = await successOf(sessionId);
    expect(status.status).toBe(200);
    expect(status.headers.get('cache-control')).toBe('no-store');
    expect(status.body).toEqual({ session_id: sessionId, status: 'completed' });

    const { payment, submission } = await recordsOf(sessionId);
    expect(payment.status).toBe('completed');
    expect(payment.provider_payment_id).toMatch(/^pi_local_[0-9a-f]{40}$/);
    expect(payment.completed_at).toBeGreaterThanOrEqual(before);
    expect(submission.status).toBe('new');

    const admin = await t.request('GET', `/admin/submissions/sponsored/${submission.id}`, { token: await t.adminToken() });
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual({
      ...submission,
      post: null,
      newsletter_issues: [],
      // No post drafted yet, so no report of it either.
      report_url: null,
      report_url_problem: null,
      payment_status: 'completed',
      paid_amount: 7500,
      paid_currency: 'usd',
      payment_transaction_id: payment.provider_payment_id,
      payment_transaction: {
        id: payment.id,
        provider: 'local',
        amount_cents: 7500,
        currency: 'usd',
        status: 'completed',
        provider_session_id: sessionId,
        provider_payment_id: payment.provider_payment_id,
        completed_at: payment.completed_at,
        created_at: payment.created_at,
      },
      // The receipt is the first entry of the sponsor's timeline.
      timeline: [
        {
          id: expect.any(Number),
          kind: 'payment_mail',
          created_at: expect.any(Number),
          by: null,
          mail: { to: payload.contact_email, outbox_id: expect.any(Number), status: 'stored' },
          detail: null,
        },
      ],
    });
    const list = await t.request('GET', '/admin/submissions/sponsored?limit=100', { token: await t.adminToken() });
    // The list carries neither the timeline nor the report link: only the details do.
    const { timeline: _timeline, report_url: _reportUrl, report_url_problem: _reportUrlProblem, ...listed } = admin.body;
    expect(list.body.submissions).toContainEqual(listed);

    const [confirmation, ...more] = await mailsTo(t, payload.contact_email);
    expect(more).toEqual([]);
    expect(confirmation).toMatchObject({
      kind: 'payment_confirmation',
      status: 'stored',
      // The test checkout takes no money, and its receipts say so.
      subject: `[TEST] Payment received: sponsored post for ${payload.project_name}`,
      error: null,
    });
    expect(confirmation?.text_body).toContain('we received your payment of $75.00');
    expect(confirmation?.text_body).toContain('This was a test payment: no money was taken.');
    expect(confirmation?.text_body).toContain('within 24-48 hours');
    expect(confirmation?.text_body).toContain(`Payment reference: ${payment.provider_payment_id}`);
    const staffMails = (await mailsTo(t, STAFF_EMAIL)).filter((mail) => mail.subject.includes(payload.project_name));
    expect(staffMails).toHaveLength(1);
    expect(staffMails[0]).toMatchObject({
      kind: 'payment_admin_notification',
      status: 'stored',
      subject: `[TEST] New paid sponsored submission: ${payload.project_name}`,
    });
    expect(staffMails[0]?.text_body).toContain('This was a test payment: no money was taken.');
    expect(staffMails[0]?.text_body).toContain(`Contact: Ada Lovelace <${payload.contact_email}>`);
  });

  it('cancelled: stays pending, and the cancel lookup answers the details to refill the form', async () => {
    const { sessionId, payload } = await startCheckout();

    expect(await settle(sessionId, 'cancel')).toBe(`http://localhost/payment/cancel?session_id=${sessionId}`);

    const response = await cancelOf(sessionId);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual({
      session_id: sessionId,
      status: 'pending',
      message: 'Your payment did not complete. Review your details and try submitting again.',
      pending_submission: {
        project_name: payload.project_name,
        project_url: payload.project_url,
        description: payload.description,
        contact_name: payload.contact_name,
        contact_email: payload.contact_email,
        press_kit_url: payload.press_kit_url,
      },
    });
    expect((await recordsOf(sessionId)).payment.status).toBe('pending');
    expect((await successOf(sessionId)).body).toEqual({ session_id: sessionId, status: 'pending' });
    expect(await mailsTo(t, payload.contact_email)).toEqual([]);
  });

  it('cancelled and then paid on the same page: the session was still open, so the payment completes', async () => {
    const { sessionId } = await startCheckout();
    await settle(sessionId, 'cancel');
    await settle(sessionId, 'pay');
    expect((await successOf(sessionId)).body).toEqual({ session_id: sessionId, status: 'completed' });
  });

  it('failed: reports failed, keeps the submission for admins and mails nobody', async () => {
    const { sessionId, payload } = await startCheckout();

    expect(await settle(sessionId, 'fail')).toBe(`http://localhost/payment/success?session_id=${sessionId}`);

    expect((await successOf(sessionId)).body).toEqual({ session_id: sessionId, status: 'failed' });
    const { payment, submission } = await recordsOf(sessionId);
    expect(payment).toMatchObject({ status: 'failed', provider_payment_id: null, completed_at: null });
    const admin = await t.request('GET', `/admin/submissions/sponsored/${submission.id}`, { token: await t.adminToken() });
    expect(admin.body).toMatchObject({
      payment_status: 'failed',
      paid_amount: null,
      payment_transaction_id: null,
      payment_transaction: { status: 'failed' },
    });
    const cancel = await cancelOf(sessionId);
    expect(cancel.body).toMatchObject({
      status: 'failed',
      message: 'Your payment did not go through. Review your details and try submitting again.',
      pending_submission: { project_name: payload.project_name },
    });
    expect(await mailsTo(t, payload.contact_email)).toEqual([]);
  });

  it('expired: reports expired on both lookups', async () => {
    const { sessionId, payload } = await startCheckout();

    expect(await settle(sessionId, 'expire')).toBe(`http://localhost/payment/success?session_id=${sessionId}`);

    expect((await successOf(sessionId)).body).toEqual({ session_id: sessionId, status: 'expired' });
    expect((await cancelOf(sessionId)).body).toMatchObject({
      status: 'expired',
      message:
        'Your checkout session expired before the payment was made. Review your details and try submitting again.',
      pending_submission: { contact_email: payload.contact_email },
    });
    expect((await recordsOf(sessionId)).payment.status).toBe('expired');
  });

  it('expires by itself after a day, as a hosted checkout does', async () => {
    const { sessionId } = await startCheckout();
    const dayAgo = Math.floor(Date.now() / 1000) - LOCAL_SESSION_LIFETIME_SECONDS - 1;
    await t.handle.db.updateTable('local_checkout_sessions').set({ created_at: dayAgo }).where('id', '=', sessionId).execute();

    expect((await successOf(sessionId)).body).toEqual({ session_id: sessionId, status: 'expired' });
    // Too late to pay: pressing Pay expires it instead.
    await settle(sessionId, 'pay');
    expect((await recordsOf(sessionId)).payment).toMatchObject({ status: 'expired', provider_payment_id: null });
  });

  it('paid twice, or expired after paying: the second click changes nothing and sends no second mail', async () => {
    const { sessionId, payload } = await startCheckout();
    await settle(sessionId, 'pay');
    const paid = await recordsOf(sessionId);

    expect(await settle(sessionId, 'pay')).toBe(`http://localhost/payment/success?session_id=${sessionId}`);
    expect(await settle(sessionId, 'expire')).toBe(`http://localhost/payment/success?session_id=${sessionId}`);

    expect(await recordsOf(sessionId)).toEqual(paid);
    expect(await mailsTo(t, payload.contact_email)).toHaveLength(1);
  });

  it("words the receipt and the paid cancel lookup with the owner's promises, not SPEC.md's defaults", async () => {
    const app = await createTestApp();
    try {
      const token = await app.adminToken();
      const { body: stored } = await app.request<Record<string, unknown>>('GET', '/admin/settings/site', { token });
      const { privacy_policy_updated: _p, terms_updated: _t, ...values } = stored;
      const saved = await app.request('PUT', '/admin/settings/site', {
        token,
        ip: freshIp(),
        body: { ...values, site_name: 'Backer Weekly', sponsored_response_time: 'one working day', sponsored_live_time: 'a week' },
      });
      expect(saved.status).toBe(200);

      const { sessionId, payload } = await startCheckout(app);
      await settle(sessionId, 'pay', app);
      const [receipt] = await mailsTo(app, payload.contact_email);
      expect(receipt?.text_body).toContain('- We review your project and get back to you within one working day.');
      expect(receipt?.text_body).toContain('- Your sponsored post goes live within a week after payment.');
      expect(receipt?.text_body).toContain('\nBacker Weekly');
      expect(receipt?.text_body).not.toMatch(/24-48|3-5 days/);
      expect((await cancelOf(sessionId, app)).body).toMatchObject({
        status: 'completed',
        message: 'This payment was completed, so there is nothing to retry. Your sponsored post will be live within a week.',
      });
    } finally {
      await app.close();
    }
  });

  it('answers the cancel lookup of a paid session without a pending submission', async () => {
    const { sessionId } = await startCheckout();
    await settle(sessionId, 'pay');
    expect((await cancelOf(sessionId)).body).toEqual({
      session_id: sessionId,
      status: 'completed',
      message: 'This payment was completed, so there is nothing to retry. Your sponsored post will be live within 3-5 days.',
      pending_submission: null,
    });
  });
});

describe('GET /api/payments/success and /api/payments/cancel', () => {
  it.each(['success', 'cancel'])('/%s answers 404 "not found" for an unknown session', async (page) => {
    const response = await t.request('GET', `/payments/${page}?session_id=cs_local_${'0'.repeat(40)}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Payment session not found' });
    expect(response.body.message).toContain('not found');
  });

  it.each([
    ['success', ''],
    ['success', '?session_id='],
    ['cancel', ''],
    ['cancel', '?session_id=%20'],
  ])('/%s%s without a session id answers 400', async (page, query) => {
    const response = await t.request('GET', `/payments/${page}${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'session_id is required' });
  });
});

describe('payment mails', () => {
  it('a mail server that cannot be reached loses neither the payment nor the mail', async () => {
    const closedPort = await freePort();
    const app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } });
    try {
      const { sessionId, payload } = await startCheckout(app);
      await settle(sessionId, 'pay', app);

      expect((await successOf(sessionId, app)).body).toEqual({ session_id: sessionId, status: 'completed' });
      const [mail, ...more] = await mailsTo(app, payload.contact_email);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ kind: 'payment_confirmation', status: 'failed', sent_at: null });
      expect(mail?.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/payments/webhook with the test checkout', () => {
  it('answers 404: the test checkout sends no webhooks', async () => {
    const response = await t.request('POST', '/payments/webhook', {
      rawBody: '{"id":"evt_1","type":"checkout.session.completed"}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'This site receives no payment webhooks' });
  });
});

// In production the test checkout would hand sponsored posts out for free:
// without a Stripe key it runs only when PAYMENTS_TEST_MODE=true says so.
describe('production without a Stripe key', () => {
  const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://showcase.example.com' };

  async function rowsOf(app: TestApp) {
    const count = async (table: 'sponsored_submissions' | 'payment_transactions' | 'local_checkout_sessions') =>
      Number(
        (await app.handle.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      );
    return {
      submissions: await count('sponsored_submissions'),
      payments: await count('payment_transactions'),
      sessions: await count('local_checkout_sessions'),
    };
  }

  it('refuses the checkout with 503 and stores nothing, and the test checkout is off too', async () => {
    const app = await createTestApp({ env: PRODUCTION });
    try {
      const payload = sponsoredPayload();
      const response = await createCheckout(app, payload);

      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        error: 'SERVICE_UNAVAILABLE',
        message: 'Payments are not set up on this site yet. Please try again later.',
      });
      expect(await rowsOf(app)).toEqual({ submissions: 0, payments: 0, sessions: 0 });
      expect(await mailsTo(app, payload.contact_email)).toEqual([]);
      await expect(findTestCheckout(app.deps, 'cs_local_0123')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await expect(settleTestCheckout(app.deps, 'cs_local_0123', 'pay')).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });

      const token = await app.adminToken();
      const mode = await app.request('GET', '/admin/dashboard/payments', { token });
      expect(mode).toMatchObject({ status: 200, body: { mode: 'off' } });
      // The revenue card agrees with the banner: off, not test mode.
      const dashboard = await app.request('GET', '/admin/dashboard', { token });
      expect(dashboard.body.revenue.payment_mode).toBe('off');
    } finally {
      await app.close();
    }
  });

  it('runs the test checkout when PAYMENTS_TEST_MODE=true, and the back office is told', async () => {
    const app = await createTestApp({ env: { ...PRODUCTION, PAYMENTS_TEST_MODE: 'true' } });
    try {
      const response = await createCheckout(app, sponsoredPayload());

      expect(response.status).toBe(201);
      expect(response.body.checkout_url).toBe(`https://showcase.example.com/checkout/test/${response.body.session_id}`);
      expect(await rowsOf(app)).toEqual({ submissions: 1, payments: 1, sessions: 1 });
      const token = await app.adminToken();
      const mode = await app.request('GET', '/admin/dashboard/payments', { token });
      expect(mode).toMatchObject({ status: 200, body: { mode: 'test' } });
      expect((await app.request('GET', '/admin/dashboard', { token })).body.revenue.payment_mode).toBe('test');
    } finally {
      await app.close();
    }
  });

  it('tells the back office: test mode outside production, Stripe once a key is set; admins only', async () => {
    const local = await t.request('GET', '/admin/dashboard/payments', { token: await t.adminToken() });
    expect(local).toMatchObject({ status: 200, body: { mode: 'test' } });
    expect((await t.request('GET', '/admin/dashboard/payments')).status).toBe(401);

    const app = await createTestApp({ env: { ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_test_0123' } });
    try {
      const token = await app.adminToken();
      const mode = await app.request('GET', '/admin/dashboard/payments', { token });
      expect(mode).toMatchObject({ status: 200, body: { mode: 'stripe' } });
      expect((await app.request('GET', '/admin/dashboard', { token })).body.revenue.payment_mode).toBe('stripe');
    } finally {
      await app.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_CHECK_INTERVAL_MS } from '../../server/services/sponsors/payments.ts';
import { mailsTo } from '../helpers/outbox.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

// The Stripe provider against a stand-in of the Stripe API on 127.0.0.1: the
// real SDK sends its real requests, the stand-in records them and answers
// with Stripe's JSON. Webhooks are signed with the SDK's own test helper.

const SECRET_KEY = 'sk_test_showcase_stand_in';
const WEBHOOK_SECRET = 'whsec_showcase_test_secret';
const STAFF_EMAIL = 'staff@example.com';

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

type StripeJson = Record<string, unknown>;

/** Just enough of api.stripe.com: create and retrieve Checkout Sessions. */
class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, StripeJson>();
  /** Answer every request with this status (an outage) until cleared. */
  failWith: number | null = null;
  private server: Server | null = null;
  private counter = 0;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        const path = request.url ?? '/';
        this.requests.push({ method: request.method ?? '', path, headers: request.headers, form: new URLSearchParams(body) });
        const [status, json, headers] = this.answer(request.method ?? '', path, new URLSearchParams(body));
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.counter}`, ...headers });
        response.end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('the stand-in has no port');
    return `http://127.0.0.1:${address.port}`;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private answer(method: string, path: string, form: URLSearchParams): [number, StripeJson, Record<string, string>] {
    if (this.failWith !== null) {
      // Stripe marks errors that a retry would not fix.
      return [
        this.failWith,
        { error: { type: 'api_error', message: 'An unknown error occurred' } },
        { 'stripe-should-retry': 'false' },
      ];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      this.counter += 1;
      const id = `cs_test_${this.counter}${randomBytes(12).toString('hex')}`;
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const session: StripeJson = {
        id,
        object: 'checkout.session',
        amount_subtotal: amount,
        amount_total: amount,
        cancel_url: form.get('cancel_url'),
        client_reference_id: form.get('client_reference_id'),
        created: Math.floor(Date.now() / 1000),
        currency: form.get('line_items[0][price_data][currency]'),
        customer: null,
        customer_email: form.get('customer_email'),
        expires_at: Math.floor(Date.now() / 1000) + 24 * 60 * 60,
        livemode: false,
        metadata: {
          payment_id: form.get('metadata[payment_id]'),
          submission_id: form.get('metadata[submission_id]'),
        },
        mode: form.get('mode'),
        payment_intent: null,
        payment_method_types: ['card'],
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.get('success_url'),
        url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
      };
      this.sessions.set(id, session);
      return [200, session, {}];
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      const session = this.sessions.get(decodeURIComponent(retrieve[1]));
      if (session) return [200, session, {}];
      return [
        404,
        {
          error: {
            code: 'resource_missing',
            message: `No such checkout.session: '${retrieve[1]}'`,
            param: 'session',
            type: 'invalid_request_error',
          },
        },
        {},
      ];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }, {}];
  }
}

const stripe = new StripeStandIn();
let t: TestApp;

beforeAll(async () => {
  const apiBase = await stripe.start();
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: apiBase,
      ADMIN_NOTIFY_EMAIL: STAFF_EMAIL,
    },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});
beforeEach(() => {
  stripe.failWith = null;
});

let counter = 0;
function sponsoredPayload() {
  counter += 1;
  return {
    project_name: `Kite Lamp ${counter} ${Date.now()}`,
    project_url: 'https://www.indiegogo.com/projects/kite-lamp',
    contact_name: 'Grace Hopper',
    contact_email: `grace${counter}.${Date.now()}@example.com`,
    description: 'A lamp powered by a kite.',
    press_kit_url: '',
    budget_range: '',
    terms_accepted: true,
  };
}

async function startStripeCheckout() {
  const payload = sponsoredPayload();
  const response = await t.request('POST', '/payments/create-checkout', { body: payload, ip: freshIp() });
  expect(response.status).toBe(201);
  const sessionId: string = response.body.session_id;
  const payment = await paymentOf(sessionId);
  return { sessionId, payload, paymentId: payment.id, submissionId: payment.submission_id };
}

async function paymentOf(sessionId: string) {
  const payment = await t.handle.db
    .selectFrom('payment_transactions')
    .selectAll()
    .where('provider_session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const submission = await t.handle.db
    .selectFrom('sponsored_submissions')
    .select('payment_status')
    .where('id', '=', payment.submission_id)
    .executeTakeFirstOrThrow();
  expect(submission.payment_status).toBe(payment.status);
  return payment;
}

/** The Checkout Session as Stripe puts it in a webhook event. */
function sessionObject(sessionId: string, overrides: StripeJson = {}): StripeJson {
  return { ...stripe.sessions.get(sessionId), ...overrides };
}

const paidSession = (sessionId: string, paymentIntent = `pi_${randomBytes(12).toString('hex')}`) =>
  sessionObject(sessionId, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent });

function eventOf(type: string, object: StripeJson, id = `evt_${randomBytes(12).toString('hex')}`) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Delivers an event as Stripe does: the exact bytes, signed with the endpoint's secret. */
function deliver(
  event: unknown,
  options: { secret?: string; body?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET })
      : options.signature;
  return t.request('POST', '/payments/webhook', {
    rawBody: options.body ?? payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
  });
}

const eventRows = (eventId: string) =>
  t.handle.db.selectFrom('payment_events').selectAll().where('event_id', '=', eventId).execute();

describe('POST /api/payments/create-checkout with Stripe', () => {
  it('creates a one-time Checkout Session for the configured price, pointing at the submission', async () => {
    const payload = sponsoredPayload();
    const before = stripe.requests.length;
    const response = await t.request('POST', '/payments/create-checkout', { body: payload, ip: freshIp() });

    expect(response.status).toBe(201);
    const sessionId: string = response.body.session_id;
    expect(response.body).toEqual({
      checkout_url: `https://checkout.stripe.com/c/pay/${sessionId}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
      session_id: sessionId,
    });

    const sent = stripe.requests.slice(before);
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/checkout/sessions']);
    const [request] = sent as [RecordedRequest];
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // The SDK retries failed POSTs; the idempotency key makes that safe.
    expect(request.headers['idempotency-key']).toMatch(/\S{10,}/);

    const payment = await paymentOf(sessionId);
    expect(Object.fromEntries(request.form)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '7500',
      'line_items[0][price_data][product_data][name]': 'Sponsored post',
      'line_items[0][price_data][product_data][description]': payload.project_name,
      client_reference_id: String(payment.submission_id),
      'metadata[submission_id]': String(payment.submission_id),
      'metadata[payment_id]': String(payment.id),
      'payment_intent_data[metadata][submission_id]': String(payment.submission_id),
      'payment_intent_data[metadata][payment_id]': String(payment.id),
      customer_email: payload.contact_email,
      success_url: 'http://localhost/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/payment/cancel?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(payment).toMatchObject({ provider: 'stripe', status: 'pending', amount_cents: 7500, currency: 'usd' });
  });

  it('answers 503 when Stripe fails, and keeps the submission, marked failed, for the admins', async () => {
    stripe.failWith = 500;
    const payload = sponsoredPayload();
    const response = await t.request('POST', '/payments/create-checkout', { body: payload, ip: freshIp() });

    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      error: 'SERVICE_UNAVAILABLE',
      message: 'The payment provider could not start the checkout. Your submission was saved; please try again in a few minutes.',
    });
    const submission = await t.handle.db
      .selectFrom('sponsored_submissions')
      .selectAll()
      .where('project_name', '=', payload.project_name)
      .executeTakeFirstOrThrow();
    expect(submission).toMatchObject({ status: 'new', payment_status: 'failed', contact_email: payload.contact_email });
    const admin = await t.request('GET', `/admin/submissions/sponsored/${submission.id}`, { token: await t.adminToken() });
    expect(admin.body).toMatchObject({
      payment_status: 'failed',
      paid_amount: null,
      payment_transaction: { provider: 'stripe', status: 'failed', provider_session_id: null, amount_cents: 7500 },
    });
  });
});

describe('POST /api/payments/webhook', () => {
  it('a signed checkout.session.completed completes the payment, with the payment intent as transaction id', async () => {
    const { sessionId, payload, submissionId } = await startStripeCheckout();
    const event = eventOf('checkout.session.completed', paidSession(sessionId, 'pi_3Completed0001'));

    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, duplicate: false });

    const payment = await paymentOf(sessionId);
    expect(payment).toMatchObject({ status: 'completed', provider_payment_id: 'pi_3Completed0001' });
    expect(payment.completed_at).toBeGreaterThan(0);
    const admin = await t.request('GET', `/admin/submissions/sponsored/${submissionId}`, { token: await t.adminToken() });
    expect(admin.body).toMatchObject({
      payment_status: 'completed',
      paid_amount: 7500,
      paid_currency: 'usd',
      payment_transaction_id: 'pi_3Completed0001',
      payment_transaction: { provider: 'stripe', provider_session_id: sessionId, completed_at: payment.completed_at },
    });
    expect(await eventRows(event.id)).toEqual([
      {
        provider: 'stripe',
        event_id: event.id,
        event_type: 'checkout.session.completed',
        payment_id: payment.id,
        processed_at: expect.any(Number),
      },
    ]);
    expect(await mailsTo(t, payload.contact_email)).toMatchObject([{ kind: 'payment_confirmation', status: 'stored' }]);
    const staff = (await mailsTo(t, STAFF_EMAIL)).filter((mail) => mail.subject.includes(payload.project_name));
    expect(staff).toMatchObject([{ kind: 'payment_admin_notification' }]);
    expect((await t.request('GET', `/payments/success?session_id=${sessionId}`)).body).toEqual({
      session_id: sessionId,
      status: 'completed',
    });
  });

  it('a completed session whose payment is still processing stays pending until async_payment_succeeded', async () => {
    const { sessionId, payload } = await startStripeCheckout();
    const processing = sessionObject(sessionId, { status: 'complete', payment_status: 'unpaid', payment_intent: 'pi_3Slow' });

    expect((await deliver(eventOf('checkout.session.completed', processing))).status).toBe(200);
    expect((await paymentOf(sessionId)).status).toBe('pending');
    expect(await mailsTo(t, payload.contact_email)).toEqual([]);

    const succeeded = eventOf('checkout.session.async_payment_succeeded', paidSession(sessionId, 'pi_3Slow'));
    expect((await deliver(succeeded)).status).toBe(200);
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'completed', provider_payment_id: 'pi_3Slow' });
    expect(await mailsTo(t, payload.contact_email)).toHaveLength(1);
  });

  it('checkout.session.async_payment_failed marks the payment failed', async () => {
    const { sessionId, payload } = await startStripeCheckout();
    const failed = sessionObject(sessionId, { status: 'complete', payment_status: 'unpaid', payment_intent: 'pi_3Bounced' });

    expect((await deliver(eventOf('checkout.session.async_payment_failed', failed))).status).toBe(200);

    expect(await paymentOf(sessionId)).toMatchObject({ status: 'failed', provider_payment_id: null, completed_at: null });
    expect((await t.request('GET', `/payments/success?session_id=${sessionId}`)).body.status).toBe('failed');
    expect(await mailsTo(t, payload.contact_email)).toEqual([]);
  });

  it('checkout.session.expired marks the payment expired', async () => {
    const { sessionId } = await startStripeCheckout();
    expect((await deliver(eventOf('checkout.session.expired', sessionObject(sessionId, { status: 'expired' })))).status).toBe(200);
    expect((await paymentOf(sessionId)).status).toBe('expired');
  });

  it('refuses a tampered body with 400 and changes nothing', async () => {
    const { sessionId } = await startStripeCheckout();
    const unpaid = eventOf('checkout.session.completed', sessionObject(sessionId, { status: 'complete' }));
    const forged = { ...unpaid, data: { object: paidSession(sessionId) } };
    const before = await paymentOf(sessionId);

    const response = await deliver(unpaid, { body: JSON.stringify(forged, null, 2) });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'The Stripe-Signature header does not match the request body',
    });
    expect(await paymentOf(sessionId)).toEqual(before);
    expect(await eventRows(unpaid.id)).toEqual([]);
  });

  it('refuses a signature made with another secret with 400 and changes nothing', async () => {
    const { sessionId } = await startStripeCheckout();
    const event = eventOf('checkout.session.completed', paidSession(sessionId));
    const before = await paymentOf(sessionId);

    const response = await deliver(event, { secret: 'whsec_someone_else' });

    expect(response.status).toBe(400);
    expect(response.body.error).toBe('VALIDATION_FAILED');
    expect(await paymentOf(sessionId)).toEqual(before);
    expect(await eventRows(event.id)).toEqual([]);
  });

  it.each([
    ['without the Stripe-Signature header', null, 'The Stripe-Signature header is required'],
    ['with a malformed Stripe-Signature header', 'not-a-signature', 'The Stripe-Signature header does not match the request body'],
  ])('refuses a delivery %s with 400 and changes nothing', async (_case, signature, message) => {
    const { sessionId } = await startStripeCheckout();
    const event = eventOf('checkout.session.completed', paidSession(sessionId));
    const before = await paymentOf(sessionId);

    const response = await deliver(event, { signature });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
    expect(await paymentOf(sessionId)).toEqual(before);
  });

  it('a replayed event changes nothing the second time and still answers 200', async () => {
    const { sessionId, payload } = await startStripeCheckout();
    const event = eventOf('checkout.session.completed', paidSession(sessionId));
    expect((await deliver(event)).body).toEqual({ received: true, duplicate: false });
    const afterFirst = await paymentOf(sessionId);

    const replay = await deliver(event);

    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await paymentOf(sessionId)).toEqual(afterFirst);
    expect(await eventRows(event.id)).toHaveLength(1);
    expect(await mailsTo(t, payload.contact_email)).toHaveLength(1);
  });

  it.each([
    ['checkout.session.expired', { status: 'expired', payment_status: 'unpaid' }],
    ['checkout.session.async_payment_failed', { status: 'complete', payment_status: 'unpaid' }],
  ])('%s arriving after the completion never moves the payment back', async (type, state) => {
    const { sessionId } = await startStripeCheckout();
    await deliver(eventOf('checkout.session.completed', paidSession(sessionId, 'pi_3Keep')));
    const completed = await paymentOf(sessionId);

    const late = await deliver(eventOf(type, sessionObject(sessionId, state)));

    expect(late.status).toBe(200);
    expect(await paymentOf(sessionId)).toEqual(completed);
    expect((await t.request('GET', `/payments/success?session_id=${sessionId}`)).body.status).toBe('completed');
  });

  it('an event that beats the stored session id finds the payment through the session metadata', async () => {
    const { sessionId, paymentId } = await startStripeCheckout();
    await t.handle.db.updateTable('payment_transactions').set({ provider_session_id: null }).where('id', '=', paymentId).execute();

    expect((await deliver(eventOf('checkout.session.completed', paidSession(sessionId)))).status).toBe(200);

    expect(await paymentOf(sessionId)).toMatchObject({ id: paymentId, status: 'completed' });
  });

  it('charge.refunded marks a completed payment refunded', async () => {
    const { sessionId, submissionId } = await startStripeCheckout();
    await deliver(eventOf('checkout.session.completed', paidSession(sessionId, 'pi_3Refund')));

    const response = await deliver(eventOf('charge.refunded', chargeObject('pi_3Refund', 7500)));

    expect(response.status).toBe(200);
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'refunded', provider_payment_id: 'pi_3Refund' });
    const admin = await t.request('GET', `/admin/submissions/sponsored/${submissionId}`, { token: await t.adminToken() });
    expect(admin.body).toMatchObject({ payment_status: 'refunded', paid_amount: 7500, payment_transaction_id: 'pi_3Refund' });
    // Visitors see what the refund means for them: the post will not run.
    expect((await t.request('GET', `/payments/success?session_id=${sessionId}`)).body.status).toBe('failed');
  });

  it('a partial refund leaves the payment completed', async () => {
    const { sessionId } = await startStripeCheckout();
    await deliver(eventOf('checkout.session.completed', paidSession(sessionId, 'pi_3Partial')));

    expect((await deliver(eventOf('charge.refunded', chargeObject('pi_3Partial', 2500)))).status).toBe(200);

    expect((await paymentOf(sessionId)).status).toBe('completed');
  });

  it('acknowledges an event about a session of another site and changes nothing', async () => {
    const stranger = {
      id: 'cs_test_not_ours',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_3NotOurs',
      metadata: {},
    };
    const event = eventOf('checkout.session.completed', stranger);

    const response = await deliver(event);

    expect(response.status).toBe(200);
    expect(
      await t.handle.db.selectFrom('payment_transactions').select('id').where('provider_payment_id', '=', 'pi_3NotOurs').execute(),
    ).toEqual([]);
  });

  it('acknowledges event types it does not act on without recording them', async () => {
    const event = eventOf('customer.created', { id: 'cus_1', object: 'customer' });
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, duplicate: false });
    expect(await eventRows(event.id)).toEqual([]);
  });

  it('answers 500 when the event cannot be handled, so Stripe delivers it again, and applies the redelivery', async () => {
    const { sessionId } = await startStripeCheckout();
    const event = eventOf('checkout.session.completed', paidSession(sessionId));
    const broken = { ...event, data: { object: { ...paidSession(sessionId), payment_status: 'settled-later' } } };

    const first = await deliver(broken);
    expect(first.status).toBe(500);
    expect(first.body).toEqual({ error: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' });
    expect((await paymentOf(sessionId)).status).toBe('pending');
    expect(await eventRows(event.id)).toEqual([]);

    const retry = await deliver(event);
    expect(retry.body).toEqual({ received: true, duplicate: false });
    expect((await paymentOf(sessionId)).status).toBe('completed');
  });

  it('refuses a body over the API limit with 413', async () => {
    const event = eventOf('customer.created', { id: 'cus_2', object: 'customer', description: 'x'.repeat(120 * 1024) });
    const response = await deliver(event);
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 503 while STRIPE_WEBHOOK_SECRET is missing, so Stripe keeps the event', async () => {
    const unconfigured = await createTestApp({ env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_API_BASE: 'http://127.0.0.1:9' } });
    try {
      const payload = JSON.stringify(eventOf('checkout.session.completed', { id: 'cs_test_x' }));
      const response = await unconfigured.request('POST', '/payments/webhook', {
        rawBody: payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
      });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: 'SERVICE_UNAVAILABLE', message: 'The payment webhook is not configured yet' });
    } finally {
      await unconfigured.close();
    }
  });
});

describe('GET /api/payments/success with Stripe', () => {
  it('asks Stripe for the session when the webhook has not arrived yet, and completes the payment', async () => {
    const { sessionId, payload } = await startStripeCheckout();
    stripe.sessions.set(sessionId, paidSession(sessionId, 'pi_3Early'));
    const before = stripe.requests.length;

    const response = await t.request('GET', `/payments/success?session_id=${sessionId}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ session_id: sessionId, status: 'completed' });
    expect(stripe.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/checkout/sessions/${sessionId}`,
    ]);
    expect(await paymentOf(sessionId)).toMatchObject({ status: 'completed', provider_payment_id: 'pi_3Early' });
    expect(await mailsTo(t, payload.contact_email)).toHaveLength(1);

    // The webhook arriving afterwards finds the work done: no second mail.
    expect((await deliver(eventOf('checkout.session.completed', paidSession(sessionId, 'pi_3Early')))).status).toBe(200);
    expect(await mailsTo(t, payload.contact_email)).toHaveLength(1);
  });

  it('answers pending while the session is open, and does not ask Stripe again once the payment is settled', async () => {
    const { sessionId } = await startStripeCheckout();
    expect((await t.request('GET', `/payments/success?session_id=${sessionId}`)).body.status).toBe('pending');

    await deliver(eventOf('checkout.session.expired', sessionObject(sessionId, { status: 'expired' })));
    const before = stripe.requests.length;
    expect((await t.request('GET', `/payments/success?session_id=${sessionId}`)).body.status).toBe('expired');
    expect(stripe.requests.length).toBe(before);
  });

  it('asks Stripe about one pending session at most once per interval, however often the page is loaded', async () => {
    const { sessionId } = await startStripeCheckout();
    const asked = () =>
      stripe.requests.filter((request) => request.method === 'GET' && request.path.startsWith(`/v1/checkout/sessions/${sessionId}`))
        .length;
    // The clock stands still, so the five loads fall within one interval however slow the machine.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      for (let i = 0; i < 5; i += 1) {
        expect((await t.request('GET', `/payments/success?session_id=${sessionId}`)).body.status).toBe('pending');
      }
      expect(asked()).toBe(1);

      // Paid meanwhile, webhook not yet here: the next lookup after the interval asks again and settles it.
      stripe.sessions.set(sessionId, paidSession(sessionId, 'pi_3Later'));
      vi.setSystemTime(start + PROVIDER_CHECK_INTERVAL_MS + 1);
      expect((await t.request('GET', `/payments/success?session_id=${sessionId}`)).body.status).toBe('completed');
    } finally {
      vi.useRealTimers();
    }
    expect(asked()).toBe(2);
  });

  it('answers pending when Stripe does not answer, without changing the payment', async () => {
    const { sessionId } = await startStripeCheckout();
    stripe.sessions.set(sessionId, paidSession(sessionId));
    stripe.failWith = 500;

    const response = await t.request('GET', `/payments/success?session_id=${sessionId}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ session_id: sessionId, status: 'pending' });
    expect((await paymentOf(sessionId)).status).toBe('pending');
  });

  it('answers the submission of a cancelled Stripe checkout on the cancel lookup', async () => {
    const { sessionId, payload } = await startStripeCheckout();
    const response = await t.request('GET', `/payments/cancel?session_id=${sessionId}`);
    expect(response.status).toBe(200);
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
        press_kit_url: null,
      },
    });
  });
});

function chargeObject(paymentIntent: string, amountRefunded: number): StripeJson {
  return {
    id: `ch_${randomBytes(12).toString('hex')}`,
    object: 'charge',
    amount: 7500,
    amount_captured: 7500,
    amount_refunded: amountRefunded,
    captured: true,
    currency: 'usd',
    livemode: false,
    paid: true,
    payment_intent: paymentIntent,
    refunded: amountRefunded === 7500,
    status: 'succeeded',
  };
}

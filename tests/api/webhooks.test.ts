/**
 * Signed webhooks through the API (decision 100): the owner's endpoints and
 * their 400s, the secret shown once, a delivery for each event the site
 * makes, signed as the Standard Webhooks libraries verify, the retries on
 * their schedule with one webhook-id on a controlled clock, the log,
 * "Resend" and "Send a test event", one delivery in flight per endpoint,
 * a claimed delivery whose server died taken over and sent once, an
 * endpoint on 127.0.0.1 refused unless WEBHOOKS_ALLOW_PRIVATE (and plain
 * http in production), and an endpoint failing for 5 days turned off with
 * its owner mailed through a real SMTP server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimJobs } from '../../server/db/queries/jobs.ts';
import { nowSeconds } from '../../server/db/database.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { uniqueEmail } from '../helpers/emails.ts';
import { campaignFacts, postWithCampaign } from '../helpers/follows.ts';
import { createPost } from '../helpers/posts.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const ALL_EVENTS = [
  'post.published',
  'post.updated',
  'post.unpublished',
  'campaign.updated',
  'campaign.ended',
  'sponsored_submission.paid',
  'subscriber.confirmed',
  'newsletter.sent',
];

let sink: SmtpSink;
let t: TestApp;
let receiver: WebhookReceiver;
const admin = adminCalls(() => t, { prefix: '/admin/webhooks' });

beforeAll(async () => {
  sink = await startSmtpSink();
  receiver = await startWebhookReceiver();
  t = await createTestApp({
    env: { SMTP_URL: sink.url, WEBHOOKS_ALLOW_PRIVATE: 'true', NEWSLETTER_RATE_PER_SECOND: '0', ADMIN_NOTIFY_EMAIL: 'owner-notices@example.com' },
    webhookSendLimits: { timeoutMs: 2000 },
  });
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await sink?.close();
});

afterEach(async () => {
  vi.useRealTimers();
  receiver.answer = () => 204;
  receiver.received.length = 0;
  // Each test starts with no endpoint: events of one do not reach another's.
  for (const endpoint of (await admin('GET', '')).body.endpoints) await admin('DELETE', `/${endpoint.id}`);
  await t.deps.jobs.whenIdle();
});

async function createEndpoint(fields: Record<string, unknown> = {}) {
  const response = await admin('POST', '', { url: receiver.url, events: ALL_EVENTS, ...fields });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; secret: string; url: string };
}

/** An endpoint's log as its screen reads it (through the service: a session does not outlive days of a moved clock). */
const deliveriesOf = async (id: number) => (await t.services.webhooks.deliveries(id)).deliveries;
const endpointsNow = async () => (await t.services.webhooks.list()).endpoints;

/** The clock held at the real second, from which a test moves it. */
const startClock = () => {
  vi.useRealTimers();
  const start = Math.floor(Date.now() / 1000);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start * 1000);
  return start;
};

/** The token of the confirmation link mailed to `email` (read at the SMTP server: the outbox cuts it once sent). */
async function confirmationToken(email: string): Promise<string> {
  const [mail] = await sink.waitForMailsTo(email, 1);
  return /confirm\?token=([\w-]{43})/.exec(mail?.parsed.text ?? '')?.[1] ?? '';
}

async function runAt(at: number): Promise<void> {
  vi.setSystemTime(at * 1000);
  await t.deps.jobs.whenIdle();
}

describe('the endpoints', () => {
  it('are created with a whsec_ secret shown once, listed, edited and removed', async () => {
    const created = await createEndpoint({ events: ['post.published'], include_email: true });
    expect(created).toMatchObject({ url: receiver.url, events: ['post.published'], include_email: true, enabled: true, disabled_reason: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);

    const listed = (await admin('GET', '')).body;
    expect(listed.endpoints).toHaveLength(1);
    expect(listed.endpoints[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(6));
    // Sealed at rest: the stored value is not the secret.
    const stored = await t.handle.db.selectFrom('webhook_endpoints').select('secret_sealed').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.secret_sealed).toMatch(/^v1\./);
    expect(stored.secret_sealed).not.toContain(created.secret.slice(6));

    const edited = await admin('PUT', `/${created.id}`, { url: `${receiver.url}/2`, events: ['post.updated', 'newsletter.sent'], include_email: false });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ url: `${receiver.url}/2`, events: ['post.updated', 'newsletter.sent'], include_email: false, enabled: true });
    expect(edited.body).not.toHaveProperty('secret');

    expect((await admin('DELETE', `/${created.id}`)).status).toBe(204);
    expect((await admin('GET', '')).body.endpoints).toEqual([]);
    expect((await admin('PUT', `/${created.id}`, { url: receiver.url, events: ['post.updated'] })).status).toBe(404);
    expect((await admin('GET', `/${created.id}/deliveries`)).status).toBe(404);
  });

  it('answer 400 naming the field, and change nothing', async () => {
    const existing = await createEndpoint({ events: ['post.published'] });
    // The message names the field (the form shows it beside that field).
    const names: Record<string, RegExp> = { url: /^Endpoint URL /, events: /^(Events |Choose at least one event)/, include_email: /^include_email / };
    const refusals: [Record<string, unknown>, string][] = [
      [{ events: ['post.published'] }, 'url'],
      [{ url: 'ftp://hooks.example.com/in', events: ['post.published'] }, 'url'],
      [{ url: 'not a url', events: ['post.published'] }, 'url'],
      [{ url: 'https://user:pass@hooks.example.com/in', events: ['post.published'] }, 'url'],
      [{ url: receiver.url, events: [] }, 'events'],
      [{ url: receiver.url, events: ['post.deleted'] }, 'events'],
      [{ url: receiver.url, events: ['post.updated', 'post.updated'] }, 'events'],
      [{ url: receiver.url }, 'events'],
      [{ url: receiver.url, events: ['post.updated'], include_email: 'yes' }, 'include_email'],
    ];
    for (const [body, field] of refusals) {
      const created = await admin('POST', '', body);
      expect(created.status, JSON.stringify(body)).toBe(400);
      expect(created.body.error).toBe('VALIDATION_FAILED');
      expect(created.body.message, JSON.stringify(body)).toMatch(names[field] ?? /never/);
      const edited = await admin('PUT', `/${existing.id}`, body);
      expect(edited.status, JSON.stringify(body)).toBe(400);
    }
    const listed = (await admin('GET', '')).body.endpoints;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ url: receiver.url, events: ['post.published'] });
  });

  it("are the owner's alone", async () => {
    await t.createUserWithRole('webhooks.admin@example.com', 'correct horse battery', 'admin');
    const { access_token: token } = await t.login('webhooks.admin@example.com', 'correct horse battery');
    expect((await t.request('GET', '/admin/webhooks', { token })).status).toBe(403);
    expect((await t.request('POST', '/admin/webhooks', { token, body: { url: receiver.url, events: ['post.published'] } })).status).toBe(403);
    expect((await admin('GET', '')).body.endpoints).toEqual([]);
  });

  it('are named in the audit log without their secret', async () => {
    const created = await createEndpoint({ events: ['post.published'] });
    const entries = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'webhook.create').execute();
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(created.secret.slice(6));
  });
});

describe('the deliveries', () => {
  it('tell of a post published, edited, unpublished and deleted, signed as the specification verifies', async () => {
    const endpoint = await createEndpoint();
    const post = await createPost(t, { status: 'draft' });
    await t.deps.jobs.whenIdle();
    expect(receiver.received).toEqual([]);

    const published = await t.request('PUT', `/admin/posts/${post.id}`, { token: await t.adminToken(), body: { ...post, status: 'published', category_ids: [] } });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    await t.deps.jobs.whenIdle();
    const [first] = receiver.ofType('post.published');
    expect(first?.event.data).toEqual({
      id: post.id,
      slug: post.slug,
      title: post.title,
      url: `http://localhost/${post.slug}`,
      state: 'published',
      published_at: published.body.published_at,
      sponsored: false,
    });
    expect(first && receiver.verifies(first, endpoint.secret)).toBe(true);
    expect(first?.id).toMatch(/^msg_/);
    expect(Math.abs(Number(first?.timestamp) - nowSeconds())).toBeLessThan(10);
    expect(new Date(first?.event.timestamp ?? '').toISOString()).toBe(first?.event.timestamp);

    const edited = await t.request('PUT', `/admin/posts/${post.id}`, { token: await t.adminToken(), body: { ...published.body, title: 'Renamed', category_ids: [] } });
    expect(edited.status).toBe(200);
    const unpublished = await t.request('PUT', `/admin/posts/${post.id}`, { token: await t.adminToken(), body: { ...edited.body, status: 'draft', category_ids: [] } });
    expect(unpublished.status).toBe(200);
    const live = await createPost(t);
    expect((await t.request('DELETE', `/admin/posts/${live.id}`, { token: await t.adminToken() })).status).toBe(204);
    await t.deps.jobs.whenIdle();

    expect(receiver.received.map((request) => request.event.type)).toEqual(['post.published', 'post.updated', 'post.unpublished', 'post.published', 'post.unpublished']);
    expect(receiver.ofType('post.updated')[0]?.event.data).toMatchObject({ id: post.id, title: 'Renamed' });
    expect(receiver.ofType('post.unpublished').map((request) => request.event.data.state)).toEqual(['draft', 'deleted']);
    expect(receiver.received.every((request) => receiver.verifies(request, endpoint.secret))).toBe(true);
    // Each event an id of its own.
    expect(new Set(receiver.received.map((request) => request.id)).size).toBe(5);
    // Ids and public fields only: never a body, an excerpt or an author.
    for (const request of receiver.received) expect(Object.keys(request.event.data).sort()).toEqual(['id', 'published_at', 'slug', 'sponsored', 'state', 'title', 'url']);
    const log = await deliveriesOf(endpoint.id);
    expect(log.map((delivery: { status: string }) => delivery.status)).toEqual(Array(5).fill('delivered'));
  });

  it("tell of a campaign's facts changed by its editor or its creator's link, and of its end", async () => {
    await createEndpoint({ events: ['campaign.updated', 'campaign.ended'] });
    const post = await postWithCampaign(t);
    const edited = await t.request('PUT', `/admin/posts/${post.id}`, {
      token: await t.adminToken(),
      body: { ...post, category_ids: [], campaign: campaignFacts({ pledged: 900_000, backers: 120 }) },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await t.deps.jobs.whenIdle();
    expect(receiver.ofType('campaign.updated').map((request) => request.event.data)).toEqual([
      expect.objectContaining({ post_id: post.id, post_slug: post.slug, pledged: 900_000, backers: 120, state: 'live', platform: 'kickstarter' }),
    ]);

    // The creator's own update, through the campaigns service as their link saves it.
    await t.services.campaigns.applyFacts(post.id, { state: 'successful', pledged: 2_100_000 }, { source: 'creator', ipAddress: freshIp() });
    await t.deps.jobs.whenIdle();
    expect(receiver.ofType('campaign.updated')).toHaveLength(2);
    expect(receiver.ofType('campaign.ended').map((request) => request.event.data)).toEqual([
      expect.objectContaining({ post_id: post.id, state: 'successful', pledged: 2_100_000 }),
    ]);
  });

  it('tell of a sponsored submission paid, with no contact address', async () => {
    await createEndpoint({ events: ['sponsored_submission.paid'], include_email: true });
    const contact = uniqueEmail('sponsor');
    const started = await t.request('POST', '/payments/create-checkout', {
      ip: freshIp(),
      body: { project_name: 'Lamp', project_url: 'https://www.kickstarter.com/projects/a/lamp', contact_name: 'Ana', contact_email: contact, description: 'A lamp for reading, made of oak.', terms_accepted: true },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // Paid through the built-in test checkout, as the visitor's "Pay" does it.
    await t.services.payments.settleTestCheckout(started.body.session_id, 'pay');
    const { submission_id: submissionId } = await t.handle.db
      .selectFrom('payment_transactions')
      .select('submission_id')
      .where('provider_session_id', '=', started.body.session_id)
      .executeTakeFirstOrThrow();
    await t.deps.jobs.whenIdle();
    const [paid] = receiver.ofType('sponsored_submission.paid');
    expect(paid?.event.data).toMatchObject({ id: submissionId, currency: expect.any(String), amount_cents: expect.any(Number) });
    expect(paid?.body).not.toContain(contact);
  });

  it("tell of a subscriber confirmed, with the address only where the owner ticked it", async () => {
    const withEmail = await createEndpoint({ events: ['subscriber.confirmed'], include_email: true });
    const withoutEmail = await createEndpoint({ events: ['subscriber.confirmed'], url: `${receiver.url}/plain` });
    const email = uniqueEmail('webhook.reader');
    expect((await t.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() })).status).toBe(201);
    const token = await confirmationToken(email);
    await t.services.subscribers.confirm(token);
    // A second click confirms nothing new.
    await t.services.subscribers.confirm(token);
    await t.deps.jobs.whenIdle();
    const confirmed = receiver.ofType('subscriber.confirmed');
    expect(confirmed).toHaveLength(2);
    const subscriber = await t.handle.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const withAddress = confirmed.find((request) => receiver.verifies(request, withEmail.secret));
    const withoutAddress = confirmed.find((request) => receiver.verifies(request, withoutEmail.secret));
    expect(withAddress?.event.data).toEqual({ id: subscriber.id, email });
    expect(withoutAddress?.event.data).toEqual({ id: subscriber.id });
    expect(withoutAddress?.body).not.toContain(email);
    // One event: one id for both endpoints.
    expect(withAddress?.id).toBe(withoutAddress?.id);
  });

  it('tell of a newsletter issue sent', async () => {
    await createEndpoint({ events: ['newsletter.sent'] });
    const email = uniqueEmail('webhook.issue.reader');
    await t.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() });
    const token = await confirmationToken(email);
    await t.services.subscribers.confirm(token);
    const issues = adminCalls(() => t, { prefix: '/admin/newsletters' });
    const issue = (await issues('POST', '', { subject: 'Webhook issue', intro: 'Hello.' })).body;
    expect((await issues('POST', `/${issue.id}/send`)).status).toBeLessThan(300);
    const until = Date.now() + 20_000;
    while (receiver.ofType('newsletter.sent').length === 0 && Date.now() < until) {
      await t.deps.jobs.whenIdle();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(receiver.ofType('newsletter.sent')[0]?.event.data).toMatchObject({ id: issue.id, subject: 'Webhook issue', url: expect.stringMatching(/\/newsletter\//) });
  });

  it('go only to enabled endpoints of that event', async () => {
    await createEndpoint({ events: ['newsletter.sent'] });
    const off = await createEndpoint({ events: ['post.published'] });
    expect((await admin('PUT', `/${off.id}`, { url: receiver.url, events: ['post.published'], enabled: false })).body.enabled).toBe(false);
    await createPost(t);
    await t.deps.jobs.whenIdle();
    expect(receiver.received).toEqual([]);
  });
});

describe('retries', () => {
  it('follow the schedule with one webhook-id, a fresh timestamp and signature each, then fail for good', async () => {
    const endpoint = await createEndpoint({ events: ['post.published'] });
    receiver.answer = () => 503;
    const start = startClock();
    const queued = await admin('POST', `/${endpoint.id}/test`);
    expect(queued.status).toBe(202);
    await runAt(start);
    expect(receiver.received).toHaveLength(1);
    let [delivery] = await deliveriesOf(endpoint.id);
    if (!delivery) throw new Error('no delivery');
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: 503, next_attempt_at: start + 5, error: 'The endpoint answered 503' });
    expect(delivery.response_excerpt).toBe('refused with 503');
    expect(delivery.duration_ms).toEqual(expect.any(Number));

    const pauses = [5, 300, 1800, 7200, 18000, 36000, 36000];
    let at = start;
    for (const [index, pause] of pauses.entries()) {
      // A second early: nothing.
      await runAt(at + pause - 1);
      expect(receiver.received).toHaveLength(index + 1);
      at += pause;
      await runAt(at);
      expect(receiver.received).toHaveLength(index + 2);
      expect(receiver.received.at(-1)?.timestamp).toBe(String(at));
      expect(receiver.verifies(receiver.received.at(-1)!, endpoint.secret)).toBe(true); // eslint-disable-line @typescript-eslint/no-non-null-assertion -- just checked
    }
    [delivery] = await deliveriesOf(endpoint.id);
    if (!delivery) throw new Error('no delivery');
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8, next_attempt_at: null });
    expect(new Set(receiver.received.map((request) => request.id))).toEqual(new Set([delivery.message_id]));
    await runAt(at + 10 * 86400);
    expect(receiver.received).toHaveLength(8);
  });

  it('stop once one goes through, and the log says so', async () => {
    const endpoint = await createEndpoint({ events: ['post.published'] });
    let calls = 0;
    receiver.answer = () => (++calls < 3 ? 500 : 200);
    const start = startClock();
    await createPost(t);
    await runAt(start);
    await runAt(start + 5);
    await runAt(start + 5 + 300);
    await runAt(start + 100_000);
    expect(receiver.received).toHaveLength(3);
    const [delivery] = await deliveriesOf(endpoint.id);
    if (!delivery) throw new Error('no delivery');
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, response_status: 200, error: null, event_type: 'post.published' });
    expect(delivery.payload).toMatchObject({ type: 'post.published', data: expect.objectContaining({ state: 'published' }) });
    expect((await endpointsNow())[0]?.failing_since).toBeNull();
  });
});

describe('the log', () => {
  it('"Send a test event" and "Resend" deliver again with the same webhook-id', async () => {
    const endpoint = await createEndpoint({ events: ['post.published'] });
    const test = await admin('POST', `/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0 });
    await t.deps.jobs.whenIdle();
    expect(receiver.ofType('webhook.test')).toHaveLength(1);
    expect(receiver.verifies(receiver.received[0]!, endpoint.secret)).toBe(true); // eslint-disable-line @typescript-eslint/no-non-null-assertion -- one was received

    const resent = await admin('POST', `/${endpoint.id}/deliveries/${test.body.id}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body.message_id).toBe(test.body.message_id);
    await t.deps.jobs.whenIdle();
    expect(receiver.received.map((request) => request.id)).toEqual([test.body.message_id, test.body.message_id]);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    const log = await deliveriesOf(endpoint.id);
    expect(log.map((delivery: { id: number; status: string }) => [delivery.id, delivery.status])).toEqual([
      [resent.body.id, 'delivered'],
      [test.body.id, 'delivered'],
    ]);
    expect((await admin('POST', `/${endpoint.id}/deliveries/999999/resend`)).status).toBe(404);
    const other = await createEndpoint({ events: ['post.published'] });
    expect((await admin('POST', `/${other.id}/deliveries/${test.body.id}/resend`)).status).toBe(404);
  });

  it('keeps the newest 100 deliveries of an endpoint', async () => {
    const endpoint = await createEndpoint({ events: ['post.published'] });
    for (let index = 0; index < 105; index += 1) await admin('POST', `/${endpoint.id}/test`);
    await t.deps.jobs.whenIdle();
    const count = await t.handle.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('endpoint_id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(100);
  });
});

describe('one delivery in flight per endpoint', () => {
  it('waits while another holds the endpoint, then goes', async () => {
    const endpoint = await createEndpoint({ events: ['post.published'] });
    const start = startClock();
    // Another server is sending to this endpoint until start + 30.
    await t.handle.db.updateTable('webhook_endpoints').set({ sending_delivery: 999_999, sending_until: start + 30 }).where('id', '=', endpoint.id).execute();
    await admin('POST', `/${endpoint.id}/test`);
    await runAt(start);
    await runAt(start + 10);
    expect(receiver.received).toEqual([]);
    await runAt(start + 31);
    expect(receiver.received).toHaveLength(1);
  });

  it("takes over a claimed delivery whose server died, and sends it once with the same webhook-id", async () => {
    const endpoint = await createEndpoint({ events: ['post.published'] });
    const start = startClock();
    // An event queued in its change's transaction, not yet run here.
    await t.handle.db.transaction().execute((trx) => t.services.webhooks.emit(trx, 'post.published', { id: 1 }));
    const [queued] = await deliveriesOf(endpoint.id);
    if (!queued) throw new Error('no delivery was queued');
    // A server claimed its job and its endpoint's turn, then died mid-send.
    const claimed = await claimJobs(t.handle.db, t.handle.engine, { worker: 'dead-server', kinds: ['webhook-delivery'], limit: 10, leaseSeconds: 30, now: start });
    expect(claimed).toHaveLength(1);
    await t.handle.db.updateTable('webhook_endpoints').set({ sending_delivery: queued.id, sending_until: start + 30 }).where('id', '=', endpoint.id).execute();
    await runAt(start + 10);
    expect(receiver.received).toEqual([]);
    await runAt(start + 31);
    expect(receiver.received.map((request) => request.id)).toEqual([queued.message_id]);
    await runAt(start + 100);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

describe('an endpoint failing for 5 days', () => {
  it('is turned off and its owner mailed; turned back on, it is sent to again', async () => {
    const endpoint = await createEndpoint({ events: ['post.published'] });
    receiver.answer = () => 500;
    const start = startClock();
    await admin('POST', `/${endpoint.id}/test`);
    await runAt(start);
    expect((await endpointsNow())[0]).toMatchObject({ enabled: true, failing_since: start });
    // Days of retries and new events, all failing.
    for (let day = 1; day < 5; day += 1) {
      await admin('POST', `/${endpoint.id}/test`);
      await runAt(start + day * 86400);
    }
    expect((await endpointsNow())[0]?.enabled).toBe(true);
    await admin('POST', `/${endpoint.id}/test`);
    await runAt(start + 5 * 86400);
    const [off] = await endpointsNow();
    expect(off).toMatchObject({ enabled: false, disabled_reason: 'Turned off after 5 days of failed deliveries' });
    vi.useRealTimers();
    const turnedOff = async () => (await sink.waitForMailsTo('owner-notices@example.com', 1)).filter((mail) => mail.parsed.subject === 'A webhook endpoint was turned off');
    const until = Date.now() + 5000;
    while ((await turnedOff()).length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    const mails = await turnedOff();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.parsed.text).toContain(receiver.url);

    const sent = receiver.received.length;
    await createPost(t);
    await t.deps.jobs.whenIdle();
    expect(receiver.received).toHaveLength(sent);
    expect((await admin('POST', `/${endpoint.id}/test`)).status).toBe(409);

    receiver.answer = () => 204;
    const on = await admin('PUT', `/${endpoint.id}`, { url: receiver.url, events: ['post.published'], enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await createPost(t);
    await t.deps.jobs.whenIdle();
    expect(receiver.ofType('post.published')).toHaveLength(1);
  });
});

describe('without WEBHOOKS_ALLOW_PRIVATE', () => {
  let strict: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    strict = await createTestApp();
    production = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://showcase.example' } });
  });
  afterAll(async () => {
    await strict?.close();
    await production?.close();
  });

  it('refuses an endpoint on 127.0.0.1, and one stored before is refused at the attempt', async () => {
    const call = adminCalls(() => strict, { prefix: '/admin/webhooks' });
    for (const url of [receiver.url, 'http://localhost:9/hooks', 'https://[::1]/hooks', 'https://169.254.169.254/latest']) {
      const refused = await call('POST', '', { url, events: ['post.published'] });
      expect(refused.status, url).toBe(400);
      expect(refused.body.message).toMatch(/^Endpoint URL is a private or local address/);
    }
    expect((await call('GET', '')).body.endpoints).toEqual([]);

    // One stored when the address was public (or its name now resolves to loopback) is refused at the attempt.
    const created = await call('POST', '', { url: 'https://hooks.example.com/in', events: ['post.published'] });
    expect(created.status).toBe(201);
    await strict.handle.db.updateTable('webhook_endpoints').set({ url: receiver.url }).where('id', '=', created.body.id).execute();
    await call('POST', `/${created.body.id}/test`);
    await strict.deps.jobs.whenIdle();
    expect(receiver.received).toEqual([]);
    const [delivery] = (await call('GET', `/${created.body.id}/deliveries`)).body.deliveries;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(delivery.error).toMatch(/private or local address/);
  });

  it('refuses plain http and 127.0.0.1 in production', async () => {
    const call = adminCalls(() => production, { prefix: '/admin/webhooks' });
    const plain = await call('POST', '', { url: 'http://hooks.example.com/in', events: ['post.published'] });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe('Endpoint URL must start with https://');
    const local = await call('POST', '', { url: 'https://127.0.0.1/hooks', events: ['post.published'] });
    expect(local.status).toBe(400);
    expect(local.body.message).toMatch(/private or local address/);
    expect((await call('POST', '', { url: 'https://hooks.example.com/in', events: ['post.published'] })).status).toBe(201);
  });
});

describe('without double opt-in', () => {
  let single: TestApp;
  beforeAll(async () => {
    single = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true', NEWSLETTER_DOUBLE_OPT_IN: 'false' } });
  });
  afterAll(async () => {
    await single?.close();
  });

  it('tells of a subscriber confirmed by the signup itself, once', async () => {
    const call = adminCalls(() => single, { prefix: '/admin/webhooks' });
    const endpoint = (await call('POST', '', { url: receiver.url, events: ['subscriber.confirmed'] })).body;
    const email = uniqueEmail('webhook.single');
    expect((await single.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() })).status).toBe(201);
    expect((await single.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() })).status).toBe(409);
    await single.deps.jobs.whenIdle();
    const confirmed = receiver.ofType('subscriber.confirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0] && receiver.verifies(confirmed[0], endpoint.secret)).toBe(true);
    expect(Object.keys(confirmed[0]?.event.data ?? {})).toEqual(['id']);
  });
});


import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardJson, DashboardRevenueJson } from '../../common/answers.ts';
import { listRecentCompletedPayments } from '../../server/db/queries/payments.ts';
import { settleTestCheckout } from '../../server/services/sponsors/payments.ts';
import { dashboardService } from '../../server/services/site/dashboard.ts';
import { weekStartOf } from '../../common/site-time.ts';
import { siteProfileService } from '../../server/services/site/site-profile.ts';
import { insertPayment, type PaymentValues } from '../helpers/payments.ts';
import { freshIp, useTestApp, type TestApp } from '../helpers/test-app.ts';

const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = await t.adminToken();
});

const dashboard = () => t.request('GET', '/admin/dashboard', { token });

describe('GET /api/admin/dashboard', () => {
  it('counts every post, contact message, paid sponsored submission and active subscriber, drafts and read ones included, and pending subscribers apart', async () => {
    const before = (await dashboard()).body;

    const draft = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'Draft count', slug: `draft-count-${Date.now()}`, content: 'Body', status: 'draft' },
    });
    expect(draft.status).toBe(201);
    const message = await t.request('POST', '/submissions/contact', {
      ip: freshIp(),
      body: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    });
    expect(message.status).toBe(201);
    const read = await t.request('PATCH', `/admin/submissions/contact/${message.body.id}`, {
      token,
      body: { status: 'read', version: 1 },
    });
    expect(read.status).toBe(200);
    const submission = await t.request('POST', '/submissions/sponsored', {
      ip: freshIp(),
      body: {
        project_name: 'Counted',
        project_url: 'https://example.com/counted',
        contact_name: 'Grace',
        contact_email: 'grace@example.com',
        terms_accepted: true,
      },
    });
    expect(submission.status).toBe(201);
    // Paid through the test checkout: counted. The request above without payment is not.
    const checkout = await t.request('POST', '/payments/create-checkout', {
      ip: freshIp(),
      body: {
        project_name: 'Counted and paid',
        project_url: 'https://example.com/counted-and-paid',
        contact_name: 'Grace',
        contact_email: 'grace@example.com',
        terms_accepted: true,
      },
    });
    expect(checkout.status).toBe(201);
    await settleTestCheckout(t.deps, checkout.body.session_id, 'pay');
    // An abandoned checkout is not counted either.
    const abandoned = await t.request('POST', '/payments/create-checkout', {
      ip: freshIp(),
      body: {
        project_name: 'Abandoned',
        project_url: 'https://example.com/abandoned',
        contact_name: 'Grace',
        contact_email: 'grace@example.com',
        terms_accepted: true,
      },
    });
    expect(abandoned.status).toBe(201);
    const subscriberEmail = `count.${Date.now()}@example.com`;
    const subscriber = await t.request('POST', '/submissions/newsletter', { ip: freshIp(), body: { email: subscriberEmail } });
    expect(subscriber.status).toBe(201);

    const after = await dashboard();
    expect(after.status).toBe(200);
    expect(after.headers.get('cache-control')).toBe('no-store');
    expect(after.body).toMatchObject({
      posts: before.posts + 1,
      contact_messages: before.contact_messages + 1,
      sponsored_submissions: before.sponsored_submissions + 1,
      // Waiting for its confirmation link: pending, not yet a subscriber an issue would reach.
      subscribers: before.subscribers,
      subscribers_pending: before.subscribers_pending + 1,
    });
    // Once confirmed, it counts.
    await t.handle.db.updateTable('newsletter_subscribers').set({ status: 'active' }).where('email', '=', subscriberEmail).execute();
    expect((await dashboard()).body).toMatchObject({ subscribers: before.subscribers + 1, subscribers_pending: before.subscribers_pending });
  });

  it('refuses a caller without a token with 401 and a member with 403', async () => {
    const anonymous = await t.request('GET', '/admin/dashboard');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });

    await t.createUserWithRole('dashboard-member@example.com', 'member-password-1', 'member');
    const member = await t.login('dashboard-member@example.com', 'member-password-1');
    const refused = await t.request('GET', '/admin/dashboard', { token: member.access_token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'FORBIDDEN', message: 'You need admin privileges to access this area.' });
  });
});

const WEEK = 7 * 24 * 60 * 60;

/** A submission with one payment, straight into the tables: the test chooses when it completed. */
async function paymentAt(
  completedAt: number | null,
  values: PaymentValues,
  app: TestApp = t,
): Promise<number> {
  return insertPayment(app, completedAt, values);
}

describe('the dashboard revenue', () => {
  it('gives 12 weeks from Monday 00:00 UTC, oldest first, zero-filled, summing completed payments only', async () => {
    const now = Math.floor(Date.now() / 1000);
    const thisWeek = weekStartOf(now);
    const firstWeek = thisWeek - 11 * WEEK;
    const before = (await dashboard()).body.revenue as DashboardRevenueJson;

    await paymentAt(now, { amount: 5000 });
    await paymentAt(thisWeek, { amount: 700 });
    // Last second of the week before: counted there, not in this one.
    await paymentAt(thisWeek - 1, { amount: 300 });
    await paymentAt(firstWeek, { amount: 1100 });
    // Just before the 12 weeks: left out.
    await paymentAt(firstWeek - 1, { amount: 99_000 });
    // Refunded, failed and pending payments are no revenue.
    await paymentAt(now, { amount: 80_000, status: 'refunded' });
    await paymentAt(now, { amount: 80_000, status: 'failed' });
    await paymentAt(null, { amount: 80_000, status: 'pending' });
    // Another provider's (a checkout of the other mode) or another currency's do not mix in.
    await paymentAt(now, { amount: 80_000, provider: 'stripe' });
    await paymentAt(now, { amount: 80_000, currency: 'zzz' });

    const answer = await dashboard();
    expect(answer.status).toBe(200);
    const revenue = answer.body.revenue as DashboardRevenueJson;
    expect(revenue.weeks).toHaveLength(12);
    expect(revenue.weeks.map((week) => week.start)).toEqual(Array.from({ length: 12 }, (_, index) => firstWeek + index * WEEK));
    expect(new Date((revenue.weeks[0]?.start ?? 0) * 1000).getUTCDay()).toBe(1);
    expect(revenue.currency).toBe(t.deps.config.SPONSORED_CURRENCY.toUpperCase());
    // The test app takes simulated payments: the chart says so.
    expect(revenue.payment_mode).toBe('test');
    const added = revenue.weeks.map((week, index) => week.amount_cents - (before.weeks[index]?.amount_cents ?? 0));
    expect(added).toEqual([1100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 300, 5700]);
    const payments = revenue.weeks.map((week, index) => week.payments - (before.weeks[index]?.payments ?? 0));
    expect(payments).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2]);
  });

  // SQLite keeps whatever number it is given; a PostgreSQL bigint takes whole seconds only.
  it.skipIf(process.env.TEST_DB === 'postgres')('sums payments at fractional seconds into their whole week (SQLite only: PostgreSQL stores whole seconds)', async () => {
    const thisWeek = weekStartOf(Math.floor(Date.now() / 1000));
    const before = (await dashboard()).body.revenue as DashboardRevenueJson;
    await paymentAt(thisWeek + 0.5, { amount: 200 });
    await paymentAt(thisWeek + 3600.25, { amount: 400 });
    await paymentAt(thisWeek - 0.5, { amount: 800 });
    const after = (await dashboard()).body.revenue as DashboardRevenueJson;
    const added = after.weeks.map((week, index) => week.amount_cents - (before.weeks[index]?.amount_cents ?? 0));
    expect(added.slice(-2)).toEqual([800, 600]);
    expect((after.weeks[11]?.payments ?? 0) - (before.weeks[11]?.payments ?? 0)).toBe(2);
  });

  it('counts real payments only once the site takes them through Stripe', async () => {
    const stripe = dashboardService({ ...t.deps, payments: { ...t.deps.payments, name: 'stripe' } }, siteProfileService(t.deps));
    const before = (await stripe.overview('owner')).revenue as DashboardRevenueJson;
    await paymentAt(Math.floor(Date.now() / 1000), { amount: 2500, provider: 'stripe' });
    await paymentAt(Math.floor(Date.now() / 1000), { amount: 4000 });
    const after = (await stripe.overview('owner')).revenue as DashboardRevenueJson;
    expect(after.payment_mode).toBe('stripe');
    expect((after.weeks[11]?.amount_cents ?? 0) - (before.weeks[11]?.amount_cents ?? 0)).toBe(2500);
  });

  it('puts Monday 00:00 UTC at the start of every week', () => {
    // 2026-11-25 was a Wednesday.
    expect(weekStartOf(Date.UTC(2026, 10, 25, 15, 30) / 1000)).toBe(Date.UTC(2026, 10, 23) / 1000);
    expect(weekStartOf(Date.UTC(2026, 10, 23) / 1000)).toBe(Date.UTC(2026, 10, 23) / 1000);
    expect(weekStartOf(Date.UTC(2026, 10, 22, 23, 59, 59) / 1000)).toBe(Date.UTC(2026, 10, 16) / 1000);
  });
});

describe('the dashboard activity, by role', () => {
  // An app of its own: the payments above share one second and would crowd the ten lines.
  const t = useTestApp();
  let token: string;
  beforeAll(async () => {
    token = await t.adminToken();
  });
  const dashboard = () => t.request('GET', '/admin/dashboard', { token });

  it('lists the latest events newest first, at most 10, and an editor sees posts and resources only', async () => {
    await t.createUserWithRole('dashboard-editor@example.com', 'editor-password-1', 'editor');
    const editor = (await t.login('dashboard-editor@example.com', 'editor-password-1')).access_token;
    const stamp = Date.now();
    const post = await t.request('POST', '/admin/posts', {
      token,
      body: { title: `Activity post ${stamp}`, slug: `activity-post-${stamp}`, content: 'Body', status: 'draft' },
    });
    expect(post.status).toBe(201);
    const resource = await t.request('POST', '/admin/resources', {
      token,
      body: { title: `Activity resource ${stamp}`, slug: `activity-resource-${stamp}`, content: 'Body', status: 'draft' },
    });
    expect(resource.status).toBe(201);
    const message = await t.request('POST', '/submissions/contact', {
      ip: freshIp(),
      body: { name: `Activity sender ${stamp}`, email: 'sender@example.com', message: 'Hello' },
    });
    expect(message.status).toBe(201);
    const subscriber = await t.request('POST', '/submissions/newsletter', { ip: freshIp(), body: { email: `activity.${stamp}@example.com` } });
    expect(subscriber.status).toBe(201);
    const paid = await paymentAt(Math.floor(Date.now() / 1000) + 5, { amount: 1000, project: `Activity project ${stamp}` }, t);

    const owner = (await dashboard()).body as DashboardJson;
    expect(owner.activity.length).toBeLessThanOrEqual(10);
    const times = owner.activity.map((event) => event.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(owner.activity[0]).toMatchObject({ kind: 'sponsored_payment', id: paid, label: `Activity project ${stamp}` });
    const labels = owner.activity.map((event) => event.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        `Activity post ${stamp}`,
        `Activity resource ${stamp}`,
        `Activity sender ${stamp}`,
        `activity.${stamp}@example.com`,
      ]),
    );
    expect(owner.activity.find((event) => event.label === `Activity post ${stamp}`)).toMatchObject({ kind: 'post', created: true });

    const editorView = await t.request('GET', '/admin/dashboard', { token: editor });
    expect(editorView.status).toBe(200);
    const body = editorView.body as DashboardJson;
    expect(Object.keys(body).sort()).toEqual(['activity', 'posts']);
    expect(body.activity.length).toBeGreaterThan(0);
    expect(new Set(body.activity.map((event) => event.kind))).toEqual(new Set(['post', 'resource']));
  });

  it('orders events of the same second by kind, then newest id, and gives each message and payment its list tab', async () => {
    const stamp = Date.now();
    // A second after everything else in this app, shared by every event below.
    const second = Math.floor(stamp / 1000) + 1000;
    const sendMessage = async (name: string) => {
      const sent = await t.request('POST', '/submissions/contact', {
        ip: freshIp(),
        body: { name, email: 'same-second@example.com', message: 'Hello' },
      });
      expect(sent.status).toBe(201);
      const row = await t.deps.db.selectFrom('contact_submissions').select('id').where('name', '=', name).executeTakeFirstOrThrow();
      await t.deps.db.updateTable('contact_submissions').set({ created_at: second }).where('id', '=', row.id).execute();
      return row.id;
    };
    const subscribed = await t.request('POST', '/submissions/newsletter', { ip: freshIp(), body: { email: `same.${stamp}@example.com` } });
    expect(subscribed.status).toBe(201);
    await t.deps.db.updateTable('newsletter_subscribers').set({ subscribed_at: second }).where('email', '=', `same.${stamp}@example.com`).execute();
    const firstMessage = await sendMessage(`Same-second sender A ${stamp}`);
    const secondMessage = await sendMessage(`Same-second sender B ${stamp}`);
    await t.deps.db.updateTable('contact_submissions').set({ status: 'read' }).where('id', '=', firstMessage).execute();
    const toReview = await paymentAt(second, { amount: 1000, project: `Same-second to review ${stamp}` }, t);
    const approved = await paymentAt(second, { amount: 1000, project: `Same-second approved ${stamp}` }, t);
    await t.deps.db.updateTable('sponsored_submissions').set({ status: 'approved' }).where('id', '=', approved).execute();
    // Completed without a time: no event (PostgreSQL would sort its NULL first).
    await paymentAt(null, { amount: 1000, project: `Same-second untimed ${stamp}` }, t);

    const [newest] = await listRecentCompletedPayments(t.deps.db, 1);
    expect(newest && Number(newest.completed_at)).toBe(second);
    const events = ((await dashboard()).body as DashboardJson).activity.slice(0, 5);
    expect(events.map(({ kind, id, tab, at }) => ({ kind, id, tab, at }))).toEqual([
      { kind: 'sponsored_payment', id: approved, tab: 'approved', at: second },
      { kind: 'sponsored_payment', id: toReview, tab: 'to_review', at: second },
      { kind: 'contact_message', id: secondMessage, tab: 'new', at: second },
      { kind: 'contact_message', id: firstMessage, tab: 'read', at: second },
      { kind: 'subscriber', id: expect.any(Number) as number, tab: undefined, at: second },
    ]);
  });

  it('gives an administrator the revenue and every kind of event', async () => {
    await t.createUserWithRole('dashboard-admin@example.com', 'admin-password-1', 'admin');
    const admin = (await t.login('dashboard-admin@example.com', 'admin-password-1')).access_token;
    const answer = await t.request('GET', '/admin/dashboard', { token: admin });
    expect(answer.status).toBe(200);
    expect((answer.body as DashboardJson).revenue?.weeks).toHaveLength(12);
  });
});

describe('GET /api/admin/me: the site name, for the back office titles', () => {
  it('is the saved site name, today\'s while none is saved', async () => {
    await t.createUserWithRole('greeting-editor@example.com', 'editor-password-1', 'editor');
    const { access_token } = await t.login('greeting-editor@example.com', 'editor-password-1');
    const me = await t.request('GET', '/admin/me', { token: access_token });
    expect(me.status).toBe(200);
    expect(me.body.site_name).toBe('Crowdfunding Showcase');
  });
});

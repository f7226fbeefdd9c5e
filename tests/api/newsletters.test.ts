/**
 * Newsletter issues through the API, sent to a real SMTP server started by
 * the test: composing with versions, preview, test sends, sending with the
 * RFC 8058 headers and per-recipient links, bounces (5xx), retries (4xx),
 * scheduling and cancelling, posts that are not live left out when the
 * sending starts, and issues that would reach nobody. Runs on SQLite and on
 * PostgreSQL.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeLinks } from '../../server/newsletter/unsubscribe-links.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { uniqueEmail } from '../helpers/emails.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { createPost } from '../helpers/posts.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const SITE = 'https://showcase.example';

let sink: SmtpSink;
let t: TestApp;
let token: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    env: {
      SMTP_URL: sink.url,
      PUBLIC_URL: SITE,
      MAIL_FROM: '"Showcase" <news@showcase.example>',
      NEWSLETTER_DOUBLE_OPT_IN: 'false',
      NEWSLETTER_RATE_PER_SECOND: '0',
    },
    newsletterSenderOptions: { retryDelaySeconds: 1, sliceMs: 2_000 },
  });
  token = await t.adminToken();
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let counter = 0;

const admin = adminCalls(() => t, { prefix: '/admin/newsletters' });

async function subscribe(email: string): Promise<number> {
  const response = await t.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() });
  expect(response.status).toBe(201);
  return response.body.id;
}

/** A published post with a cover, named `title`, for an issue to carry. */
const createPick = (title: string, overrides: Record<string, unknown> = {}) =>
  createPost(t, {
    title,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    content: `About ${title}.`,
    excerpt: `${title} in one line.`,
    cover_image: '/uploads/2026/11/cover.jpg',
    ...overrides,
  });

async function createIssue(overrides: Record<string, unknown> = {}) {
  const response = await admin('POST', '', { subject: `Issue ${++counter}`, intro: 'Hello **readers**.', ...overrides });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Runs the background work until the issue reaches `status` (retries come due a second later). */
async function waitForStatus(id: number, status: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await t.deps.jobs.whenIdle();
    const issue = (await admin('GET', `/${id}`)).body;
    if (issue.status === status) return issue;
    if (Date.now() > until) throw new Error(`issue ${id} is ${issue.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The number of an issue's counted link to `url`. */
const linkNoOf = async (issueId: number, url: string) =>
  (
    await t.handle.db
      .selectFrom('newsletter_links')
      .select('link_no')
      .where('issue_id', '=', issueId)
      .where('url', '=', url)
      .executeTakeFirstOrThrow()
  ).link_no;

const subscriberOf = async (email: string) =>
  (
    await t.handle.db
      .selectFrom('newsletter_subscribers')
      .select(['unsubscribe_token_hash', 'status', 'id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  );

describe('composing an issue', () => {
  it('refuses the back office API without a token', async () => {
    expect((await t.request('GET', '/admin/newsletters')).status).toBe(401);
  });

  it('creates a draft, lists it, and saves edits made on the current version only', async () => {
    const created = await createIssue({ subject: 'November picks', preheader: 'Five campaigns' });
    expect(created).toMatchObject({
      status: 'draft',
      slug: 'november-picks',
      version: 1,
      recipients: 0,
      sent: 0,
      failed: 0,
      pending: 0,
      sent_at: null,
    });
    const list = await admin('GET', '');
    expect(list.body.delivery).toBe('smtp');
    expect(list.body.issues.map((issue: { id: number }) => issue.id)).toContain(created.id);

    const saved = await admin('PUT', `/${created.id}`, { subject: 'November picks', intro: 'New intro', version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ intro: 'New intro', version: 2 });

    const stale = await admin('PUT', `/${created.id}`, { subject: 'Stale', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('VERSION_CONFLICT');
    expect((await admin('GET', `/${created.id}`)).body.subject).toBe('November picks');
  });

  it('gives a second issue of the same subject a slug of its own', async () => {
    const first = await createIssue({ subject: 'Weekly roundup' });
    const second = await createIssue({ subject: 'Weekly roundup' });
    expect(second.slug).not.toBe(first.slug);
    expect(second.slug).toMatch(/^weekly-roundup-\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const empty = await admin('POST', '', { subject: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Subject is required');
    for (const subject of ['Monthly\r\nBcc: everyone@example.com', 'Monthly\u0085picks', 'Monthly\u0000']) {
      const broken = await admin('POST', '', { subject });
      expect(broken.status).toBe(400);
      expect(broken.body.error).toBe('VALIDATION_FAILED');
      expect(broken.body.message).toContain('Subject must be a single line, without line breaks or control characters');
    }
    const repeated = await admin('POST', '', { subject: 'Twice', post_ids: [1, 1] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.message).toContain('only once');
    const tests = await admin('POST', '/999999/test', { emails: ['not-an-address'] });
    expect(tests.status).toBe(400);
    expect((await admin('GET', '/999999')).status).toBe(404);
  });

  it('previews the mail with absolute addresses, a table layout and a plain-text part', async () => {
    const post = await createPick(`Preview campaign ${++counter}`);
    const response = await admin('POST', '/preview', {
      subject: 'Preview issue',
      preheader: 'A look ahead',
      intro: 'See [our guide](/resources) and <script>alert(1)</script>',
      post_ids: [post.id],
    });
    expect(response.status).toBe(200);
    const { html, text, subject } = response.body;
    expect(subject).toBe('Preview issue');
    expect(html).toContain('<table');
    expect(html).toContain(`href="${SITE}/resources"`);
    expect(html).toContain(`href="${SITE}/${post.slug}"`);
    expect(html).toContain(`src="${SITE}/uploads/2026/11/cover.jpg"`);
    expect(html).toContain('A look ahead');
    expect(html).not.toContain('<script');
    expect(text.toLowerCase()).toContain('preview issue');
    expect(text).toContain(post.slug);
    expect(text).toContain(`Unsubscribe: ${SITE}/newsletter/unsubscribe`);
  });

  it("names the owner's site in the footer, as saved in the site settings", async () => {
    const before = (await admin('POST', '/preview', { subject: 'Footer', post_ids: [] })).body;
    expect(before.text).toContain('subscribed to the Crowdfunding Showcase newsletter');

    const settings = await t.request<Record<string, unknown>>('GET', '/admin/settings/site', { token });
    const { privacy_policy_updated: _p, terms_updated: _t, ...values } = settings.body;
    const renamed = { ...values, site_name: 'Backer Digest' };
    expect((await t.request('PUT', '/admin/settings/site', { token, body: renamed })).status).toBe(200);
    try {
      const after = (await admin('POST', '/preview', { subject: 'Footer', post_ids: [] })).body;
      expect(after.text).toContain('subscribed to the Backer Digest newsletter');
      expect(after.html).not.toContain('Crowdfunding Showcase');
    } finally {
      const current = await t.request<{ version: number }>('GET', '/admin/settings/site', { token });
      await t.request('PUT', '/admin/settings/site', {
        token,
        body: { ...values, version: current.body.version, site_name: 'Crowdfunding Showcase' },
      });
    }
  });

  it('labels a sponsored post in the mail', async () => {
    const paid = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'Paid pick', slug: `paid-pick-${++counter}`, content: 'Text', status: 'published', category_ids: [], sponsored: true },
    });
    const free = await createPick(`Free pick ${++counter}`);
    const { html, text } = (await admin('POST', '/preview', { subject: 'Labels', post_ids: [paid.body.id, free.id] })).body;
    expect(html.match(/>Sponsored</g)).toHaveLength(1);
    expect(text).toMatch(/SPONSORED|Sponsored/);
    expect(html.indexOf('Sponsored')).toBeLessThan(html.indexOf('Paid pick'));
  });

  it('deletes drafts only', async () => {
    const draft = await createIssue();
    expect((await admin('DELETE', `/${draft.id}`)).status).toBe(204);
    expect((await admin('GET', `/${draft.id}`)).status).toBe(404);
  });
});

describe('sending an issue', () => {
  it('sends a test to the given addresses, marked [Test], and counts it nowhere', async () => {
    const issue = await createIssue({ subject: 'Test me' });
    const before = sink.messages.length;
    const response = await admin('POST', `/${issue.id}/test`, { emails: ['editor@example.com', 'owner@example.com'] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ sent: 2, delivery: 'smtp' });
    await sink.waitFor(before + 2);
    const tests = sink.messages.slice(before);
    expect(tests.map((mail) => mail.parsed.subject)).toEqual(['[Test] Test me', '[Test] Test me']);
    const after = (await admin('GET', `/${issue.id}`)).body;
    expect(after).toMatchObject({ status: 'draft', recipients: 0, sent: 0 });
  });

  it('sends once to every active subscriber, with one-click unsubscribe headers and links', async () => {
    const post = await createPick(`Sent campaign ${++counter}`);
    const readers = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    for (const email of readers) await subscribe(email);
    const gone = uniqueEmail('gone');
    await subscribe(gone);
    await t.handle.db.updateTable('newsletter_subscribers').set({ status: 'unsubscribed' }).where('email', '=', gone).execute();

    const issue = await createIssue({ subject: 'The big one', post_ids: [post.id], closing: 'See you soon.' });
    const response = await admin('POST', `/${issue.id}/send`);
    expect(response.status).toBe(202);
    expect(response.body.status).toBe('sending');
    expect(response.body.recipients).toBeGreaterThanOrEqual(3);

    const done = await waitForStatus(issue.id, 'sent');
    expect(done.sent).toBe(done.recipients);
    expect(done).toMatchObject({ failed: 0, pending: 0, sent_at: expect.any(Number) });
    expect(sink.to(gone).filter((mail) => mail.parsed.subject === 'The big one')).toHaveLength(0);

    for (const email of readers) {
      const mails = sink.to(email).filter((mail) => mail.parsed.subject === 'The big one');
      const [mail, ...others] = mails;
      expect(others).toHaveLength(0);
      if (!mail) throw new Error(`no issue mail to ${email}`);
      const subscriber = await subscriberOf(email);
      // The link names its subscriber, sealed; nothing stored works as one.
      const unsubscribeUrl = /^<(.+)>$/.exec(mail.header('List-Unsubscribe') ?? '')?.[1] ?? '';
      const token = new URL(unsubscribeUrl).searchParams.get('token') ?? '';
      expect(unsubscribeUrl).toBe(`${SITE}/newsletter/unsubscribe?token=${token}`);
      expect(unsubscribeLinks(t.deps.totpEncryptionKey).subscriberIdOf(token)).toBe(subscriber.id);
      expect(subscriber.unsubscribe_token_hash).toBeNull();
      expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.header('Message-ID')).toBe(`<newsletter-${issue.id}-${subscriber.id}@showcase.example>`);
      expect(mail.parsed.html).toContain(`href="${unsubscribeUrl}"`);
      expect(mail.parsed.text).toContain(unsubscribeUrl);
      // The web version and the post are behind the issue's counted links (decision 067).
      expect(mail.parsed.html).toContain(`href="${SITE}/n/${issue.id}/${await linkNoOf(issue.id, `${SITE}/newsletter/${issue.slug}`)}"`);
      expect(mail.parsed.html).toContain(`href="${SITE}/n/${issue.id}/${await linkNoOf(issue.id, `${SITE}/${post.slug}`)}"`);
      expect(mail.parsed.from?.text).toContain('news@showcase.example');
    }

    // Sent means sent: it cannot be edited, sent again or deleted.
    expect((await admin('POST', `/${issue.id}/send`)).status).toBe(409);
    expect((await admin('PUT', `/${issue.id}`, { subject: 'Again', version: done.version })).status).toBe(409);
    expect((await admin('DELETE', `/${issue.id}`)).status).toBe(409);
  });

  it('marks an address the server refuses for good (5xx) as bounced, and retries one refused for now (4xx)', async () => {
    const bouncing = uniqueEmail('bounce');
    const busy = uniqueEmail('busy');
    await subscribe(bouncing);
    await subscribe(busy);
    sink.setRecipientRule((address, attempt) => {
      if (address === bouncing) return { code: 550, message: 'No such user here' };
      if (address === busy && attempt === 1) return { code: 451, message: 'Try again later' };
      return undefined;
    });
    try {
      const issue = await createIssue({ subject: 'Bounces and retries' });
      expect((await admin('POST', `/${issue.id}/send`)).status).toBe(202);
      const done = await waitForStatus(issue.id, 'sent');
      expect(done.failed).toBe(1);
      expect(done.sent).toBe(done.recipients - 1);
      expect(sink.to(busy).filter((mail) => mail.parsed.subject === 'Bounces and retries')).toHaveLength(1);
      expect((await subscriberOf(bouncing)).status).toBe('bounced');
      expect((await subscriberOf(busy)).status).toBe('active');

      // Nothing more goes to a bounced address.
      const next = await createIssue({ subject: 'After the bounce' });
      await admin('POST', `/${next.id}/send`);
      await waitForStatus(next.id, 'sent');
      const recipients = await t.handle.db
        .selectFrom('newsletter_deliveries')
        .select('subscriber_id')
        .where('issue_id', '=', next.id)
        .execute();
      expect(recipients.map((row) => row.subscriber_id)).not.toContain((await subscriberOf(bouncing)).id);
    } finally {
      sink.setRecipientRule(undefined);
    }
  });

  it('schedules an issue and sends it when its time comes', async () => {
    const issue = await createIssue({ subject: 'Scheduled issue' });
    const at = Math.floor(Date.now() / 1000) + 2;
    const scheduled = await admin('POST', `/${issue.id}/send`, { scheduled_at: at });
    expect(scheduled.status).toBe(202);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduled_at: at, recipients: 0 });
    await t.deps.jobs.whenIdle();
    expect((await admin('GET', `/${issue.id}`)).body.status).toBe('scheduled');
    const done = await waitForStatus(issue.id, 'sent');
    expect(done.sent).toBeGreaterThan(0);
    expect(done.started_at).toBeGreaterThanOrEqual(at);
  });

  it('cancels a scheduled issue: nothing goes out', async () => {
    const issue = await createIssue({ subject: 'Never sent' });
    await admin('POST', `/${issue.id}/send`, { scheduled_at: Math.floor(Date.now() / 1000) + 1 });
    const cancelled = await admin('POST', `/${issue.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await t.deps.jobs.whenIdle();
    expect((await admin('GET', `/${issue.id}`)).body).toMatchObject({ status: 'cancelled', recipients: 0 });
    expect(sink.messages.filter((mail) => mail.parsed.subject === 'Never sent')).toHaveLength(0);
    expect((await admin('POST', `/${issue.id}/cancel`)).status).toBe(409);
  });
});

describe('posts that are not live when the sending starts', () => {
  const mailsOf = (subject: string) => sink.messages.filter((mail) => mail.parsed.subject === subject);

  it('are left out of the preview, which names them', async () => {
    const live = await createPick(`Preview live ${++counter}`);
    const draft = await createPick(`Preview draft ${++counter}`, { status: 'draft' });
    const later = await createPick(`Preview later ${++counter}`, { published_at: Math.floor(Date.now() / 1000) + 86_400 });
    const response = await admin('POST', '/preview', { subject: 'Preview rule', post_ids: [live.id, draft.id, later.id] });
    expect(response.status).toBe(200);
    expect(response.body.left_out).toEqual([draft.title, later.title]);
    expect(response.body.html).toContain(live.title);
    for (const hidden of [draft, later]) {
      expect(response.body.html).not.toContain(hidden.title);
      expect(response.body.html).not.toContain(hidden.slug);
      expect(response.body.text).not.toContain(hidden.title);
    }
  });

  it('are left out of an issue sent now, which names them', async () => {
    await subscribe(uniqueEmail('now'));
    const live = await createPick(`Now live ${++counter}`);
    const draft = await createPick(`Now draft ${++counter}`, { status: 'draft' });
    const later = await createPick(`Now later ${++counter}`, { published_at: Math.floor(Date.now() / 1000) + 86_400 });
    const issue = await createIssue({ subject: `Sent without drafts ${counter}`, post_ids: [draft.id, live.id, later.id] });
    const response = await admin('POST', `/${issue.id}/send`);
    expect(response.status).toBe(202);
    expect(response.body.left_out).toEqual([
      { id: draft.id, title: draft.title },
      { id: later.id, title: later.title },
    ]);
    const done = await waitForStatus(issue.id, 'sent');
    expect(done.left_out).toHaveLength(2);
    // The chosen posts stay as chosen; only the sending left some out.
    expect(done.post_ids).toEqual([draft.id, live.id, later.id]);
    const mails = mailsOf(issue.subject);
    expect(mails.length).toBe(done.sent);
    for (const mail of mails) {
      expect(mail.parsed.html).toContain(live.title);
      expect(mail.parsed.text).toContain(`${SITE}/n/${issue.id}/${await linkNoOf(issue.id, `${SITE}/${live.slug}`)}`);
      for (const hidden of [draft, later]) {
        expect(mail.parsed.html).not.toContain(hidden.title);
        expect(mail.parsed.text).not.toContain(hidden.slug);
      }
    }
  });

  it('are left out of a scheduled issue: a post back in draft, and a draft or scheduled post added after scheduling', async () => {
    await subscribe(uniqueEmail('scheduled'));
    const kept = await createPick(`Kept live ${++counter}`);
    const unpublished = await createPick(`Back to draft ${++counter}`);
    const issue = await createIssue({ subject: `Scheduled without drafts ${counter}`, post_ids: [kept.id, unpublished.id] });
    const at = Math.floor(Date.now() / 1000) + 2;
    expect((await admin('POST', `/${issue.id}/send`, { scheduled_at: at })).status).toBe(202);

    // After scheduling: a post goes back to draft, and a draft and a scheduled post are added.
    await t.handle.db.updateTable('posts').set({ status: 'draft' }).where('id', '=', unpublished.id).execute();
    const addedDraft = await createPick(`Added draft ${++counter}`, { status: 'draft' });
    const addedLater = await createPick(`Added later ${++counter}`, { published_at: at + 86_400 });
    const current = (await admin('GET', `/${issue.id}`)).body;
    const edited = await admin('PUT', `/${issue.id}`, {
      subject: issue.subject,
      post_ids: [kept.id, unpublished.id, addedDraft.id, addedLater.id],
      version: current.version,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe('scheduled');

    const done = await waitForStatus(issue.id, 'sent');
    expect(done.left_out.map((post: { id: number }) => post.id)).toEqual([unpublished.id, addedDraft.id, addedLater.id]);
    const mails = mailsOf(issue.subject);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.parsed.html).toContain(kept.title);
      for (const hidden of [unpublished, addedDraft, addedLater]) {
        expect(mail.parsed.html).not.toContain(hidden.title);
        expect(mail.parsed.text).not.toContain(hidden.title);
      }
    }
  });

  it("does not count an issue that left a paid post out as that post's newsletter inclusion", async () => {
    await subscribe(uniqueEmail('proof'));
    const post = await createPick(`Paid but draft ${++counter}`, { status: 'draft', sponsored: true });
    const issue = await createIssue({ subject: `Without the paid post ${counter}`, post_ids: [post.id] });
    expect((await admin('POST', `/${issue.id}/send`)).status).toBe(202);
    await waitForStatus(issue.id, 'sent');
    const { findIssuesCarryingPost } = await import('../../server/db/queries/newsletters.ts');
    expect(await findIssuesCarryingPost(t.handle.db, post.id)).toEqual([]);
  });

  it('finds the issues that carried each of several posts in one read, and none for a post left out', async () => {
    await subscribe(uniqueEmail('carried'));
    const first = await createPick(`Carried first ${++counter}`);
    const second = await createPick(`Carried second ${counter}`);
    const notCarried = await createPick(`Not carried ${counter}`);
    const issue = await createIssue({ subject: `Two carried posts ${counter}`, post_ids: [first.id, second.id] });
    expect((await admin('POST', `/${issue.id}/send`)).status).toBe(202);
    await waitForStatus(issue.id, 'sent');
    const { findIssuesCarryingPosts } = await import('../../server/db/queries/newsletters.ts');
    const carrying = await findIssuesCarryingPosts(t.handle.db, [first.id, second.id, notCarried.id]);
    expect(carrying.get(first.id)?.map((carried) => carried.id)).toEqual([issue.id]);
    expect(carrying.get(second.id)?.map((carried) => carried.id)).toEqual([issue.id]);
    expect(carrying.has(notCarried.id)).toBe(false);
  });
});

describe('an issue that would reach nobody', () => {
  let lonely: TestApp;
  const call = adminCalls(() => lonely, { prefix: '/admin/newsletters' });
  const signUp = async (email: string) => {
    const response = await lonely.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() });
    expect(response.status).toBe(201);
  };
  const leaveAll = () => lonely.handle.db.updateTable('newsletter_subscribers').set({ status: 'unsubscribed' }).execute();
  const deliveriesOf = (issueId: number) =>
    lonely.handle.db.selectFrom('newsletter_deliveries').select('status').where('issue_id', '=', issueId).execute();

  beforeAll(async () => {
    lonely = await createTestApp({
      env: { SMTP_URL: sink.url, PUBLIC_URL: SITE, NEWSLETTER_DOUBLE_OPT_IN: 'false', NEWSLETTER_RATE_PER_SECOND: '0' },
    });
  });
  afterAll(async () => lonely?.close());

  it('names the number of active subscribers a "Send now" would reach', async () => {
    expect((await call('GET', '/audience')).body).toEqual({ active_subscribers: 0, delivery: 'smtp' });
    await signUp(uniqueEmail('counted'));
    expect((await call('GET', '/audience')).body).toEqual({ active_subscribers: 1, delivery: 'smtp' });
    await leaveAll();
    expect((await call('GET', '/audience')).body.active_subscribers).toBe(0);
  });

  it('refuses "Send now" with no active subscriber (409 NO_RECIPIENTS) and changes nothing', async () => {
    const issue = (await call('POST', '', { subject: 'To nobody' })).body;
    const refused = await call('POST', `/${issue.id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('NO_RECIPIENTS');
    expect(refused.body.message).toContain('no active subscribers');
    const after = (await call('GET', `/${issue.id}`)).body;
    expect(after).toMatchObject({ status: 'draft', version: issue.version, started_at: null, recipients: 0, left_out: [], reached_nobody_at: null });
    expect(await deliveriesOf(issue.id)).toEqual([]);
    const jobs = await lonely.handle.db.selectFrom('jobs').select('id').where('kind', '=', 'newsletter-send').execute();
    expect(jobs).toEqual([]);
  });

  it('puts a scheduled issue back in draft, with a note, when everyone left before its time', async () => {
    await signUp(uniqueEmail('leaving'));
    const issue = (await call('POST', '', { subject: 'Scheduled for nobody' })).body;
    const at = Math.floor(Date.now() / 1000) + 2;
    expect((await call('POST', `/${issue.id}/send`, { scheduled_at: at })).status).toBe(202);
    await leaveAll();
    const until = Date.now() + 20_000;
    let after = (await call('GET', `/${issue.id}`)).body;
    while (after.reached_nobody_at === null && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await lonely.deps.jobs.whenIdle();
      after = (await call('GET', `/${issue.id}`)).body;
    }
    expect(after).toMatchObject({ status: 'draft', scheduled_at: null, started_at: null, sent_at: null, recipients: 0 });
    expect(after.reached_nobody_at).toBeGreaterThanOrEqual(at);
    expect(sink.messages.filter((mail) => mail.parsed.subject === 'Scheduled for nobody')).toHaveLength(0);
    const { listSentIssues } = await import('../../server/db/queries/newsletters.ts');
    expect((await listSentIssues(lonely.handle.db)).map((sent) => sent.id)).not.toContain(issue.id);
  });

  it('puts an issue back in draft, with a note, when every recipient left before their mail went out', async () => {
    const email = uniqueEmail('last');
    await signUp(email);
    const issue = (await call('POST', '', { subject: 'Everyone left midway' })).body;
    // Held until everyone has left, as a slow or busy server would be.
    await lonely.deps.jobs.stop(10_000);
    try {
      const started = await call('POST', `/${issue.id}/send`);
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ status: 'sending', recipients: 1 });
      await leaveAll();
    } finally {
      lonely.deps.jobs.start();
    }
    await lonely.deps.jobs.whenIdle();
    await lonely.deps.jobs.stop(10_000);
    const after = (await call('GET', `/${issue.id}`)).body;
    expect(after).toMatchObject({ status: 'draft', sent_at: null, started_at: null, recipients: 0, sent: 0 });
    expect(after.reached_nobody_at).toEqual(expect.any(Number));
    expect(sink.to(email).filter((mail) => mail.parsed.subject === 'Everyone left midway')).toHaveLength(0);
    expect(await deliveriesOf(issue.id)).toEqual([]);
    const { listSentIssues } = await import('../../server/db/queries/newsletters.ts');
    expect((await listSentIssues(lonely.handle.db)).map((sent) => sent.id)).not.toContain(issue.id);
  });
});

describe('cancelling an issue that is going out', () => {
  // Five a second, a batch at a time: most of the list is still waiting when the cancel comes.
  let slow: TestApp;
  beforeAll(async () => {
    slow = await createTestApp({
      env: { SMTP_URL: sink.url, PUBLIC_URL: SITE, NEWSLETTER_DOUBLE_OPT_IN: 'false', NEWSLETTER_RATE_PER_SECOND: '5' },
    });
  });
  afterAll(async () => slow?.close());

  it('stops what is left: nothing more is sent, nothing stays pending', async () => {
    const slowToken = await slow.adminToken();
    const call = (method: string, path: string) => slow.request(method, `/admin/newsletters${path}`, { token: slowToken });
    for (let index = 0; index < 30; index += 1) {
      await slow.request('POST', '/submissions/newsletter', { body: { email: uniqueEmail('many') }, ip: freshIp() });
    }
    const issue = (await slow.request('POST', '/admin/newsletters', { token: slowToken, body: { subject: 'Stopped midway' } })).body;
    expect((await call('POST', `/${issue.id}/send`)).status).toBe(202);
    expect((await call('POST', `/${issue.id}/cancel`)).status).toBe(200);
    await slow.deps.jobs.whenIdle();
    const after = (await call('GET', `/${issue.id}`)).body;
    expect(after).toMatchObject({ status: 'cancelled', pending: 0, recipients: 30 });
    const arrived = sink.messages.filter((mail) => mail.parsed.subject === 'Stopped midway').length;
    expect(after.sent).toBe(arrived);
    expect(after.sent).toBeLessThan(30);
    const rows = await slow.handle.db
      .selectFrom('newsletter_deliveries')
      .select('status')
      .distinct()
      .where('issue_id', '=', issue.id)
      .execute();
    expect(rows.map((row) => row.status).sort()).toEqual(after.sent > 0 ? ['cancelled', 'sent'] : ['cancelled']);
  });
});

describe('with DKIM configured', () => {
  let signed: TestApp;
  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    signed = await createTestApp({
      env: {
        SMTP_URL: sink.url,
        PUBLIC_URL: SITE,
        MAIL_FROM: '"Showcase" <news@showcase.example>',
        NEWSLETTER_DOUBLE_OPT_IN: 'false',
        NEWSLETTER_RATE_PER_SECOND: '0',
        DKIM_DOMAIN: 'showcase.example',
        DKIM_SELECTOR: 'news2026',
        DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    });
  });
  afterAll(async () => signed?.close());

  it('signs every issue mail for the domain with the selector', async () => {
    const signedToken = await signed.adminToken();
    const email = uniqueEmail('signed');
    await signed.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() });
    const issue = (await signed.request('POST', '/admin/newsletters', { token: signedToken, body: { subject: 'Signed issue' } })).body;
    await signed.request('POST', `/admin/newsletters/${issue.id}/send`, { token: signedToken });
    await signed.deps.jobs.whenIdle();
    const [mail] = sink.to(email);
    const signature = mail?.header('DKIM-Signature') ?? '';
    expect(signature).toContain('d=showcase.example');
    expect(signature).toContain('s=news2026');
    expect(signature).toMatch(/h=[^;]*list-unsubscribe/i);
  });
});

describe('without SMTP_URL', () => {
  let outboxApp: TestApp;
  beforeAll(async () => {
    outboxApp = await createTestApp({ env: { NEWSLETTER_DOUBLE_OPT_IN: 'false' } });
  });
  afterAll(async () => outboxApp?.close());

  it('keeps the mails in the outbox and says so', async () => {
    const adminToken = await outboxApp.adminToken();
    const email = uniqueEmail('outbox');
    await outboxApp.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() });
    const list = await outboxApp.request('GET', '/admin/newsletters', { token: adminToken });
    expect(list.body.delivery).toBe('outbox');
    expect((await outboxApp.request('GET', '/admin/newsletters/audience', { token: adminToken })).body).toEqual({
      active_subscribers: 1,
      delivery: 'outbox',
    });
    const issue = await outboxApp.request('POST', '/admin/newsletters', { token: adminToken, body: { subject: 'Kept here' } });
    await outboxApp.request('POST', `/admin/newsletters/${issue.body.id}/send`, { token: adminToken });
    await outboxApp.deps.jobs.whenIdle();
    const stored = await outboxApp.handle.db
      .selectFrom('outbox')
      .select(['subject', 'status', 'text_body'])
      .where('to_address', '=', email)
      .execute();
    expect(stored).toEqual([{ subject: 'Kept here', status: 'stored', text_body: expect.stringMatching(/unsubscribe\?token=/) }]);
    expect((await outboxApp.request('GET', `/admin/newsletters/${issue.body.id}`, { token: adminToken })).body.status).toBe('sent');
  });
});

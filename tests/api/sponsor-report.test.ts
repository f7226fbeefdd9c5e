/**
 * The sponsor report (decision 068): a sponsored post going live mails its
 * sponsor a private report link, once, on the timeline; the link answers the
 * post's numbers from the daily roll-ups and click counts; staff read it on
 * the submission, reissue it (the old one then 404s) and revoke it; the
 * summary mail a week later goes out once. Runs on SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { SponsoredSubmissionDetailsJson, SponsorReportJson } from '../../common/answers.ts';
import { addDays, firstOfNextMonth, utcDay } from '../../common/calendar-days.ts';
import { addToDaily } from '../../server/db/queries/analytics.ts';
import { checkoutSubmission } from '../helpers/payments.ts';
import { freshIp, serverWithAnotherKey, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
const DAY = 24 * 60 * 60;
let counter = 0;

async function paidSubmission() {
  counter += 1;
  const email = `sponsor.${counter}.${Date.now()}@example.com`;
  const id = await checkoutSubmission(
    t,
    {
      project_name: `Reed Clock ${counter} ${Date.now()}`,
      project_url: 'https://www.kickstarter.com/projects/reed-clock',
      contact_name: 'Grace Hopper',
      contact_email: email,
      description: 'A clock of reeds.',
    },
    { pay: true },
  );
  return { id, email };
}

const admin = async (method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: await t.adminToken(), ...(body === undefined ? {} : { body }) });

const details = async (id: number) => (await admin('GET', `/admin/submissions/sponsored/${id}`)).body as SponsoredSubmissionDetailsJson;

async function draftOf(submissionId: number) {
  const found = await details(submissionId);
  expect((await admin('PATCH', `/admin/submissions/sponsored/${submissionId}`, { status: 'approved', version: found.version })).status).toBe(200);
  const drafted = await admin('POST', `/admin/submissions/sponsored/${submissionId}/draft`);
  expect(drafted.status).toBe(201);
  return drafted.body as { id: number; slug: string; title: string };
}

async function publish(postId: number, publishedAt: number) {
  const current = (await admin('GET', `/admin/posts/${postId}`)).body;
  const answer = await admin('PUT', `/admin/posts/${postId}`, {
    title: current.title,
    slug: current.slug,
    excerpt: current.excerpt,
    content: current.content,
    cover_image: current.cover_image,
    campaign_url: current.campaign_url,
    read_time: current.read_time,
    category_ids: current.category_ids,
    status: 'published',
    published_at: publishedAt,
    version: current.version,
  });
  expect(answer.status).toBe(200);
  await t.deps.jobs.whenIdle();
}

const mailsTo = (to: string) =>
  t.handle.db.selectFrom('outbox').select(['kind', 'subject', 'text_body']).where('to_address', '=', to).orderBy('id').execute();

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const openReport = (token: string) => t.request('GET', `/sponsor-report/${token}`, { ip: freshIp() });

/** A live sponsored post, published `daysAgo` days ago, its sponsor mailed the report link. */
async function liveSponsoredPost(daysAgo = 0) {
  const { id, email } = await paidSubmission();
  const post = await draftOf(id);
  expect((await details(id)).report_url).toBeNull();
  const publishedAt = Math.floor(Date.now() / 1000) - daysAgo * DAY;
  await publish(post.id, publishedAt);
  const mail = (await mailsTo(email)).find((sent) => sent.kind === 'sponsor_live');
  expect(mail).toBeDefined();
  const url = /http:\/\/localhost\/sponsor-report\/\S+/.exec(mail?.text_body ?? '')?.[0] ?? '';
  expect(url).toMatch(/^http:\/\/localhost\/sponsor-report\/[A-Za-z0-9_-]{43}$/);
  return { submissionId: id, email, post, publishedAt, url, token: tokenOf(url) };
}

describe('the report link of a sponsored post', () => {
  it('is issued and mailed once when the post goes live, on the timeline, and staff read it', async () => {
    const { submissionId, email, post, publishedAt, url, token } = await liveSponsoredPost();
    const found = await details(submissionId);
    expect(found.report_url).toBe(url);
    expect(found.timeline.map((event) => event.kind)).toContain('report_link_mail');
    const stored = await t.handle.db.selectFrom('sponsored_submissions').select(['report_token_hash', 'report_token_sealed']).where('id', '=', submissionId).executeTakeFirstOrThrow();
    expect(stored.report_token_hash).not.toContain(token);
    expect(stored.report_token_sealed).not.toContain(token);

    // Saved again while live: no second mail, the same link.
    await publish(post.id, publishedAt);
    expect((await mailsTo(email)).filter((sent) => sent.kind === 'sponsor_live')).toHaveLength(1);
    const opened = await openReport(token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('opens by its hash on a server whose key did not seal it, where staff read that it was sealed with another key', async () => {
    const { submissionId, token } = await liveSponsoredPost();
    const other = serverWithAnotherKey(t);

    expect((await other.request('GET', `/sponsor-report/${token}`, { ip: freshIp() })).status).toBe(200);
    const seen = (await other.request('GET', `/admin/submissions/sponsored/${submissionId}`, { token: await t.adminToken() })).body as SponsoredSubmissionDetailsJson;
    expect(seen.report_url).toBeNull();
    expect(seen.report_url_problem).toMatch(/^Sealed with another key: .*TOTP_ENCRYPTION_KEY/);
    expect((await details(submissionId)).report_url_problem).toBeNull();
  });

  it('reissues: the old token gets 404, the new one works and is on the submission; both audited without the token', async () => {
    const { submissionId, token } = await liveSponsoredPost();
    const reissued = await admin('POST', `/admin/submissions/sponsored/${submissionId}/report-link`);
    expect(reissued.status).toBe(201);
    const newUrl: string = reissued.body.report_url;
    expect(tokenOf(newUrl)).not.toBe(token);
    expect((await openReport(token)).status).toBe(404);
    expect((await openReport(tokenOf(newUrl))).status).toBe(200);
    expect((await details(submissionId)).report_url).toBe(newUrl);
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'sponsor_report_link.issue').orderBy('id', 'desc').executeTakeFirst();
    expect(audit).toMatchObject({ entity: 'sponsored_submission', entity_id: String(submissionId) });
    expect(JSON.stringify(audit)).not.toContain(tokenOf(newUrl));
  });

  it('revokes: the link gets 404 and the submission carries none; a second revoke is refused', async () => {
    const { submissionId, token } = await liveSponsoredPost();
    expect((await admin('DELETE', `/admin/submissions/sponsored/${submissionId}/report-link`)).status).toBe(204);
    expect((await openReport(token)).status).toBe(404);
    expect((await details(submissionId)).report_url).toBeNull();
    expect((await admin('DELETE', `/admin/submissions/sponsored/${submissionId}/report-link`)).status).toBe(409);
    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'sponsor_report_link.revoke').orderBy('id', 'desc').executeTakeFirst();
    expect(audit).toMatchObject({ entity: 'sponsored_submission', entity_id: String(submissionId) });
  });

  it('answers 404 to a wrong token, refuses a link before the post exists, and 401 without sign-in', async () => {
    expect((await openReport('x'.repeat(43))).status).toBe(404);
    expect((await openReport('short')).status).toBe(404);
    const { id } = await paidSubmission();
    expect((await admin('POST', `/admin/submissions/sponsored/${id}/report-link`)).status).toBe(409);
    expect((await t.request('POST', `/admin/submissions/sponsored/${id}/report-link`)).status).toBe(401);
  });
});

describe('what the report shows', () => {
  it('answers the post, its days from going live to today, clicks, newsletters, sources and shares', async () => {
    const { post, publishedAt, token } = await liveSponsoredPost(2);
    const db = t.handle.db;
    const path = `/${post.slug}`;
    const [first, second, today] = [utcDay(publishedAt), utcDay(publishedAt + DAY), utcDay(Math.floor(Date.now() / 1000))];
    const before = utcDay(publishedAt - DAY);
    await db
      .insertInto('analytics_daily')
      .values([
        { dimension: 'page', day: before, value: path, views: 99, visitors: 99 },
        { dimension: 'page', day: first, value: path, views: 10, visitors: 7 },
        { dimension: 'page', day: second, value: path, views: 5, visitors: 4 },
        { dimension: 'page', day: first, value: '/another-post', views: 50, visitors: 50 },
        { dimension: 'page_source', day: first, value: `${path}\nnews.example.org`, views: 6, visitors: 5 },
        { dimension: 'page_source', day: second, value: `${path}\nnews.example.org`, views: 2, visitors: 2 },
        { dimension: 'page_source', day: first, value: `${path}\n`, views: 3, visitors: 3 },
        { dimension: 'page_source', day: first, value: '/another-post\nnews.example.org', views: 40, visitors: 40 },
      ])
      .execute();
    await db
      .insertInto('analytics_clicks')
      .values([
        { kind: 'outbound', subject_id: post.id, day: first, target: 'page', clicks: 3 },
        { kind: 'outbound', subject_id: post.id, day: first, target: 'go', clicks: 2 },
        { kind: 'outbound', subject_id: post.id, day: today, target: 'page', clicks: 1 },
        { kind: 'outbound', subject_id: post.id + 1000, day: first, target: 'page', clicks: 9 },
        { kind: 'share', subject_id: post.id, day: first, target: 'mastodon', clicks: 2 },
        { kind: 'share', subject_id: post.id, day: second, target: 'bluesky', clicks: 1 },
        { kind: 'share', subject_id: post.id, day: second, target: 'mastodon', clicks: 1 },
      ])
      .execute();
    const now = Math.floor(Date.now() / 1000);
    const issue = await db
      .insertInto('newsletter_issues')
      .values({ slug: `report-${post.id}`, subject: 'This week', status: 'sent', created_at: now, updated_at: now, post_ids: JSON.stringify([post.id]), preheader: '', intro: '', closing: '', scheduled_at: null, started_at: now, sent_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subscribers = await db
      .insertInto('newsletter_subscribers')
      .values(['r1', 'r2', 'r3'].map((name) => ({ email: `${name}.${post.id}@example.com`, email_normalized: `${name}.${post.id}@example.com`, subscribed_at: now })))
      .returning('id')
      .execute();
    await db
      .insertInto('newsletter_deliveries')
      .values(subscribers.map((row, index) => ({ issue_id: issue.id, subscriber_id: row.id, status: index === 0 ? 'failed' : 'sent', next_attempt_at: now })))
      .execute();
    await db
      .insertInto('newsletter_links')
      .values([
        { issue_id: issue.id, link_no: 1, url: `http://localhost${path}`, post_id: post.id },
        { issue_id: issue.id, link_no: 2, url: 'https://example.org/other', post_id: null },
      ])
      .execute();
    await db
      .insertInto('analytics_clicks')
      .values([
        { kind: 'newsletter', subject_id: issue.id, day: first, target: '1', clicks: 4 },
        { kind: 'newsletter', subject_id: issue.id, day: second, target: '1', clicks: 1 },
        { kind: 'newsletter', subject_id: issue.id, day: first, target: '2', clicks: 8 },
      ])
      .execute();

    const opened = await openReport(token);
    expect(opened.status).toBe(200);
    const report = opened.body as SponsorReportJson;
    expect(Object.keys(report).sort()).toEqual(['days', 'mail_delivery', 'newsletters', 'post', 'shares', 'sources', 'time_zone', 'totals']);
    expect(report.post).toEqual({ slug: post.slug, title: post.title, published_at: publishedAt });
    expect(report.totals).toEqual({ views: 15, visitors: 11, outbound_clicks: 6, newsletter_clicks: 5, share_clicks: 4, followers: 0, follow_alert_mails: 0 });
    expect(report.days.map((day) => day.date)).toEqual([first, second, today]);
    expect(report.days[0]).toEqual({ date: first, views: 10, visitors: 7, outbound_clicks: 5 });
    expect(report.days[1]).toEqual({ date: second, views: 5, visitors: 4, outbound_clicks: 0 });
    expect(report.days[2]).toEqual({ date: today, views: 0, visitors: 0, outbound_clicks: 1 });
    // No mail server here: the two mails were kept, and the answer says so.
    expect(report.newsletters).toEqual([{ subject: 'This week', sent_at: now, mails: 2, clicks: 5 }]);
    expect(report.mail_delivery).toBe('outbox');
    expect(report.sources).toEqual([
      { source: 'news.example.org', views: 8 },
      { source: '', views: 3 },
    ]);
    expect(report.shares).toEqual([
      { network: 'mastodon', clicks: 3 },
      { network: 'bluesky', clicks: 1 },
    ]);
    expect(JSON.stringify(report)).not.toMatch(/@example\.com/);
  });

  it('gives the same numbers over whole months, which it reads from the monthly roll-ups, as over days', async () => {
    const { post, publishedAt, token } = await liveSponsoredPost(75);
    const path = `/${post.slug}`;
    const [first, today] = [utcDay(publishedAt), utcDay(Math.floor(Date.now() / 1000))];
    // A day of a month the report holds whole.
    const inside = addDays(firstOfNextMonth(first.slice(0, 7)), 10);
    const row = (dimension: 'page' | 'page_source', day: string, value: string, views: number) => ({ dimension, day, value, views, visitors: views });
    await t.handle.db.transaction().execute((trx) =>
      addToDaily(trx, [
        row('page', addDays(first, -1), path, 50),
        row('page_source', addDays(first, -1), `${path}\nnews.example.org`, 50),
        row('page', first, path, 2),
        row('page_source', first, `${path}\nnews.example.org`, 2),
        row('page', inside, path, 6),
        row('page_source', inside, `${path}\nnews.example.org`, 5),
        row('page_source', inside, `${path}\nother.example`, 1),
        row('page_source', inside, '/another-post\nnews.example.org', 40),
        row('page', today, path, 1),
        row('page_source', today, `${path}\nnews.example.org`, 1),
      ]),
    );
    const report = (await openReport(token)).body as SponsorReportJson;
    expect(report.days[0]?.date).toBe(first);
    expect(report.totals.views).toBe(9);
    expect(report.sources).toEqual([
      { source: 'news.example.org', views: 8 },
      { source: 'other.example', views: 1 },
    ]);
  });
});

describe('the summary a week after going live', () => {
  it('is mailed once, on the timeline, with the numbers and the link', async () => {
    const { submissionId, email, post, publishedAt, url } = await liveSponsoredPost();
    const job = await t.handle.db.selectFrom('jobs').selectAll().where('kind', '=', 'sponsor-report-summary').where('dedupe_key', '=', `sponsor-report-summary:${submissionId}`).executeTakeFirstOrThrow();
    expect(job.run_at).toBeGreaterThanOrEqual(publishedAt + 7 * DAY);
    expect((await mailsTo(email)).map((sent) => sent.kind)).not.toContain('sponsor_report_summary');

    await t.handle.db.insertInto('analytics_daily').values({ dimension: 'page', day: utcDay(publishedAt), value: `/${post.slug}`, views: 12, visitors: 9 }).execute();
    // The week passes: the job is due now.
    await t.handle.db.updateTable('jobs').set({ run_at: 0 }).where('id', '=', job.id).execute();
    await t.deps.jobs.whenIdle();
    // Run again (another server, a retry): still one mail.
    await t.handle.db.updateTable('jobs').set({ run_at: 0, status: 'pending' }).where('id', '=', job.id).execute();
    await t.deps.jobs.whenIdle();

    const summaries = (await mailsTo(email)).filter((sent) => sent.kind === 'sponsor_report_summary');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]?.text_body).toContain('12 views from 9 visitors');
    expect(summaries[0]?.text_body).toContain(url);
    expect((await details(submissionId)).timeline.filter((event) => event.kind === 'report_summary_mail')).toHaveLength(1);
  });
});

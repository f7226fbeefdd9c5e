/**
 * The sponsor is kept informed: the receipt, the approval, the preview (its
 * link mailed and given back to copy), the scheduled date in the site's time
 * zone and the live address, each on the submission's timeline with its
 * outbox entry. The live mail follows the post: at once when it is
 * published now, and when a scheduled time passes through the durable job;
 * it is one mail with the sponsor's private links (decision 082).
 * Runs on SQLite and on PostgreSQL.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SponsoredSubmissionDetailsJson, SponsorEventJson, SponsorPreviewJson } from '../../common/answers.ts';
import { previewLinksService } from '../../server/services/content/preview-links.ts';
import { checkoutSubmission } from '../helpers/payments.ts';
import { mailsTo } from '../helpers/outbox.ts';
import { publishDraft } from '../helpers/posts.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;

/** A submission paid through the test checkout; its id and contact address. */
async function paidSubmission(extra: Record<string, unknown> = {}) {
  counter += 1;
  const email = `sponsor.${counter}.${Date.now()}@example.com`;
  const name = `Harbour Lamp ${counter} ${Date.now()}`;
  const id = await checkoutSubmission(
    t,
    {
      project_name: name,
      project_url: 'https://www.kickstarter.com/projects/harbour-lamp',
      contact_name: 'Mary Somerville',
      contact_email: email,
      description: 'A lamp that shows the tide.',
      ...extra,
    },
    { pay: true },
  );
  return { id, email, name };
}

/** A token for now: the tests that move the clock sign in again at the time they moved it to. */
let token: (() => Promise<string>) | null = null;
const currentToken = () => (token ?? t.adminToken)();

const details = async (id: number) =>
  (await t.request<SponsoredSubmissionDetailsJson>('GET', `/admin/submissions/sponsored/${id}`, { token: await currentToken() })).body;

const kinds = (timeline: SponsorEventJson[]) => timeline.map((event) => event.kind);

async function approve(id: number, options: { preview_promised?: boolean } = {}) {
  const answer = await t.request('PATCH', `/admin/submissions/sponsored/${id}`, {
    token: await t.adminToken(),
    body: { status: 'approved', version: (await details(id)).version, ...options },
  });
  expect(answer.status).toBe(200);
}

async function draftPost(id: number) {
  const answer = await t.request('POST', `/admin/submissions/sponsored/${id}/draft`, { token: await t.adminToken() });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; slug: string; version: number } & Record<string, unknown>;
}

async function setSiteTimeZone(timeZone: string) {
  const token = await t.adminToken();
  const current = await t.request('GET', '/admin/settings/site', { token });
  const { privacy_policy_updated: _privacy, terms_updated: _terms, ...settings } = current.body as Record<string, unknown>;
  expect((await t.request('PUT', '/admin/settings/site', { token, body: { ...settings, time_zone: timeZone } })).status).toBe(200);
}

describe('the timeline of a paid submission', () => {
  it('starts with the payment receipt, kept in the outbox, and records the approval with its mail', async () => {
    const { id, email, name } = await paidSubmission();
    const paid = await details(id);
    expect(paid.timeline).toEqual([
      {
        id: expect.any(Number),
        kind: 'payment_mail',
        created_at: expect.any(Number),
        by: null,
        mail: { to: email, outbox_id: expect.any(Number), status: 'stored' },
        detail: null,
      },
    ]);

    await approve(id);
    const approved = await details(id);
    expect(kinds(approved.timeline)).toEqual(['payment_mail', 'approved', 'approval_mail']);
    expect(approved.timeline[1]).toMatchObject({ by: 'admin@example.com', mail: null });
    const mails = await mailsTo(t, email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `[TEST] Payment received: sponsored post for ${name}`,
      `Approved: your sponsored post about ${name}`,
    ]);
    expect(approved.timeline[2]?.mail).toEqual({ to: email, outbox_id: mails[1]?.id, status: 'stored' });
  });

  it('promises no preview in the approval mail unless staff said one will be sent', async () => {
    const { id, email } = await paidSubmission();
    await approve(id);
    const mail = (await mailsTo(t, email)).at(-1);
    expect(mail?.kind).toBe('sponsor_approved');
    expect(mail?.text_body).toContain('We are writing it now. We will write again when its publication date is set, and once it is live.');
    expect(mail?.text_body).not.toContain('preview');
    expect((await details(id)).timeline.at(-1)).toMatchObject({ kind: 'approval_mail', detail: null });
  });

  it('promises a preview in the approval mail when staff approve with one to come, and notes the promise on the timeline', async () => {
    const { id, email } = await paidSubmission();
    await approve(id, { preview_promised: true });
    const mail = (await mailsTo(t, email)).at(-1);
    expect(mail?.text_body).toContain('We are writing it now. Before it goes live we will send you a link to preview it.');
    expect((await details(id)).timeline.at(-1)).toMatchObject({ kind: 'approval_mail', detail: 'preview_promised' });
  });

  it('refuses a preview promise that is not true or false, and approves nothing', async () => {
    const { id, email } = await paidSubmission();
    const answer = await t.request('PATCH', `/admin/submissions/sponsored/${id}`, {
      token: await t.adminToken(),
      body: { status: 'approved', version: 1, preview_promised: 'yes' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('preview_promised');
    expect((await details(id)).status).toBe('new');
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('records a rejection, which mails nothing', async () => {
    const { id, email } = await paidSubmission();
    const answer = await t.request('PATCH', `/admin/submissions/sponsored/${id}`, {
      token: await t.adminToken(),
      body: { status: 'rejected', version: 1 },
    });
    expect(answer.status).toBe(200);
    expect(kinds((await details(id)).timeline)).toEqual(['payment_mail', 'rejected']);
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('sends the preview to the sponsor: a working link, given back to copy, mailed and on the timeline', async () => {
    const { id, email, name } = await paidSubmission();
    await approve(id);
    const token = await t.adminToken();
    const tooEarly = await t.request('POST', `/admin/submissions/sponsored/${id}/preview`, { token });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body).toEqual({ error: 'INVALID_STATUS_TRANSITION', message: 'Create the draft post first: there is nothing to preview yet' });

    const post = await draftPost(id);
    const sent = await t.request<SponsorPreviewJson>('POST', `/admin/submissions/sponsored/${id}/preview`, { token });
    expect(sent.status).toBe(201);
    expect(sent.body.url).toMatch(/^http:\/\/localhost\/preview\/[\w-]{43}$/);
    const preview = await mailsTo(t, email).then((mails) => mails.at(-1));
    expect(preview).toMatchObject({ kind: 'sponsor_preview', subject: `Preview ready: your sponsored post about ${name}`, status: 'stored' });
    expect(preview?.text_body).toContain(sent.body.url);
    expect(sent.body.event).toMatchObject({ kind: 'preview_mail', by: 'admin@example.com', mail: { to: email, outbox_id: preview?.id, status: 'stored' } });
    expect(sent.body.event.detail).toBe(String(sent.body.expires_at));
    // No mail server: the link is offered to pass on, as every mailed link is (decision 048).
    expect(sent.body.mail).toEqual({ delivery: 'kept', outbox_id: preview?.id, link: sent.body.url });
    // The link opens the draft.
    const opened = await previewLinksService(t.deps).open(sent.body.url.split('/').pop() ?? '');
    expect(opened).toMatchObject({ kind: 'post', post: { id: post.id, status: 'draft' } });
    expect(kinds((await details(id)).timeline)).toEqual(['payment_mail', 'approved', 'approval_mail', 'draft_created', 'preview_mail']);
  });

  it('mails the scheduled date in the site time zone, then the address once the time has passed, once', async () => {
    await setSiteTimeZone('Europe/Paris');
    try {
      const { id, email, name } = await paidSubmission();
      await approve(id);
      const post = await draftPost(id);
      // 2030-06-01 09:30 in Paris (summer time, UTC+2).
      const publishAt = Date.UTC(2030, 5, 1, 7, 30) / 1000;
      await publishDraft(t, post.id, { publishedAt: publishAt, token: currentToken });

      const scheduled = await details(id);
      expect(kinds(scheduled.timeline).slice(-1)).toEqual(['scheduled_mail']);
      expect(scheduled.timeline.at(-1)?.detail).toBe(String(publishAt));
      const mail = (await mailsTo(t, email)).at(-1);
      expect(mail?.subject).toBe(`Scheduled: your sponsored post about ${name} goes live Jun 1, 2030, 09:30 Europe/Paris`);
      expect(mail?.text_body).toContain('scheduled to go live on Jun 1, 2030, 09:30 Europe/Paris');
      expect(kinds(scheduled.timeline)).not.toContain('live_mail');

      // The scheduled time passes: the job enqueued for it tells the sponsor, with no save of the post.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date((publishAt + 60) * 1000));
      await t.deps.jobs.whenIdle();
      const signedInThen = (await t.login()).access_token;
      token = async () => signedInThen;
      const live = await details(id);
      // The report link goes in the same mail (decisions 068 and 082).
      expect(kinds(live.timeline).slice(-2)).toEqual(['live_mail', 'report_link_mail']);
      expect(live.timeline.at(-2)?.detail).toBe(`http://localhost/${post.slug}`);
      const liveMail = (await mailsTo(t, email)).at(-1);
      expect(liveMail).toMatchObject({ kind: 'sponsor_live', subject: `Live: your sponsored post about ${name}` });
      expect(liveMail?.text_body).toContain(`http://localhost/${post.slug}`);

      // Saved again while live: the sponsor is not told twice.
      await publishDraft(t, post.id, { publishedAt: publishAt, token: currentToken });
      expect(kinds((await details(id)).timeline).filter((kind) => kind === 'live_mail')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      token = null;
      await setSiteTimeZone('UTC');
    }
  });

  it('mails the address at once when the post is published now, and refuses a preview of a live post', async () => {
    const { id, email } = await paidSubmission();
    await approve(id);
    const post = await draftPost(id);
    await publishDraft(t, post.id, { token: currentToken });
    const timeline = (await details(id)).timeline;
    expect(kinds(timeline)).toEqual(['payment_mail', 'approved', 'approval_mail', 'draft_created', 'live_mail', 'report_link_mail']);
    expect(timeline.at(-2)?.mail).toMatchObject({ to: email, status: 'stored' });
    expect(timeline.at(-1)?.mail).toEqual(timeline.at(-2)?.mail);
    // The draft links the sponsor's campaign: the mail gives its counted address too, for places without a page.
    const liveMail = (await mailsTo(t, email)).find((mail) => mail.kind === 'sponsor_live');
    expect(liveMail?.text_body).toContain(`http://localhost/${post.slug}`);
    expect(liveMail?.text_body).toContain(`straight to your campaign, with their clicks counted in your report, use:\n\nhttp://localhost/go/${post.slug}`);

    const refused = await t.request('POST', `/admin/submissions/sponsored/${id}/preview`, { token: await t.adminToken() });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This post is live: the sponsor was sent its address');
  });

  it('mails the sponsor once on publishing: the address, the report link and the update link, each explained', async () => {
    const endsAt = Math.floor(Date.now() / 1000) + 30 * 24 * 60 * 60;
    const { id, email, name } = await paidSubmission({ campaign_goal: 1_500_000, campaign_currency: 'usd', campaign_ends_at: endsAt });
    await approve(id);
    const post = await draftPost(id);
    const before = (await mailsTo(t, email)).length;
    await publishDraft(t, post.id, { token: currentToken });

    const mails = (await mailsTo(t, email)).slice(before);
    expect(mails.map((mail) => [mail.kind, mail.subject])).toEqual([['sponsor_live', `Live: your sponsored post about ${name}`]]);
    const text = mails[0]?.text_body ?? '';
    const postUrl = `http://localhost/${post.slug}`;
    const reportUrl = /http:\/\/localhost\/sponsor-report\/[\w-]+/.exec(text)?.[0] ?? '';
    const updateUrl = /http:\/\/localhost\/campaign-update\/[\w-]+/.exec(text)?.[0] ?? '';
    expect(reportUrl).not.toBe('');
    expect(updateUrl).not.toBe('');
    // Each link comes after the sentence that says what it is for and who may have it.
    expect(text).toContain(`is live. Share its address freely:\n\n${postUrl}\n`);
    expect(text).toContain(`straight to your campaign, with their clicks counted in your report, use:\n\nhttp://localhost/go/${post.slug}`);
    expect(text).toContain('Two more links, for you alone:');
    expect(text).toContain(`Your report: how the post is doing, its views, visitors and clicks to your campaign, day by day:\n\n${reportUrl}\n\nKeep this link to yourself`);
    expect(text).toContain(`update the amount pledged, the number of backers, the state or the end date here:\n\n${updateUrl}\n\nThis link works until `);
    // They are the links staff read on the submission and the post.
    const found = await details(id);
    expect(found.report_url).toBe(reportUrl);
    const admin = await t.request('GET', `/admin/posts/${post.id}`, { token: await t.adminToken() });
    expect(admin.body.campaign.update_url).toBe(updateUrl);

    // Three events on the timeline, one mail behind them.
    const events = found.timeline.slice(-3);
    expect(kinds(events)).toEqual(['live_mail', 'campaign_link_mail', 'report_link_mail']);
    expect(new Set(events.map((event) => event.mail?.outbox_id))).toEqual(new Set([mails[0]?.id]));

    // Saved again while live: nothing more.
    await publishDraft(t, post.id, { token: currentToken });
    expect(await mailsTo(t, email)).toHaveLength(before + 1);
  });

  it('answers 404 for the preview of an unknown submission', async () => {
    const answer = await t.request('POST', '/admin/submissions/sponsored/999999/preview', { token: await t.adminToken() });
    expect(answer.status).toBe(404);
  });
});

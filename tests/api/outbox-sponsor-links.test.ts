/**
 * A sponsor's private links in the outbox (decision 088): the preview link,
 * the report link and the creator's update link of the mail on going live,
 * and the report link of the week's summary are cut from the stored copy
 * once a real mail server took the mail. The sponsor's copy carries them
 * whole and they work; the owner's outbox says they were removed; staff still
 * read the report and update links on the back office. Runs on SQLite and on
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMailJson, SponsoredSubmissionDetailsJson, SponsorPreviewJson } from '../../common/answers.ts';
import type { OutboxRow } from '../../server/db/schema.ts';
import { previewLinksService } from '../../server/services/content/preview-links.ts';
import { checkoutSubmission } from '../helpers/payments.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { publishDraft } from '../helpers/posts.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const ORIGIN = 'https://showcase.example';
const REMOVED = '[link removed once the mail was sent]';
let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: ORIGIN } });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const admin = adminCalls(() => t);
const details = async (id: number) => (await admin('GET', `/admin/submissions/sponsored/${id}`)).body as SponsoredSubmissionDetailsJson;
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** The last mail of `kind` the mail server took for `to`: its text and the stored row. */
async function sentMail(to: string, kind: string): Promise<{ text: string; row: OutboxRow; shown: OutboxMailJson }> {
  const row = await t.handle.db.selectFrom('outbox').selectAll().where('to_address', '=', to).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(row.status).toBe('sent');
  const received = sink.to(to).filter((mail) => mail.parsed.subject === row.subject).at(-1);
  const shown = await admin('GET', `/admin/outbox/${row.id}`);
  expect(shown.status).toBe(200);
  return { text: received?.parsed.text ?? '', row, shown: shown.body as OutboxMailJson };
}

/** The stored row and the outbox's answer hold none of the tokens, and say the links were cut once sent. */
function expectCut(mail: { row: OutboxRow; shown: OutboxMailJson }, urls: string[]) {
  for (const url of urls) {
    expect(JSON.stringify(mail.row)).not.toContain(tokenOf(url));
    expect(JSON.stringify(mail.shown)).not.toContain(tokenOf(url));
  }
  expect(mail.row.text_body).toContain(REMOVED);
  expect(mail.row).toMatchObject({ secret_link: null, redacted_at: expect.any(Number) });
  expect(mail.shown).toMatchObject({ status: 'sent', link_removed: 'sent' });
  expect(mail.shown.text.split(REMOVED)).toHaveLength(urls.length + 1);
}

describe("a sponsor's private links", () => {
  let submissionId = 0;
  let email = '';
  let post: { id: number; slug: string };
  let reportUrl = '';

  beforeAll(async () => {
    email = `sponsor.${Date.now()}@example.com`;
    // With a campaign, the mail on going live carries the creator's update link too.
    const campaign: Record<string, unknown> = { campaign_goal: 1_500_000, campaign_currency: 'usd', campaign_ends_at: Math.floor(Date.now() / 1000) + 30 * 24 * 60 * 60 };
    submissionId = await checkoutSubmission(
      t,
      {
        project_name: `Tide Bell ${Date.now()}`,
        project_url: 'https://www.kickstarter.com/projects/tide-bell',
        contact_name: 'Ada Lovelace',
        contact_email: email,
        description: 'A bell rung by the tide.',
        ...campaign,
      },
      { pay: true },
    );
    expect((await admin('PATCH', `/admin/submissions/sponsored/${submissionId}`, { status: 'approved', version: (await details(submissionId)).version })).status).toBe(200);
    const drafted = await admin('POST', `/admin/submissions/sponsored/${submissionId}/draft`);
    expect(drafted.status).toBe(201);
    post = drafted.body as { id: number; slug: string };
  });

  it('the preview link leaves whole and works, and the stored copy loses it', async () => {
    const sent = await admin('POST', `/admin/submissions/sponsored/${submissionId}/preview`);
    expect(sent.status).toBe(201);
    const { url } = sent.body as SponsorPreviewJson;
    const mail = await sentMail(email, 'sponsor_preview');
    expect(mail.text).toContain(url);
    expectCut(mail, [url]);
    // The page behind the link opens the draft.
    expect(await previewLinksService(t.deps).open(tokenOf(url))).toMatchObject({ kind: 'post', post: { id: post.id, status: 'draft' } });
  });

  it('the report and update links of the mail on going live leave whole and work; the stored copy loses both, staff still read them', async () => {
    await publishDraft(t, post.id);

    const mail = await sentMail(email, 'sponsor_live');
    reportUrl = new RegExp(`${ORIGIN}/sponsor-report/[\\w-]+`).exec(mail.text)?.[0] ?? '';
    const updateUrl = new RegExp(`${ORIGIN}/campaign-update/[\\w-]+`).exec(mail.text)?.[0] ?? '';
    expect(reportUrl).not.toBe('');
    expect(updateUrl).not.toBe('');
    expectCut(mail, [reportUrl, updateUrl]);
    // The post's own address is not a key: it stays.
    expect(mail.shown.links).toContain(`${ORIGIN}/${post.slug}`);

    expect((await t.request('GET', `/sponsor-report/${tokenOf(reportUrl)}`, { ip: freshIp() })).status).toBe(200);
    expect((await t.request('GET', `/campaign-update/${tokenOf(updateUrl)}`, { ip: freshIp() })).status).toBe(200);
    // Staff read them from the submission and the post, not from the outbox.
    expect((await details(submissionId)).report_url).toBe(reportUrl);
    expect((await admin('GET', `/admin/posts/${post.id}`)).body.campaign.update_url).toBe(updateUrl);
  });

  it("the week's summary leaves with the report link whole; the stored copy loses it", async () => {
    const job = await t.handle.db.selectFrom('jobs').selectAll().where('dedupe_key', '=', `sponsor-report-summary:${submissionId}`).executeTakeFirstOrThrow();
    // The week passes: the job is due now.
    await t.handle.db.updateTable('jobs').set({ run_at: 0 }).where('id', '=', job.id).execute();
    await t.deps.jobs.whenIdle();

    const mail = await sentMail(email, 'sponsor_report_summary');
    expect(mail.text).toContain(reportUrl);
    expectCut(mail, [reportUrl]);
    expect((await t.request('GET', `/sponsor-report/${tokenOf(reportUrl)}`, { ip: freshIp() })).status).toBe(200);
  });
});

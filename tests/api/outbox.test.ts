/**
 * The owner's outbox (decisions 048 and 049): the list and each mail with
 * its links; what a mail-sending action answers about its mail (kept, sent
 * or failed, and the link to copy when it did not leave); and the links that
 * work as keys, cut out of the stored mail once it was sent through SMTP, or
 * when they expire for a mail that is only kept. Runs on SQLite and on
 * PostgreSQL, without a mail server and with a real one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import type { MailDeliveryJson, OutboxMailJson, OutboxPageJson } from '../../common/answers.ts';
import { migrationsFor } from '../../server/db/migrate.ts';
import { redactExpiredOutboxLinks } from '../../server/db/queries/outbox.ts';
import { pruneExpiredRows } from '../../server/maintenance.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { uniqueEmail } from '../helpers/emails.ts';
import { createTestApp, freshIp, useTestApp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'a long enough staff password';
const now = () => Math.floor(Date.now() / 1000);

const outboxOf = async (app: TestApp, query = '') => {
  const response = await app.request('GET', `/admin/outbox${query}`, { token: await app.adminToken() });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as OutboxPageJson;
};
const mailOf = async (app: TestApp, id: number) => {
  const response = await app.request('GET', `/admin/outbox/${id}`, { token: await app.adminToken() });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as OutboxMailJson;
};
const invite = async (app: TestApp, email: string) => {
  const response = await app.request('POST', '/admin/users', { token: await app.adminToken(), body: { email, role: 'editor' } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; email: string; mail: MailDeliveryJson };
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
/** The newest mail of `kind` to `to` once it reached `status`: a reset is mailed after the answer. */
async function waitForMail(app: TestApp, to: string, kind: string, status: string) {
  for (let tries = 0; tries < 200; tries += 1) {
    const row = await app.handle.db.selectFrom('outbox').selectAll().where('to_address', '=', to).where('kind', '=', kind).orderBy('id', 'desc').executeTakeFirst();
    if (row?.status === status) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${status} ${kind} mail to ${to}`);
}

describe('without a mail server', () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://showcase.example' } });

  it('answers an invitation with its mail kept in the outbox and the link to copy, which works', async () => {
    const email = uniqueEmail('colleague');
    const { mail } = await invite(t, email);
    expect(mail).toEqual({ delivery: 'kept', outbox_id: expect.any(Number), link: expect.stringMatching(/^https:\/\/showcase\.example\/admin\/accept-invite\?token=[\w-]{43}$/) });

    const kept = await mailOf(t, mail.outbox_id as number);
    expect(kept).toMatchObject({ kind: 'staff_invitation', to: email, status: 'stored', error: null, link_removed: null });
    expect(kept.links).toEqual([mail.link]);
    expect(kept.link_expires_at).toBeGreaterThan(now() + 71 * 60 * 60);
    expect(kept.text).toContain(mail.link);

    const accepted = await t.request('POST', '/auth/accept-invite', { body: { token: tokenOf(mail.link ?? ''), name: 'Copied Link', password: PASSWORD }, ip: freshIp() });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });

  it('lists mails newest first, paged, with the count of each status, and filters by status', async () => {
    const first = await invite(t, uniqueEmail('colleague'));
    const second = await invite(t, uniqueEmail('colleague'));
    const page = await outboxOf(t, '?limit=1');
    expect(page.delivery).toBe('outbox');
    expect(page.mails).toEqual([
      {
        id: second.mail.outbox_id,
        kind: 'staff_invitation',
        to: second.email,
        subject: expect.stringContaining('invited'),
        status: 'stored',
        error: null,
        created_at: expect.any(Number),
        sent_at: null,
      },
    ]);
    expect(page.counts.stored).toBeGreaterThanOrEqual(2);
    expect(page.next_token).toEqual(expect.any(String));
    const next = await outboxOf(t, `?limit=1&next_token=${page.next_token}`);
    expect(next.mails.map((mail) => mail.id)).toEqual([first.mail.outbox_id]);

    expect((await outboxOf(t, '?status=sent')).mails).toEqual([]);
    const wrong = await t.request('GET', '/admin/outbox?status=lost', { token: await t.adminToken() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('status must be one of pending, sent, failed, stored');
    expect((await t.request('GET', '/admin/outbox/999999', { token: await t.adminToken() })).status).toBe(404);
  });

  it('cuts a kept link out when it expires, and hides it on the screen as soon as it has', async () => {
    const { mail } = await invite(t, uniqueEmail('colleague'));
    const id = mail.outbox_id as number;
    const link = mail.link ?? '';
    // Its time passes: the owner no longer sees it, though the hourly clean-up has not run.
    await t.handle.db.updateTable('outbox').set({ redact_after: now() - 1 }).where('id', '=', id).execute();
    const shown = await mailOf(t, id);
    expect(shown.text).not.toContain(link);
    expect(shown.text).toContain('[link removed: it has expired]');
    expect(shown).toMatchObject({ link_removed: 'expired', links: [] });

    // The clean-up then takes it out of the stored row.
    await pruneExpiredRows(t.handle.db);
    const row = await t.handle.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.text_body).not.toContain(tokenOf(link));
    expect(row.text_body).toContain('[link removed: it has expired]');
    expect(row).toMatchObject({ secret_link: null, redacted_at: expect.any(Number) });
  });

  it('leaves a kept link as it is until the second it expires', async () => {
    const { mail } = await invite(t, uniqueEmail('colleague'));
    const id = mail.outbox_id as number;
    const rowOf = () => t.handle.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const before = await rowOf();
    const expiresAt = before.redact_after ?? 0;
    await redactExpiredOutboxLinks(t.handle.db, expiresAt - 1);
    expect(await rowOf()).toEqual(before);
    await redactExpiredOutboxLinks(t.handle.db, expiresAt);
    expect(await rowOf()).toMatchObject({ secret_link: null, redacted_at: expiresAt });
  });

  it("never shows the owner a colleague's reset link: the kept mail says it is for its recipient alone", async () => {
    const editor = uniqueEmail('editor');
    await t.createUserWithRole(editor, PASSWORD, 'editor');
    const requested = await t.request('POST', '/auth/forgot-password', { body: { email: editor }, ip: freshIp() });
    expect(requested.status).toBe(202);
    const row = await waitForMail(t, editor, 'password_reset', 'stored');
    expect(row.text_body).not.toMatch(/token=/);
    expect(row.text_body).toContain('[link removed: it is for its recipient alone]');
    expect(row).toMatchObject({ secret_link: null, redacted_at: expect.any(Number) });
    const shown = await mailOf(t, row.id);
    expect(shown).toMatchObject({ status: 'stored', link_removed: 'private', links: [] });
    expect(shown.text).not.toMatch(/reset-password/);
  });
});

describe('with a mail server', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://showcase.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('answers an invitation as sent, without the link, and keeps no working token once it left', async () => {
    const email = uniqueEmail('colleague');
    const { mail } = await invite(t, email);
    expect(mail).toEqual({ delivery: 'sent', outbox_id: expect.any(Number) });

    const received = sink.to(email).at(-1)?.parsed.text ?? '';
    const link = /https:\/\/showcase\.example\/admin\/accept-invite\?token=[\w-]+/.exec(received)?.[0] ?? '';
    expect(link).not.toBe('');
    const row = await t.handle.db.selectFrom('outbox').selectAll().where('id', '=', mail.outbox_id as number).executeTakeFirstOrThrow();
    expect(row.text_body).not.toContain(tokenOf(link));
    expect(row.text_body).toContain('[link removed once the mail was sent]');
    expect(row).toMatchObject({ status: 'sent', secret_link: null, redacted_at: expect.any(Number) });
    // No column of the row holds the token.
    expect(JSON.stringify(row)).not.toContain(tokenOf(link));

    const shown = await mailOf(t, row.id);
    expect(shown).toMatchObject({ status: 'sent', link_removed: 'sent', links: [] });
    const page = await outboxOf(t);
    expect(page.delivery).toBe('smtp');
    expect(page.mails[0]).toMatchObject({ id: row.id, status: 'sent', sent_at: expect.any(Number) });

    // The invitee's own copy still works.
    const accepted = await t.request('POST', '/auth/accept-invite', { body: { token: tokenOf(link), name: 'By Mail', password: PASSWORD }, ip: freshIp() });
    expect(accepted.status).toBe(201);
  });

  it("gives the owner no working reset link of a colleague whose mail the server refused, while one that left works", async () => {
    const editor = uniqueEmail('editor');
    await t.createUserWithRole(editor, PASSWORD, 'editor');
    sink.setRecipientRule((address) => (address === editor ? { code: 550, message: 'No such mailbox' } : undefined));
    try {
      expect((await t.request('POST', '/auth/forgot-password', { body: { email: editor }, ip: freshIp() })).status).toBe(202);
      const refused = await waitForMail(t, editor, 'password_reset', 'failed');
      expect(JSON.stringify(refused)).not.toMatch(/token=/);
      expect(await mailOf(t, refused.id)).toMatchObject({ status: 'failed', link_removed: 'private', links: [] });
    } finally {
      sink.setRecipientRule(undefined);
    }

    // Asked again with the mail server taking it: the colleague's own copy works, the owner's has no link.
    expect((await t.request('POST', '/auth/forgot-password', { body: { email: editor }, ip: freshIp() })).status).toBe(202);
    const sent = await waitForMail(t, editor, 'password_reset', 'sent');
    const link = /https:\/\/showcase\.example\/admin\/reset-password\?token=[\w-]+/.exec(sink.to(editor).at(-1)?.parsed.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
    expect(JSON.stringify(sent)).not.toContain(tokenOf(link));
    const shown = await mailOf(t, sent.id);
    expect(shown).toMatchObject({ status: 'sent', link_removed: 'private', links: [] });
    expect(JSON.stringify(shown)).not.toContain(tokenOf(link));
    expect((await t.request('GET', `/auth/reset-password/${tokenOf(link)}`, { ip: freshIp() })).status).toBe(200);
  });

  it('cuts the link of a sent password reset out too', async () => {
    const requested = await t.request('POST', '/auth/forgot-password', { body: { email: 'admin@example.com' }, ip: freshIp() });
    expect(requested.status).toBe(202);
    const row = await waitForMail(t, 'admin@example.com', 'password_reset', 'sent');
    expect(row).toMatchObject({ status: 'sent', secret_link: null });
    expect(row.text_body).not.toMatch(/token=/);
  });

  it('answers a refused invitation as failed with the link to copy, and lists the error', async () => {
    const email = uniqueEmail('refused');
    sink.setRecipientRule((address) => (address === email ? { code: 550, message: 'No such mailbox' } : undefined));
    try {
      const { mail } = await invite(t, email);
      expect(mail).toEqual({ delivery: 'failed', outbox_id: expect.any(Number), link: expect.stringContaining('/admin/accept-invite?token=') });
      const listed = (await outboxOf(t, '?status=failed')).mails.find((row) => row.id === mail.outbox_id);
      expect(listed).toMatchObject({ status: 'failed', error: expect.stringContaining('550') });
      // Not delivered: the owner can still read the link until it expires.
      expect((await mailOf(t, mail.outbox_id as number)).links).toEqual([mail.link]);
    } finally {
      sink.setRecipientRule(undefined);
    }
  });
});

describe('mails kept before links were cut out', () => {
  const t = useTestApp();

  it('lose their sent links at migration, and keep the others until they expire', async () => {
    const { db, engine } = t.handle;
    // Back to the schema before the outbox migration, with mails in it as that version kept them.
    const names = Object.keys(migrationsFor(engine)).sort();
    const before = names[names.indexOf('2026-11-28-0019-outbox') - 1] ?? '';
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(engine) } });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    const sentLink = 'https://showcase.example/admin/reset-password?token=sent-token-1234';
    const keptLink = 'https://showcase.example/admin/accept-invite?token=kept-token-5678';
    const mail = (kind: string, link: string, status: string) => ({
      kind,
      to_address: 'old@example.com',
      subject: 'Old',
      text_body: `Open this link:\n${link}\n`,
      status,
      error: null,
      created_at: now(),
      sent_at: null,
    });
    // The table as it was, without the new columns in the types.
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old.insertInto('outbox').values([mail('password_reset', sentLink, 'sent'), mail('staff_invitation', keptLink, 'stored')]).execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('outbox').selectAll().where('to_address', '=', 'old@example.com').orderBy('id').execute();
    expect(rows[0]).toMatchObject({ secret_link: null, redacted_at: expect.any(Number) });
    expect(rows[0]?.text_body).toBe('Open this link:\n[link removed once the mail was sent]\n');
    expect(rows[1]).toMatchObject({ secret_link: keptLink, redacted_at: null, text_body: `Open this link:\n${keptLink}\n` });
    expect((rows[1]?.redact_after ?? 0) - (rows[1]?.created_at ?? 0)).toBe(72 * 60 * 60);
  });
});

/**
 * Staff send a pending subscriber its confirmation link again: a new link
 * (the old one stops working), at most every ten minutes per address, only
 * for pending subscribers; the answer says where the mail went and never
 * carries the link (the subscriber's consent is theirs to give). Runs on
 * SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { subscribersService } from '../../server/services/newsletter/subscribers.ts';
import { uniqueEmail } from '../helpers/emails.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const resend = async (id: number) =>
  t.request('POST', `/admin/submissions/newsletter/${id}/resend-confirmation`, { token: await t.adminToken() });

/** Signs `email` up and returns its subscriber id. */
async function signUp(email: string): Promise<number> {
  const response = await t.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() });
  expect(response.status).toBe(201);
  const row = await t.handle.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

const confirmationTokens = async (email: string) =>
  (await t.handle.db.selectFrom('outbox').select('text_body').where('to_address', '=', email).where('kind', '=', 'newsletter_confirmation').orderBy('id').execute()).map(
    (row) => /\/newsletter\/confirm\?token=([\w-]+)/.exec(row.text_body)?.[1] ?? '',
  );

/** As if the last link went out eleven minutes ago. */
const lastMailedLongAgo = (id: number) =>
  t.handle.db.updateTable('newsletter_subscribers').set({ confirm_sent_at: Math.floor(Date.now() / 1000) - 11 * 60 }).where('id', '=', id).execute();

describe('POST /api/admin/submissions/newsletter/{id}/resend-confirmation', () => {
  it('mails a new link, kept in the outbox without a mail server, and only the new link confirms', async () => {
    const email = uniqueEmail('pending');
    const id = await signUp(email);
    await lastMailedLongAgo(id);

    const answer = await resend(id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ mail: { delivery: 'kept', outbox_id: expect.any(Number) } });
    const [first, second] = await confirmationTokens(email);
    expect(second).toMatch(/^[\w-]{43}$/);
    expect(second).not.toBe(first);

    const subscribers = subscribersService(t.deps);
    expect(await subscribers.isConfirmable(first ?? '')).toBe(false);
    await subscribers.confirm(second ?? '');
    const row = await t.handle.db.selectFrom('newsletter_subscribers').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('active');

    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'subscriber.confirmation_resent').execute();
    expect(audit).toEqual([expect.objectContaining({ entity: 'subscriber', entity_id: String(id) })]);
    expect(JSON.stringify(audit)).not.toContain(second);
  });

  it("refuses a second link within ten minutes of the last, the signup's included, with when to try again", async () => {
    const email = uniqueEmail('pending');
    const id = await signUp(email);
    const refused = await resend(id);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
    expect(await confirmationTokens(email)).toHaveLength(1);

    await lastMailedLongAgo(id);
    expect((await resend(id)).status).toBe(200);
    expect((await resend(id)).status).toBe(429);
    expect(await confirmationTokens(email)).toHaveLength(2);
  });

  it('refuses an address that is not pending with 409, and an unknown one with 404', async () => {
    const id = await signUp(uniqueEmail('pending'));
    await t.handle.db.updateTable('newsletter_subscribers').set({ status: 'active', confirm_sent_at: 0 }).where('id', '=', id).execute();
    const refused = await resend(id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'INVALID_STATUS_TRANSITION', message: 'Only a pending subscriber can be sent the confirmation link again.' });
    expect((await resend(999999)).status).toBe(404);
  });

  it('sends one mail for two requests at once', async () => {
    const email = uniqueEmail('pending');
    const id = await signUp(email);
    await lastMailedLongAgo(id);
    const statuses = (await Promise.all([resend(id), resend(id)])).map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 429]);
    expect(await confirmationTokens(email)).toHaveLength(2);
  });
});

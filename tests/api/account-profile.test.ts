/**
 * A member of staff's own name and address (decision 052): the name saved
 * at once; a new address confirmed by a link mailed to it, or changed at once
 * when no mail server is set up, with the answer saying so; the password
 * asked first; another account's address refused; and the sign-in alerts
 * that follow the account to its new address, while the address left
 * behind is told of the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountProfileJson } from '../../common/answers.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

let counter = 0;
async function staffOn(t: TestApp) {
  counter += 1;
  const account = { email: `profile-${counter}@example.com`, password: `a long password ${counter}` };
  await t.createUserWithRole(account.email, account.password, 'editor');
  const signedIn = await t.request<{ access_token: string }>('POST', '/auth/login', { body: account, ip: freshIp(), headers: { 'user-agent': CHROME } });
  expect(signedIn.status).toBe(200);
  return { ...account, token: signedIn.body.access_token };
}

const userRow = (t: TestApp, email: string) =>
  t.handle.db.selectFrom('users').select(['id', 'email', 'name']).where('email', '=', email).executeTakeFirst();

const saveProfile = (t: TestApp, token: string, body: unknown) =>
  t.request<AccountProfileJson & { error?: string; message?: string }>('PUT', '/admin/account/profile', { token, body, ip: freshIp() });

describe('without a mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves the name alone at once, without asking for the password', async () => {
    const staff = await staffOn(t);
    const answer = await saveProfile(t, staff.token, { name: '  Ada Lovelace ', email: staff.email });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ name: 'Ada Lovelace', email: staff.email, email_change: 'unchanged', pending_email: null });
    expect(await userRow(t, staff.email)).toMatchObject({ name: 'Ada Lovelace' });
    const me = await t.request('GET', '/admin/me', { token: staff.token });
    expect(me.body).toMatchObject({ name: 'Ada Lovelace', email: staff.email });
  });

  it('changes the address at once, says no mail could confirm it, and keeps no link in the outbox', async () => {
    const staff = await staffOn(t);
    const answer = await saveProfile(t, staff.token, { name: 'Grace', email: 'Grace.Hopper@Example.org', current_password: staff.password });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ name: 'Grace', email: 'grace.hopper@example.org', email_change: 'changed', pending_email: null });
    expect(await userRow(t, staff.email)).toBeUndefined();
    expect(await userRow(t, 'grace.hopper@example.org')).toMatchObject({ name: 'Grace' });
    const kept = await t.handle.db.selectFrom('outbox').select('kind').where('kind', '=', 'email_change').execute();
    expect(kept).toEqual([]);
    const entry = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'account.email_changed').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ user_email: 'grace.hopper@example.org', entity: 'user' });

    // The address left behind is told, kept in the outbox, with the new one masked.
    const notices = await t.handle.db.selectFrom('outbox').selectAll().where('kind', '=', 'email_changed').execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ to_address: staff.email, status: 'stored', subject: 'Your sign-in address for Crowdfunding Showcase was changed' });
    expect(notices[0]?.text_body).toContain(`was changed from ${staff.email} to g***@example.org on `);
    expect(notices[0]?.text_body).toContain('If this was not you, someone else may be using your account');
    expect(notices[0]?.text_body).not.toContain('grace.hopper');

    // The old address no longer signs in; the new one does, and the alert of a new device goes there.
    const old = await t.request('POST', '/auth/login', { body: { email: staff.email, password: staff.password }, ip: freshIp() });
    expect(old.status).toBe(401);
    const fresh = await t.request('POST', '/auth/login', {
      body: { email: 'grace.hopper@example.org', password: staff.password },
      ip: freshIp(),
      headers: { 'user-agent': FIREFOX },
    });
    expect(fresh.status).toBe(200);
    await expect
      .poll(async () => (await t.handle.db.selectFrom('outbox').select('to_address').where('kind', '=', 'new_sign_in').execute()).map((row) => row.to_address))
      .toEqual(['grace.hopper@example.org']);
  });

  it('asks for the current password before changing the address, and changes nothing without it', async () => {
    const staff = await staffOn(t);
    for (const password of [undefined, 'not the password']) {
      const answer = await saveProfile(t, staff.token, { name: 'Mallory', email: 'mallory@example.net', ...(password ? { current_password: password } : {}) });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'INVALID_CREDENTIALS', message: 'Current password is incorrect' });
    }
    expect(await userRow(t, staff.email)).toMatchObject({ email: staff.email, name: '' });
  });

  it('refuses another account\'s address and a malformed one, naming the field', async () => {
    const staff = await staffOn(t);
    const other = await staffOn(t);
    const taken = await saveProfile(t, staff.token, { name: '', email: other.email.toUpperCase(), current_password: staff.password });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'EMAIL_TAKEN', message: `${other.email} is the address of another account.` });
    const malformed = await saveProfile(t, staff.token, { name: '', email: 'nobody', current_password: staff.password });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('Email must contain an @ symbol') });
    const long = await saveProfile(t, staff.token, { name: 'x'.repeat(101), email: staff.email });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('Name must be at most 100 characters');
    expect(await userRow(t, staff.email)).toMatchObject({ email: staff.email, name: '' });
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

  const linkIn = (text: string) => {
    const link = text.match(/https:\/\/showcase\.example\/admin\/confirm-email\?token=(\S+)/);
    if (!link?.[1]) throw new Error(`no confirmation link in: ${text}`);
    return link[1];
  };

  it('mails a link to the new address and changes it only when the link is opened, once', async () => {
    const staff = await staffOn(t);
    const answer = await saveProfile(t, staff.token, { name: 'Katherine', email: 'katherine@example.org', current_password: staff.password });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ name: 'Katherine', email: staff.email, email_change: 'confirmation_sent', pending_email: 'katherine@example.org' });
    expect(await userRow(t, staff.email)).toMatchObject({ name: 'Katherine' });

    await sink.waitFor(1);
    const [mail] = sink.to('katherine@example.org');
    expect(mail?.parsed.subject).toBe('Confirm your new address for Crowdfunding Showcase');
    const token = linkIn(mail?.parsed.text ?? '');
    // Asked, not yet changed: the old address has nothing to be told.
    expect(sink.to(staff.email)).toEqual([]);

    const confirmed = await t.request('POST', '/account/confirm-email', { body: { token }, ip: freshIp() });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email: 'katherine@example.org' });
    expect(confirmed.headers.get('cache-control')).toContain('no-store');
    expect(await userRow(t, 'katherine@example.org')).toMatchObject({ name: 'Katherine' });

    // Only once the new address is confirmed is the old one told, with the new one masked.
    await expect.poll(() => sink.to(staff.email).length).toBe(1);
    const [notice] = sink.to(staff.email);
    expect(notice?.parsed.subject).toBe('Your sign-in address for Crowdfunding Showcase was changed');
    expect(notice?.parsed.text).toContain(`was changed from ${staff.email} to k***@example.org on `);
    expect(notice?.parsed.text).not.toContain('katherine@');

    const again = await t.request('POST', '/account/confirm-email', { body: { token }, ip: freshIp() });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'INVALID_TOKEN' });
    expect(sink.to(staff.email)).toHaveLength(1);
  });

  it('refuses a forged or altered link, and a link whose address was taken meanwhile', async () => {
    const staff = await staffOn(t);
    expect((await saveProfile(t, staff.token, { name: '', email: 'wanted@example.org', current_password: staff.password })).status).toBe(200);
    await expect.poll(() => sink.to('wanted@example.org').length).toBe(1);
    const token = linkIn(sink.to('wanted@example.org')[0]?.parsed.text ?? '');

    // One character in the middle of the signature: every bit of it counts.
    const at = token.length - 10;
    const altered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    for (const bad of ['not-a-token', altered]) {
      const answer = await t.request('POST', '/account/confirm-email', { body: { token: bad }, ip: freshIp() });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: 'INVALID_TOKEN' });
    }
    const missing = await t.request('POST', '/account/confirm-email', { body: {}, ip: freshIp() });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('Token is required') });

    await t.createUserWithRole('wanted@example.org', 'someone else entirely', 'editor');
    const taken = await t.request('POST', '/account/confirm-email', { body: { token }, ip: freshIp() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'EMAIL_TAKEN' });
    expect(await userRow(t, staff.email)).toMatchObject({ email: staff.email });
    // Nothing changed, so nothing is told.
    expect(sink.to(staff.email)).toEqual([]);
  });
});

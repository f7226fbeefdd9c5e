/**
 * "Forgot your password?" through the API, with the link read from the mail
 * a real SMTP server received: the same answer for known and unknown
 * addresses, a link that works once within an hour, the password policy,
 * every session ended, the audit entry, and the limits. Runs on SQLite and
 * on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const SITE = 'https://showcase.example';
const ANSWER = { message: 'If an account exists for that address, we have sent a link to reset its password.' };
const EXPIRED = { error: 'INVALID_TOKEN', message: 'This link has expired. Ask for a new one.' };
const INVALID = { error: 'INVALID_TOKEN', message: 'This link has already been used or is not valid.' };
const NEW_PASSWORD = 'a brand new passphrase 42';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: SITE } });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let counter = 0;
/** A new staff account of its own for each test. */
async function newEditor(password = 'the old editor passphrase') {
  counter += 1;
  const email = `editor.${counter}.${Date.now()}@example.com`;
  await t.createUserWithRole(email, password, 'editor');
  return { email, password };
}

const forgot = (email: unknown, ip = freshIp()) => t.request('POST', '/auth/forgot-password', { body: { email }, ip });
const reset = (token: string, password: string) =>
  t.request('POST', '/auth/reset-password', { body: { token, password }, ip: freshIp() });
const login = (email: string, password: string) =>
  t.request('POST', '/auth/login', { body: { email, password }, ip: freshIp() });

const LINK = /(https?:\/\/\S+\/admin\/reset-password\?token=)([\w-]+)/;

/** Asks for a link and reads its token from the mail that arrives. */
async function tokenFromMail(email: string): Promise<string> {
  const before = sink.to(email).length;
  expect((await forgot(email)).status).toBe(202);
  const mails = await sink.waitForMailsTo(email, before + 1);
  const match = LINK.exec(mails.at(-1)?.parsed.text ?? '');
  if (!match?.[2]) throw new Error('no reset link in the mail');
  return match[2];
}

const resetsOf = async (email: string) =>
  t.handle.db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .selectAll('password_resets')
    .where('users.email', '=', email)
    .execute();

describe('asking for a link', () => {
  it('answers the same for a staff account, a non-staff account and an unknown address', async () => {
    const { email } = await newEditor();
    const member = `member.${Date.now()}@example.com`;
    await t.createUserWithRole(member, 'a member passphrase', 'member');
    const answers = await Promise.all([forgot(email), forgot(member), forgot(`nobody.${Date.now()}@example.com`)]);
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(ANSWER);
    }
    await sink.waitForMailsTo(email);
    expect(await resetsOf(member)).toHaveLength(0);
    expect(sink.to(member)).toHaveLength(0);
  });

  it('mails a link to the site that says who asked and that ignoring it changes nothing', async () => {
    const { email } = await newEditor();
    const ip = freshIp();
    // Addresses are matched whatever their case.
    expect((await forgot(email.toUpperCase(), ip)).status).toBe(202);
    const [mail] = await sink.waitForMailsTo(email);
    const text = mail?.parsed.text ?? '';
    expect(mail?.parsed.subject).toMatch(/reset your .* password/i);
    expect(LINK.exec(text)?.[1]).toBe(`${SITE}/admin/reset-password?token=`);
    expect(text).toContain(ip);
    expect(text).toContain('within 1 hour');
    expect(text).toMatch(/ignore this e-mail: nothing changes/);
    // Only the token's hash is kept.
    const token = LINK.exec(text)?.[2] ?? '';
    const [row] = await resetsOf(email);
    expect(row?.token_hash).not.toContain(token);
    expect(Number(row?.expires_at) - Number(row?.created_at)).toBe(60 * 60);
  });

  it('refuses a missing or malformed address with 400', async () => {
    expect((await forgot(undefined)).status).toBe(400);
    const malformed = await forgot('not-an-address');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('VALIDATION_FAILED');
  });
});

describe('using the link', () => {
  it('checks the link, refuses a weak password without changing anything, then resets once and ends every session', async () => {
    const { email, password } = await newEditor();
    const session = (await login(email, password)).body as { access_token: string; refresh_token: string };
    expect((await t.request('GET', '/admin/posts', { token: session.access_token })).status).toBe(200);

    const token = await tokenFromMail(email);
    const check = await t.request('GET', `/auth/reset-password/${token}`);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ email });

    const tooShort = await reset(token, 'short');
    expect(tooShort.status).toBe(400);
    expect(tooShort.body).toEqual({ error: 'VALIDATION_FAILED', message: 'Password must be at least 12 characters' });
    const common = await reset(token, 'password1234');
    expect(common.status).toBe(400);
    expect(common.body.message).toBe('This password is one of the most common passwords. Please choose another.');
    const weak = await reset(token, 'qwertyuiopas');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('This password is too easy to guess. This is similar to a commonly used password. Please choose a longer one, such as a few unrelated words.');
    // Nothing changed: the old password and the session still work, the link too.
    expect((await t.request('GET', '/admin/posts', { token: session.access_token })).status).toBe(200);
    expect((await login(email, password)).status).toBe(200);
    expect((await t.request('GET', `/auth/reset-password/${token}`)).status).toBe(200);

    const done = await reset(token, NEW_PASSWORD);
    expect(done.status).toBe(204);

    const refreshed = await t.request('POST', '/auth/refresh', { body: { refresh_token: session.refresh_token }, ip: freshIp() });
    expect(refreshed.status).toBe(401);
    expect((await t.request('GET', '/admin/posts', { token: session.access_token })).status).toBe(401);
    const sessions = await t.handle.db
      .selectFrom('staff_sessions')
      .innerJoin('users', 'users.id', 'staff_sessions.user_id')
      .select('staff_sessions.revoked_at')
      .where('users.email', '=', email)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((row) => row.revoked_at !== null)).toBe(true);

    expect((await login(email, password)).status).toBe(401);
    const signedIn = await login(email, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect((await t.request('GET', '/admin/posts', { token: signedIn.body.access_token })).status).toBe(200);

    // Single use.
    expect(await reset(token, 'yet another passphrase 7')).toMatchObject({ status: 400, body: INVALID });
    expect(await t.request('GET', `/auth/reset-password/${token}`)).toMatchObject({ status: 400, body: INVALID });
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('records the reset in the audit log without the token or any password', async () => {
    const { email } = await newEditor();
    const token = await tokenFromMail(email);
    expect((await reset(token, 'password1234')).status).toBe(400);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(204);

    const rows = await t.handle.db.selectFrom('audit_log').selectAll().execute();
    const entry = rows.find((row) => row.action === 'auth.password_reset' && row.user_email === email);
    expect(entry).toMatchObject({ entity: 'user', user_email: email });
    expect(entry?.ip_address).toBeTruthy();
    const everything = JSON.stringify(rows);
    for (const secret of [token, NEW_PASSWORD, 'password1234', 'the old editor passphrase']) {
      expect(everything).not.toContain(secret);
    }
  });

  it('refuses a link after its hour, saying it expired', async () => {
    const { email, password } = await newEditor();
    const token = await tokenFromMail(email);
    const [row] = await resetsOf(email);
    const past = Math.floor(Date.now() / 1000) - 1;
    await t.handle.db.updateTable('password_resets').set({ expires_at: past }).where('id', '=', Number(row?.id)).execute();

    expect(await t.request('GET', `/auth/reset-password/${token}`)).toMatchObject({ status: 400, body: EXPIRED });
    expect(await reset(token, NEW_PASSWORD)).toMatchObject({ status: 400, body: EXPIRED });
    expect((await login(email, password)).status).toBe(200);
  });

  it('refuses an unknown link', async () => {
    expect(await t.request('GET', '/auth/reset-password/not-a-real-token')).toMatchObject({ status: 400, body: INVALID });
    expect(await reset('not-a-real-token', NEW_PASSWORD)).toMatchObject({ status: 400, body: INVALID });
    expect((await reset('', NEW_PASSWORD)).status).toBe(400);
  });

  it('lets only one of two parallel uses of a link win', async () => {
    const { email } = await newEditor();
    const token = await tokenFromMail(email);
    const answers = await Promise.all([reset(token, 'first parallel passphrase'), reset(token, 'second parallel passphrase')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 400]);
    const winner = answers[0]?.status === 204 ? 'first parallel passphrase' : 'second parallel passphrase';
    expect((await login(email, winner)).status).toBe(200);
  });

  it('keeps earlier links working until one is used, which spends them all', async () => {
    const { email } = await newEditor();
    const first = await tokenFromMail(email);
    const second = await tokenFromMail(email);
    expect((await t.request('GET', `/auth/reset-password/${first}`)).status).toBe(200);
    expect((await reset(second, NEW_PASSWORD)).status).toBe(204);
    expect(await reset(first, 'another new passphrase 9')).toMatchObject({ status: 400, body: INVALID });
  });
});

describe('limits', () => {
  it('stops mailing one address past its limit while answering as usual', async () => {
    const { email } = await newEditor();
    const max = t.deps.rateLimits.forgotPasswordPerAddress.max;
    for (let i = 0; i < max + 2; i += 1) {
      const answer = await forgot(email);
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(ANSWER);
    }
    expect(await resetsOf(email)).toHaveLength(max);
    await sink.waitForMailsTo(email, max);
  });

  it('refuses too many requests from one client address with 429', async () => {
    const ip = freshIp();
    const max = t.deps.rateLimits.forgotPasswordPerIp.max;
    for (let i = 0; i < max; i += 1) {
      expect((await forgot(`stranger.${i}.${Date.now()}@example.com`, ip)).status).toBe(202);
    }
    const refused = await forgot(`stranger.last.${Date.now()}@example.com`, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});

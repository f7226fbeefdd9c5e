/**
 * A member of staff's own sessions and password: the list with each
 * device, ending one session or all the others, a password change that
 * signs out everywhere else, and the mail about a sign-in from a new device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const LINUX_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

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

let counter = 0;
async function createStaff() {
  counter += 1;
  const email = `account-${counter}@example.com`;
  const password = `a long password ${counter}`;
  await t.createUserWithRole(email, password, 'editor');
  return { email, password };
}

interface Device {
  ip: string;
  userAgent: string;
}

const device = (userAgent = MAC_CHROME): Device => ({ ip: freshIp(), userAgent });

async function signIn(account: { email: string; password: string }, from: Device) {
  const response = await t.request('POST', '/auth/login', {
    body: account,
    ip: from.ip,
    headers: { 'user-agent': from.userAgent },
  });
  expect(response.status).toBe(200);
  return response.body as { access_token: string; refresh_token: string };
}

const call = (method: string, path: string, token: string, body?: unknown) =>
  t.request(method, path, { token, ...(body === undefined ? {} : { body }) });

const refresh = (refreshToken: string) => t.request('POST', '/auth/refresh', { body: { refresh_token: refreshToken }, ip: freshIp() });

describe('sessions', () => {
  it('lists the active sessions with their device and address, this one marked', async () => {
    const account = await createStaff();
    const mac = device(MAC_CHROME);
    const windows = device(WINDOWS_FIREFOX);
    const a = await signIn(account, mac);
    await signIn(account, windows);
    const list = await call('GET', '/admin/account/sessions', a.access_token);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    const current = list.body.find((session: { current: boolean }) => session.current);
    expect(current).toMatchObject({ device: 'Chrome 131 on macOS', ip_address: mac.ip, current: true });
    expect(current.id).toEqual(expect.any(String));
    expect(current.created_at).toEqual(expect.any(Number));
    expect(current.last_used_at).toEqual(expect.any(Number));
    const other = list.body.find((session: { current: boolean }) => !session.current);
    expect(other).toMatchObject({ device: 'Firefox 133 on Windows 10', ip_address: windows.ip, current: false });
  });

  it('ends one session at once: its access token and its refresh token stop working', async () => {
    const account = await createStaff();
    const a = await signIn(account, device());
    const b = await signIn(account, device(WINDOWS_FIREFOX));
    const list = await call('GET', '/admin/account/sessions', a.access_token);
    const otherId = list.body.find((session: { current: boolean }) => !session.current).id;

    expect((await call('DELETE', `/admin/account/sessions/${otherId}`, a.access_token)).status).toBe(204);
    const refused = await call('GET', '/admin/me', b.access_token);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('INVALID_TOKEN');
    expect((await refresh(b.refresh_token)).status).toBe(401);
    expect((await call('GET', '/admin/me', a.access_token)).status).toBe(200);
    expect((await call('GET', '/admin/account/sessions', a.access_token)).body).toHaveLength(1);
    // Gone now, as is anyone else's.
    expect((await call('DELETE', `/admin/account/sessions/${otherId}`, a.access_token)).status).toBe(404);
    const stranger = await signIn(await createStaff(), device());
    expect((await call('DELETE', `/admin/account/sessions/${list.body[0].id}`, stranger.access_token)).status).toBe(404);
    expect((await call('GET', '/admin/me', a.access_token)).status).toBe(200);
  });

  it('signs out every other session', async () => {
    const account = await createStaff();
    const a = await signIn(account, device());
    const others = [await signIn(account, device(LINUX_CHROME)), await signIn(account, device(WINDOWS_FIREFOX))];
    expect((await call('POST', '/admin/account/sessions/revoke-others', a.access_token)).status).toBe(204);
    for (const other of others) {
      expect((await call('GET', '/admin/me', other.access_token)).status).toBe(401);
      expect((await refresh(other.refresh_token)).status).toBe(401);
    }
    const list = await call('GET', '/admin/account/sessions', a.access_token);
    expect(list.body).toEqual([expect.objectContaining({ current: true })]);
    const renewed = await refresh(a.refresh_token);
    expect(renewed.status).toBe(200);
  });
});

describe('password change', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const account = await createStaff();
    const a = await signIn(account, device());
    const b = await signIn(account, device(LINUX_CHROME));
    const wrong = await call('POST', '/admin/account/password', a.access_token, {
      current_password: 'not my password',
      new_password: 'a brand new passphrase',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'INVALID_CREDENTIALS', message: 'Current password is incorrect' });
    expect((await call('GET', '/admin/me', b.access_token)).status).toBe(200);
    await signIn(account, device());
  });

  it('refuses a weak new password', async () => {
    const account = await createStaff();
    const a = await signIn(account, device());
    const short = await call('POST', '/admin/account/password', a.access_token, { current_password: account.password, new_password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 12 characters');
    const common = await call('POST', '/admin/account/password', a.access_token, {
      current_password: account.password,
      new_password: 'password1234',
    });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe('This password is one of the most common passwords. Please choose another.');
    // Not on any list, yet a row of the keyboard.
    const weak = await call('POST', '/admin/account/password', a.access_token, {
      current_password: account.password,
      new_password: 'qwertyuiopas',
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'This password is too easy to guess. This is similar to a commonly used password. Please choose a longer one, such as a few unrelated words.',
    });
    await signIn(account, device());
  });

  it('sets the new password and ends every other session, not this one', async () => {
    const account = await createStaff();
    const a = await signIn(account, device());
    const b = await signIn(account, device(LINUX_CHROME));
    const changed = await call('POST', '/admin/account/password', a.access_token, {
      current_password: account.password,
      new_password: 'a brand new passphrase',
    });
    expect(changed.status).toBe(204);
    expect((await call('GET', '/admin/me', a.access_token)).status).toBe(200);
    expect((await call('GET', '/admin/me', b.access_token)).status).toBe(401);
    expect((await refresh(b.refresh_token)).status).toBe(401);
    expect((await refresh(a.refresh_token)).status).toBe(200);
    const old = await t.request('POST', '/auth/login', { body: account, ip: freshIp() });
    expect(old.status).toBe(401);
    await signIn({ email: account.email, password: 'a brand new passphrase' }, device());
    const audit = await t.handle.db.selectFrom('audit_log').select('action').where('user_email', '=', account.email).execute();
    expect(audit.map((row) => row.action)).toContain('auth.password_changed');
  });
});

describe('new-device mail', () => {
  it('tells the user of a sign-in from a new device, once per device, and not on the first sign-in', async () => {
    const account = await createStaff();
    const home = device(MAC_CHROME);
    const travel = device(WINDOWS_FIREFOX);
    const phone = device(LINUX_CHROME);
    await signIn(account, home);
    await signIn(account, travel);
    await signIn(account, travel);
    await signIn(account, home);
    await signIn(account, phone);
    await sink.waitFor(2);
    // Time for a mail that should not exist to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = sink.to(account.email);
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((mail) => mail.parsed.text ?? '');
    expect(mails[0]?.parsed.subject).toBe('New sign-in to Crowdfunding Showcase');
    expect(first).toContain('Device: Firefox 133 on Windows 10');
    expect(first).toContain(`Address: ${travel.ip}`);
    expect(first).toMatch(/When: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/);
    expect(first).toContain('https://showcase.example/admin/account');
    expect(second).toContain('Device: Chrome 130 on Linux');
    const outbox = await t.handle.db.selectFrom('outbox').select('kind').where('to_address', '=', account.email).execute();
    expect(outbox.map((row) => row.kind)).toEqual(['new_sign_in', 'new_sign_in']);
  });
});

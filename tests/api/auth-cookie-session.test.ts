import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
const COOKIE = { 'x-session-transport': 'cookie' };

/** The cookies of an answer, by name, with their attributes as written. */
function cookiesOf(headers: Headers): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of headers.getSetCookie()) cookies.set(line.split('=')[0] ?? '', line);
  return cookies;
}

const valueOf = (line: string | undefined) => line?.split(';')[0]?.split('=').slice(1).join('=') ?? '';

async function cookieLogin(headers: Record<string, string> = {}) {
  const response = await t.request('POST', '/auth/login', {
    body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    headers: { ...COOKIE, ...headers },
    ip: freshIp(),
  });
  expect(response.status).toBe(200);
  const cookies = cookiesOf(response.headers);
  return { body: response.body, refresh: valueOf(cookies.get('admin_refresh')), csrf: valueOf(cookies.get('admin_csrf')), cookies };
}

const sendCookies = (session: { refresh: string; csrf: string }) => `admin_refresh=${session.refresh}; admin_csrf=${session.csrf}`;

describe('the back office session in cookies', () => {
  it('keeps the refresh token in an HttpOnly, SameSite=Strict cookie on /api/auth and leaves it out of the body', async () => {
    const session = await cookieLogin();

    expect(session.body.access_token).toEqual(expect.any(String));
    expect(session.body.id_token).toEqual(expect.any(String));
    expect(session.body).not.toHaveProperty('refresh_token');
    const refreshCookie = session.cookies.get('admin_refresh') ?? '';
    expect(refreshCookie).toMatch(/; HttpOnly/);
    expect(refreshCookie).toMatch(/; SameSite=Strict/);
    expect(refreshCookie).toMatch(/; Path=\/api\/auth/);
    expect(refreshCookie).not.toMatch(/; Secure/);
    // Readable by the page, which repeats it in a header.
    const csrfCookie = session.cookies.get('admin_csrf') ?? '';
    expect(csrfCookie).not.toMatch(/HttpOnly/);
    expect(csrfCookie).toMatch(/; SameSite=Strict/);
    expect(session.csrf.length).toBeGreaterThanOrEqual(24);
  });

  it('marks both cookies Secure when the visitor came over HTTPS', async () => {
    const session = await cookieLogin({ 'x-forwarded-proto': 'https' });
    expect(session.cookies.get('admin_refresh')).toMatch(/; Secure/);
    expect(session.cookies.get('admin_csrf')).toMatch(/; Secure/);
  });

  it('refreshes from the cookie with the CSRF header, rotating both cookies', async () => {
    const session = await cookieLogin();
    const response = await t.request('POST', '/auth/refresh', {
      body: {},
      headers: { ...COOKIE, cookie: sendCookies(session), 'x-csrf-token': session.csrf },
    });

    expect(response.status).toBe(200);
    expect(response.body).not.toHaveProperty('refresh_token');
    const cookies = cookiesOf(response.headers);
    const rotated = valueOf(cookies.get('admin_refresh'));
    expect(rotated).not.toBe('');
    expect(rotated).not.toBe(session.refresh);
    expect((await t.request('GET', '/admin/posts', { token: response.body.access_token })).status).toBe(200);
  });

  it('refuses a cookie refresh without the CSRF header, or with another one, and changes nothing', async () => {
    const session = await cookieLogin();
    for (const headers of [{}, { 'x-csrf-token': 'forged' }, { 'x-csrf-token': '' }] as Record<string, string>[]) {
      const response = await t.request('POST', '/auth/refresh', {
        body: {},
        headers: { ...COOKIE, cookie: sendCookies(session), ...headers },
      });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('CSRF_FAILED');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // The session was not spent by the refused calls.
    const honest = await t.request('POST', '/auth/refresh', {
      body: {},
      headers: { ...COOKIE, cookie: sendCookies(session), 'x-csrf-token': session.csrf },
    });
    expect(honest.status).toBe(200);
  });

  it('signs out through the cookie: the session ends and both cookies are cleared', async () => {
    const session = await cookieLogin();
    const headers = { ...COOKIE, cookie: sendCookies(session), 'x-csrf-token': session.csrf };

    const logout = await t.request('POST', '/auth/logout', { body: {}, headers });
    expect(logout.status).toBe(204);
    const cleared = cookiesOf(logout.headers);
    expect(cleared.get('admin_refresh')).toMatch(/Max-Age=0/);
    expect(cleared.get('admin_csrf')).toMatch(/Max-Age=0/);

    expect((await t.request('POST', '/auth/refresh', { body: {}, headers })).status).toBe(401);
    expect((await t.request('GET', '/admin/posts', { token: session.body.access_token })).status).toBe(401);
  });

  it('clears the cookies when the refresh token they hold is no longer valid', async () => {
    const session = await cookieLogin();
    const headers = { ...COOKIE, cookie: sendCookies(session), 'x-csrf-token': session.csrf };
    expect((await t.request('POST', '/auth/refresh', { body: {}, headers })).status).toBe(200);

    // The spent token again: refused, and the browser is told to forget it.
    const replay = await t.request('POST', '/auth/refresh', { body: {}, headers });
    expect(replay.status).toBe(401);
    expect(cookiesOf(replay.headers).get('admin_refresh')).toMatch(/Max-Age=0/);
  });

  it('leaves API clients as they were: refresh tokens in JSON, no cookies', async () => {
    const login = await t.request('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, ip: freshIp() });
    expect(login.status).toBe(200);
    expect(login.body.refresh_token).toEqual(expect.any(String));
    expect(login.headers.getSetCookie()).toEqual([]);

    const refreshed = await t.request('POST', '/auth/refresh', { body: { refresh_token: login.body.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toEqual(expect.any(String));

    // A cookie alone, without asking for the cookie transport, is not read.
    const session = await cookieLogin();
    const ignored = await t.request('POST', '/auth/refresh', { body: {}, headers: { cookie: sendCookies(session), 'x-csrf-token': session.csrf } });
    expect(ignored.status).toBe(400);
  });
});

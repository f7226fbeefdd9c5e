import { createHash } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  freshIp,
  type TestApp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const INVALID_CREDENTIALS = { error: 'INVALID_CREDENTIALS', message: 'Invalid email or password' };
const INVALID_TOKEN = { error: 'INVALID_TOKEN', message: 'Your session has expired. Please sign in again.' };

let userCounter = 0;
/** A new account of its own, so no test shares sessions with another. */
async function createAccount(role: 'admin' | 'member' = 'admin') {
  userCounter += 1;
  const email = `${role}-${userCounter}-${Date.now()}@example.com`;
  const password = `password-${userCounter}`;
  await t.createUserWithRole(email, password, role);
  const user = await t.handle.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return { email, password, id: user.id };
}

const login = (email: string, password: string, ip = freshIp()) =>
  t.request('POST', '/auth/login', { body: { email, password }, ip });

const refresh = (refreshToken: string) =>
  t.request('POST', '/auth/refresh', { body: { refresh_token: refreshToken }, ip: freshIp() });

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function refreshTokenRow(token: string) {
  return t.handle.db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', hashOf(token))
    .executeTakeFirstOrThrow();
}

describe('POST /api/auth/login', () => {
  it('answers an access token, a refresh token and an id token carrying the e-mail', async () => {
    const account = await createAccount();
    const response = await login(account.email, account.password);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      id_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
    });
    const idClaims = decodeJwt(response.body.id_token);
    expect(idClaims.email).toBe(account.email);
    expect(idClaims.sub).toBe(String(account.id));
    const accessClaims = decodeJwt(response.body.access_token);
    expect(accessClaims.sub).toBe(String(account.id));
    expect((accessClaims.exp ?? 0) - (accessClaims.iat ?? 0)).toBe(900);

    // Only the hash of the refresh token is stored.
    const row = await refreshTokenRow(response.body.refresh_token);
    expect(row.user_id).toBe(account.id);
    expect(row.token_hash).not.toBe(response.body.refresh_token);
    expect(row.revoked_at).toBeNull();
    expect(row.rotated_at).toBeNull();
  });

  it('accepts the e-mail in any letter case and with surrounding spaces', async () => {
    const account = await createAccount();
    const response = await login(`  ${account.email.toUpperCase()} `, account.password);
    expect(response.status).toBe(200);
    expect(decodeJwt(response.body.id_token).email).toBe(account.email);
  });

  it('refuses a wrong password with 401 INVALID_CREDENTIALS', async () => {
    const account = await createAccount();
    const response = await login(account.email, 'not-the-password');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_CREDENTIALS);
  });

  it('refuses an unknown e-mail with exactly the same answer as a wrong password', async () => {
    const account = await createAccount();
    const wrongPassword = await login(account.email, 'not-the-password');
    const unknownEmail = await login('nobody-here@example.com', account.password);
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(unknownEmail.body).toEqual(INVALID_CREDENTIALS);
  });

  it('stores no refresh token for a refused login', async () => {
    const account = await createAccount();
    await login(account.email, 'not-the-password');
    const rows = await t.handle.db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', account.id).execute();
    expect(rows).toEqual([]);
  });

  it.each([
    ['email', { password: 'whatever' }, 'Email is required'],
    ['email', { email: '   ', password: 'whatever' }, 'Email is required'],
    ['password', { email: ADMIN_EMAIL }, 'Password is required'],
    ['password', { email: ADMIN_EMAIL, password: '' }, 'Password is required'],
  ])('refuses a login without %s with 400 naming the field (%j)', async (_field, body, message) => {
    const response = await t.request('POST', '/auth/login', { body, ip: freshIp() });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
  });
});

describe('POST /api/auth/refresh', () => {
  it('exchanges a refresh token for new tokens and spends the old one', async () => {
    const account = await createAccount();
    const session = (await login(account.email, account.password)).body;

    const refreshed = await refresh(session.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      id_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
    });
    expect(refreshed.body.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(refreshed.body.id_token).email).toBe(account.email);

    const oldRow = await refreshTokenRow(session.refresh_token);
    const newRow = await refreshTokenRow(refreshed.body.refresh_token);
    expect(oldRow.rotated_at).not.toBeNull();
    expect(newRow.family_id).toBe(oldRow.family_id);
    expect(newRow.rotated_at).toBeNull();

    // The new access token works.
    const admin = await t.request('GET', '/admin/posts', { token: refreshed.body.access_token });
    expect(admin.status).toBe(200);
  });

  it('refuses a spent refresh token with 401', async () => {
    const account = await createAccount();
    const session = (await login(account.email, account.password)).body;
    expect((await refresh(session.refresh_token)).status).toBe(200);

    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(401);
    expect(again.body).toEqual(INVALID_TOKEN);
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const account = await createAccount();
    const first = (await login(account.email, account.password)).body.refresh_token as string;
    const second = (await refresh(first)).body.refresh_token as string;
    const newest = (await refresh(second)).body.refresh_token as string;
    // Another sign-in of the same user is a different family.
    const otherSession = (await login(account.email, account.password)).body.refresh_token as string;

    const reuse = await refresh(first);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual(INVALID_TOKEN);

    const newestAfterReuse = await refresh(newest);
    expect(newestAfterReuse.status).toBe(401);
    expect(newestAfterReuse.body).toEqual(INVALID_TOKEN);

    const family = (await refreshTokenRow(first)).family_id;
    const rows = await t.handle.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('family_id', '=', family)
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.revoked_at).not.toBeNull();
    // The theft of one session leaves the user's other sessions alone.
    expect((await refreshTokenRow(otherSession)).revoked_at).toBeNull();
    expect((await refresh(otherSession)).status).toBe(200);
  });

  it('refuses an unknown refresh token with 401', async () => {
    const response = await refresh('not-a-refresh-token');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
  });

  it('refuses an expired refresh token with 401', async () => {
    const account = await createAccount();
    const session = (await login(account.email, account.password)).body;
    await t.handle.db
      .updateTable('refresh_tokens')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('token_hash', '=', hashOf(session.refresh_token))
      .execute();
    const response = await refresh(session.refresh_token);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
  });

  it('refuses a request without refresh_token with 400 naming the field', async () => {
    const response = await t.request('POST', '/auth/refresh', { body: {}, ip: freshIp() });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'Refresh token is required' });
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204 and the refresh token stops working', async () => {
    const account = await createAccount();
    const session = (await login(account.email, account.password)).body;

    const response = await t.request('POST', '/auth/logout', {
      body: { refresh_token: session.refresh_token },
      token: session.access_token,
    });
    expect(response.status).toBe(204);
    expect(response.body).toBe('');

    expect((await refreshTokenRow(session.refresh_token)).revoked_at).not.toBeNull();
    const after = await refresh(session.refresh_token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual(INVALID_TOKEN);
  });

  it('also revokes the tokens the session was refreshed into', async () => {
    const account = await createAccount();
    const session = (await login(account.email, account.password)).body;
    const refreshed = (await refresh(session.refresh_token)).body;

    await t.request('POST', '/auth/logout', { body: { refresh_token: refreshed.refresh_token } });

    expect((await refresh(refreshed.refresh_token)).status).toBe(401);
    expect((await refreshTokenRow(refreshed.refresh_token)).revoked_at).not.toBeNull();
  });

  it('answers 204 for an unknown refresh token and revokes nothing', async () => {
    const account = await createAccount();
    const session = (await login(account.email, account.password)).body;
    const response = await t.request('POST', '/auth/logout', { body: { refresh_token: 'unknown-token' } });
    expect(response.status).toBe(204);
    expect((await refreshTokenRow(session.refresh_token)).revoked_at).toBeNull();
  });
});

describe('bearer tokens on /api/admin/*', () => {
  it('accepts the access token of an administrator', async () => {
    const response = await t.request('GET', '/admin/posts', { token: await t.adminToken() });
    expect(response.status).toBe(200);
  });

  it('refuses a request without Authorization with 401', async () => {
    const response = await t.request('GET', '/admin/posts');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('refuses an Authorization header that is not a bearer token with 401', async () => {
    const response = await t.request('GET', '/admin/posts', {
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN_EMAIL}:${ADMIN_PASSWORD}`).toString('base64')}` },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
  });

  it('refuses an id token as bearer token', async () => {
    const session = await t.login();
    const response = await t.request('GET', '/admin/posts', { token: session.id_token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
  });

  it('refuses a refresh token as bearer token', async () => {
    const session = await t.login();
    const response = await t.request('GET', '/admin/posts', { token: session.refresh_token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
  });

  it('refuses garbage as bearer token', async () => {
    const response = await t.request('GET', '/admin/posts', { token: 'garbage.not.jwt' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
  });

  // The claims of a real access token, re-signed: only what the test
  // changes (key, expiry, algorithm) can make them fail.
  async function resign(options: { key?: Uint8Array; expiresAt?: number }) {
    const claims = decodeJwt(await t.adminToken());
    return new SignJWT({ ...claims, ...(options.expiresAt ? { exp: options.expiresAt } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(options.key ?? t.deps.signingKey);
  }

  it('accepts the claims of a real access token re-signed with the server key (control)', async () => {
    const response = await t.request('GET', '/admin/posts', { token: await resign({}) });
    expect(response.status).toBe(200);
  });

  it('refuses a token signed with another key', async () => {
    const forged = await resign({ key: new TextEncoder().encode('an-attacker-key-that-is-long-enough!!') });
    const response = await t.request('GET', '/admin/posts', { token: forged });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
  });

  it('refuses an expired token', async () => {
    const expired = await resign({ expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const response = await t.request('GET', '/admin/posts', { token: expired });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const claims = decodeJwt(await t.adminToken());
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    const response = await t.request('GET', '/admin/posts', { token: unsigned });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
  });

  it("refuses a member's valid token with 403 FORBIDDEN", async () => {
    const member = await createAccount('member');
    const session = (await login(member.email, member.password)).body;
    const response = await t.request('GET', '/admin/posts', { token: session.access_token });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'FORBIDDEN', message: 'You need admin privileges to access this area.' });
  });

  it('refuses the token of an administrator demoted since sign-in with 403', async () => {
    const account = await createAccount('admin');
    const session = (await login(account.email, account.password)).body;
    await t.handle.db.updateTable('users').set({ role: 'member' }).where('id', '=', account.id).execute();
    const response = await t.request('GET', '/admin/posts', { token: session.access_token });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('FORBIDDEN');
  });

  it('refuses the token of a deleted user with 401', async () => {
    const account = await createAccount('admin');
    const session = (await login(account.email, account.password)).body;
    expect((await t.request('GET', '/admin/posts', { token: session.access_token })).status).toBe(200);

    await t.handle.db.deleteFrom('users').where('id', '=', account.id).execute();

    const response = await t.request('GET', '/admin/posts', { token: session.access_token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(INVALID_TOKEN);
    expect((await refresh(session.refresh_token)).status).toBe(401);
  });
});

describe('Cache-Control on private responses', () => {
  it('marks login, refresh and logout responses no-store', async () => {
    // An account of its own: a logout ends every access token of its user
    // (decision 029), the cached administrator token of later tests included.
    const account = await createAccount();
    const session = await login(account.email, account.password);
    expect(session.headers.get('cache-control')).toBe('no-store');
    const refreshed = await refresh(session.body.refresh_token);
    expect(refreshed.headers.get('cache-control')).toBe('no-store');
    const logout = await t.request('POST', '/auth/logout', { body: { refresh_token: refreshed.body.refresh_token } });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('cache-control')).toBe('no-store');
  });

  it('marks refused logins no-store', async () => {
    const response = await login(ADMIN_EMAIL, 'not-the-password');
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('marks admin responses no-store, refusals included', async () => {
    const ok = await t.request('GET', '/admin/submissions/contact', { token: await t.adminToken() });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const refused = await t.request('GET', '/admin/submissions/contact');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

describe('login rate limits', () => {
  const PER_IP = 6;
  const FAILURES = 3;
  let limited: TestApp;
  beforeAll(async () => {
    // A day-long window so no test straddles a window boundary in practice.
    limited = await createTestApp({
      rateLimits: {
        loginPerIp: { name: 'login-ip', max: PER_IP, windowSeconds: 24 * 60 * 60 },
        loginFailuresPerAccountAndIp: { name: 'login-fail', max: FAILURES, windowSeconds: 24 * 60 * 60 },
      },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  const attempt = (ip: string, password: string, email = ADMIN_EMAIL) =>
    limited.request('POST', '/auth/login', { body: { email, password }, ip });

  function expectRateLimited(response: { status: number; body: unknown; headers: Headers }, windowSeconds: number) {
    expect(response.status).toBe(429);
    expect(response.body).toEqual({
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (second|minute)s?\.$/),
    });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  }

  it('refuses logins from one address beyond the limit with 429 and Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i += 1) expect((await attempt(ip, ADMIN_PASSWORD)).status).toBe(200);

    const refused = await attempt(ip, ADMIN_PASSWORD);
    expectRateLimited(refused, 24 * 60 * 60);
    expect(refused.headers.get('cache-control')).toBe('no-store');

    expect((await attempt(freshIp(), ADMIN_PASSWORD)).status).toBe(200);
  });

  it("blocks a stranger's address after repeated failures while the administrator still signs in elsewhere", async () => {
    const stranger = freshIp();
    // Letter case does not make a new account key.
    for (const email of [ADMIN_EMAIL, ADMIN_EMAIL.toUpperCase(), ADMIN_EMAIL]) {
      expect((await attempt(stranger, 'guess', email)).body).toEqual(INVALID_CREDENTIALS);
    }

    // Even the right password is refused from the guessing address...
    expectRateLimited(await attempt(stranger, ADMIN_PASSWORD), 24 * 60 * 60);
    // ...but the real administrator, elsewhere, is not locked out.
    const administrator = await attempt(freshIp(), ADMIN_PASSWORD);
    expect(administrator.status).toBe(200);
    expect(decodeJwt(administrator.body.id_token).email).toBe(ADMIN_EMAIL);
    // Nor is another account from the guessing address.
    expect((await attempt(stranger, 'guess', 'someone-else@example.com')).status).toBe(401);
  });

  it('clears the failure count on a successful login', async () => {
    const ip = freshIp();
    for (let i = 0; i < FAILURES - 1; i += 1) expect((await attempt(ip, 'typo')).status).toBe(401);
    expect((await attempt(ip, ADMIN_PASSWORD)).status).toBe(200);
    for (let i = 0; i < FAILURES - 1; i += 1) expect((await attempt(ip, 'typo')).status).toBe(401);
    // Without the reset this would be failure number 2 × (FAILURES - 1) and refused.
    expect((await attempt(ip, ADMIN_PASSWORD)).status).toBe(200);
  });
});

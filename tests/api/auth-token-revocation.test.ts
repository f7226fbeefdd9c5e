/**
 * Access tokens end with the session they belong to (decision 029): after a
 * logout, a refresh-token reuse or a password reset, an access token issued
 * before is refused like an expired one, while a sign-in right afterwards,
 * in the same second, works. And a token must carry exp, iat and sub.
 */
import { decodeJwt, SignJWT, type JWTPayload } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.ts';
import { resetPassword } from '../../server/auth/reset-password.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const INVALID_TOKEN = { error: 'INVALID_TOKEN', message: 'Your session has expired. Please sign in again.' };

let userCounter = 0;
async function createAccount() {
  userCounter += 1;
  const email = `revocation-${userCounter}-${Date.now()}@example.com`;
  const password = `password-${userCounter}`;
  await t.createUserWithRole(email, password, 'admin');
  const user = await t.handle.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return { email, password, id: user.id };
}

interface Tokens {
  access_token: string;
  refresh_token: string;
}

async function login(email: string, password: string): Promise<Tokens> {
  const response = await t.request('POST', '/auth/login', { body: { email, password }, ip: freshIp() });
  expect(response.status).toBe(200);
  return response.body;
}

const refresh = (refreshToken: string) =>
  t.request('POST', '/auth/refresh', { body: { refresh_token: refreshToken }, ip: freshIp() });

const logout = (refreshToken: string) =>
  t.request('POST', '/auth/logout', { body: { refresh_token: refreshToken }, ip: freshIp() });

const adminStatus = async (token: string) => (await t.request('GET', '/admin/posts', { token })).status;

async function expectRefused(token: string) {
  const response = await t.request('GET', '/admin/posts', { token });
  expect(response.status).toBe(401);
  expect(response.body).toEqual(INVALID_TOKEN);
}

afterEach(() => {
  vi.useRealTimers();
});

/** Only Date is frozen: the database drivers keep their real timers. */
function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Math.floor(Date.now() / 1000) * 1000 + 100));
}

describe('access tokens after logout', () => {
  it('refuses the access token of a session signed out', async () => {
    const account = await createAccount();
    const session = await login(account.email, account.password);
    expect(await adminStatus(session.access_token)).toBe(200);

    expect((await logout(session.refresh_token)).status).toBe(204);

    await expectRefused(session.access_token);
  });

  it('accepts a new sign-in in the same second as the logout, and still refuses the old token', async () => {
    const account = await createAccount();
    freezeClock();
    const before = await login(account.email, account.password);
    expect((await logout(before.refresh_token)).status).toBe(204);
    const after = await login(account.email, account.password);

    expect(decodeJwt(after.access_token).sid).not.toBe(decodeJwt(before.access_token).sid);
    expect(await adminStatus(after.access_token)).toBe(200);
    await expectRefused(before.access_token);
    // Its refresh gives working tokens too.
    const refreshed = await refresh(after.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(await adminStatus(refreshed.body.access_token)).toBe(200);
  });

  it("leaves the account's other sessions signed in: access tokens name their session", async () => {
    const account = await createAccount();
    const laptop = await login(account.email, account.password);
    const phone = await login(account.email, account.password);

    expect((await logout(laptop.refresh_token)).status).toBe(204);

    await expectRefused(laptop.access_token);
    expect(await adminStatus(phone.access_token)).toBe(200);
    const renewed = await refresh(phone.refresh_token);
    expect(renewed.status).toBe(200);
    expect(await adminStatus(renewed.body.access_token)).toBe(200);
    expect((await refresh(laptop.refresh_token)).status).toBe(401);
  });

  it('ends nothing more when the refresh token was already revoked', async () => {
    const account = await createAccount();
    const old = await login(account.email, account.password);
    expect((await logout(old.refresh_token)).status).toBe(204);
    const current = await login(account.email, account.password);

    // A replayed, already revoked token cannot sign the user out again.
    expect((await logout(old.refresh_token)).status).toBe(204);

    expect(await adminStatus(current.access_token)).toBe(200);
  });

  it('leaves other accounts alone', async () => {
    const one = await createAccount();
    const other = await createAccount();
    const session = await login(one.email, one.password);
    const bystander = await login(other.email, other.password);

    expect((await logout(session.refresh_token)).status).toBe(204);

    expect(await adminStatus(bystander.access_token)).toBe(200);
  });
});

describe('access tokens after refresh-token reuse', () => {
  it('refuses every access token of the family once a spent refresh token is replayed', async () => {
    const account = await createAccount();
    const first = await login(account.email, account.password);
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(await adminStatus(second.body.access_token)).toBe(200);

    // The spent token again: stolen or replayed.
    expect((await refresh(first.refresh_token)).status).toBe(401);

    await expectRefused(first.access_token);
    await expectRefused(second.body.access_token);
    expect((await refresh(second.body.refresh_token)).status).toBe(401);
    // The owner signs in again and carries on.
    const fresh = await login(account.email, account.password);
    expect(await adminStatus(fresh.access_token)).toBe(200);
  });
});

describe('access tokens after a password reset', () => {
  it('refuses the access tokens signed in with the old password (the path of npm run admin -- reset-password)', async () => {
    const account = await createAccount();
    freezeClock();
    const session = await login(account.email, account.password);
    expect(await adminStatus(session.access_token)).toBe(200);

    await resetPassword(t.handle.db, account.id, await hashPassword('a brand new password'));

    await expectRefused(session.access_token);
    expect((await refresh(session.refresh_token)).status).toBe(401);
    // In the same second, the new password signs in.
    const fresh = await login(account.email, 'a brand new password');
    expect(await adminStatus(fresh.access_token)).toBe(200);
  });
});

describe('required claims of an access token', () => {
  /** The claims of a real access token with some removed, signed with the server key. */
  async function signedWithout(...names: (keyof JWTPayload)[]) {
    const account = await createAccount();
    const real = decodeJwt((await login(account.email, account.password)).access_token);
    const claims: JWTPayload = Object.fromEntries(Object.entries(real).filter(([name]) => !names.includes(name)));
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(t.deps.signingKey);
  }

  it('accepts the claims of a real access token re-signed (control)', async () => {
    expect(await adminStatus(await signedWithout())).toBe(200);
  });

  it.each([['exp'], ['iat'], ['sub']] as const)('refuses a token without %s', async (name) => {
    await expectRefused(await signedWithout(name));
  });

  it('refuses a token signed with another algorithm of the same key', async () => {
    const account = await createAccount();
    const claims = decodeJwt((await login(account.email, account.password)).access_token);
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(t.deps.signingKey);
    await expectRefused(token);
  });
});

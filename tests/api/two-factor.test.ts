/**
 * Two-factor sign-in: enrolment with an authenticator app's codes, the
 * second sign-in step, single use of codes and recovery codes, the guessing
 * limits, turning it off, and the owner's requirement for all staff.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import * as OTPAuth from 'otpauth';
import { renderSVG } from 'uqr';
import { describe, expect, it } from 'vitest';
import { sealStoredTotpSecrets, TotpKeyMismatchError, totpSecrets } from '../../server/auth/totp-secrets.ts';
import { peekRateLimit } from '../../server/db/queries/rate-limits.ts';
import { DEFAULT_RATE_LIMITS } from '../../server/deps.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const PERIOD_MS = 30_000;

/** The app's code for the step `steps` away from now. */
const codeAt = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * PERIOD_MS });

let counter = 0;
async function createStaff(role: 'admin' | 'editor' = 'editor') {
  counter += 1;
  const email = `two-factor-${counter}@example.com`;
  const password = `a long password ${counter}`;
  await t.createUserWithRole(email, password, role);
  const ip = freshIp();
  const login = await t.request('POST', '/auth/login', { body: { email, password }, ip });
  expect(login.status).toBe(200);
  return { email, password, ip, token: login.body.access_token as string };
}

/** Enrols with the current step's code: that step is spent, the next one is free. */
async function enrol(token: string) {
  const setup = await t.request('POST', '/admin/account/totp/setup', { token });
  expect(setup.status).toBe(200);
  const secret: string = setup.body.secret;
  const enable = await t.request('POST', '/admin/account/totp/enable', { token, body: { code: codeAt(secret) } });
  expect(enable.status).toBe(200);
  return { secret, recoveryCodes: enable.body.recovery_codes as string[], setup: setup.body };
}

async function mfaToken(email: string, password: string, ip = freshIp()): Promise<string> {
  const login = await t.request('POST', '/auth/login', { body: { email, password }, ip });
  expect(login.status).toBe(200);
  expect(login.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
  expect(login.body.access_token).toBeUndefined();
  return login.body.mfa_token;
}

/** The `index`th entry, which the test knows is there. */
function nth(list: string[], index: number): string {
  const value = list[index];
  if (value === undefined) throw new Error(`no entry ${index}`);
  return value;
}

const slowdown = DEFAULT_RATE_LIMITS.loginSlowdown;
/** Failed sign-in steps of the account from any address, as the slow-down counts them. */
const slowDownCount = async (email: string) =>
  (await peekRateLimit(t.handle.db, { name: slowdown.name, max: slowdown.afterFailures, windowSeconds: slowdown.windowSeconds }, email)).count;

const secondStep = (body: Record<string, string>, ip = freshIp()) => t.request('POST', '/auth/login/totp', { body, ip });

describe('enrolment', () => {
  it('draws the QR code of the otpauth address itself, as the share kit draws its codes', async () => {
    const user = await createStaff();
    const setup = await t.request('POST', '/admin/account/totp/setup', { token: user.token });
    expect(setup.status).toBe(200);
    expect(setup.body.qr_svg).toBe(renderSVG(setup.body.otpauth_url, { ecc: 'M', border: 2 }));
    // The account screen shows it as a base64 data address (btoa), which takes Latin-1 text only.
    expect(setup.body.qr_svg).toMatch(/^[\x20-\x7e]+$/);
  });

  it('gives a secret, an otpauth address and a QR code, and enables only with a right code', async () => {
    const user = await createStaff();
    const setup = await t.request('POST', '/admin/account/totp/setup', { token: user.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toContain('otpauth://totp/');
    expect(decodeURIComponent(setup.body.otpauth_url)).toContain(user.email);
    expect(setup.body.otpauth_url).toContain('issuer=Crowdfunding%20Showcase');
    expect(setup.body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Pending only: sign-in still takes the password alone.
    const me = await t.request('GET', '/admin/me', { token: user.token });
    expect(me.body.totp_enabled).toBe(false);

    const wrong = await t.request('POST', '/admin/account/totp/enable', { token: user.token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'INVALID_CODE', message: 'Invalid authentication code' });

    const enable = await t.request('POST', '/admin/account/totp/enable', { token: user.token, body: { code: codeAt(setup.body.secret) } });
    expect(enable.status).toBe(200);
    expect(enable.body.recovery_codes).toHaveLength(10);
    expect(new Set(enable.body.recovery_codes).size).toBe(10);
    for (const code of enable.body.recovery_codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect((await t.request('GET', '/admin/me', { token: user.token })).body.totp_enabled).toBe(true);

    // A second set-up would replace the app in use.
    const again = await t.request('POST', '/admin/account/totp/setup', { token: user.token });
    expect(again.status).toBe(400);
    const stored = await t.handle.db.selectFrom('recovery_codes').selectAll().execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(enable.body.recovery_codes[0]);
  });
});

describe('turning two-factor on', () => {
  it("ends the account's other sessions and keeps the one that turned it on", async () => {
    const user = await createStaff();
    const other = await t.request('POST', '/auth/login', { body: { email: user.email, password: user.password }, ip: freshIp() });
    expect(other.status).toBe(200);
    expect((await t.request('GET', '/admin/me', { token: other.body.access_token })).status).toBe(200);

    await enrol(user.token);
    expect((await t.request('GET', '/admin/me', { token: user.token })).status).toBe(200);
    const ended = await t.request('GET', '/admin/me', { token: other.body.access_token });
    expect(ended.status).toBe(401);
    expect(ended.body.error).toBe('INVALID_TOKEN');
    expect((await t.request('POST', '/auth/refresh', { body: { refresh_token: other.body.refresh_token } })).status).toBe(401);
  });
});

describe('signing in with a code', () => {
  it('asks for a code after the password, then starts a session', async () => {
    const user = await createStaff();
    const { secret } = await enrol(user.token);
    const token = await mfaToken(user.email, user.password);
    const session = await secondStep({ mfa_token: token, code: codeAt(secret, 1) });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), token_type: 'Bearer' });
    expect((await t.request('GET', '/admin/me', { token: session.body.access_token })).status).toBe(200);
  });

  it('accepts each code once, and never a code of an earlier step', async () => {
    const user = await createStaff();
    const { secret } = await enrol(user.token);
    const next = codeAt(secret, 1);
    expect((await secondStep({ mfa_token: await mfaToken(user.email, user.password), code: next })).status).toBe(200);

    const replay = await secondStep({ mfa_token: await mfaToken(user.email, user.password), code: next });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: 'INVALID_CODE', message: 'Invalid authentication code' });
    // The current step's code is still valid in time, but older than the one used.
    const earlier = await secondStep({ mfa_token: await mfaToken(user.email, user.password), code: codeAt(secret) });
    expect(earlier.status).toBe(401);
  });

  it('lets only one of two parallel uses of a code through', async () => {
    const user = await createStaff();
    const { secret } = await enrol(user.token);
    const code = codeAt(secret, 1);
    const [a, b] = await Promise.all([
      secondStep({ mfa_token: await mfaToken(user.email, user.password), code }),
      secondStep({ mfa_token: await mfaToken(user.email, user.password), code }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
  });

  it('accepts a recovery code once and only once', async () => {
    const user = await createStaff();
    const { recoveryCodes } = await enrol(user.token);
    const first = await secondStep({ mfa_token: await mfaToken(user.email, user.password), recovery_code: nth(recoveryCodes, 3).toUpperCase() });
    expect(first.status).toBe(200);
    const again = await secondStep({ mfa_token: await mfaToken(user.email, user.password), recovery_code: nth(recoveryCodes, 3) });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('INVALID_CODE');
    const other = await secondStep({ mfa_token: await mfaToken(user.email, user.password), recovery_code: nth(recoveryCodes, 4) });
    expect(other.status).toBe(200);
    const used = await t.handle.db.selectFrom('recovery_codes').select('used_at').where('used_at', 'is not', null).execute();
    expect(used.length).toBeGreaterThanOrEqual(2);
  });

  it('counts wrong codes like wrong passwords', async () => {
    const user = await createStaff();
    await enrol(user.token);
    const ip = freshIp();
    const token = await mfaToken(user.email, user.password, ip);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await secondStep({ mfa_token: token, code: '000000' }, ip);
      expect(wrong.status).toBe(401);
    }
    const limited = await secondStep({ mfa_token: token, code: '000000' }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it('keeps counting wrong codes across right passwords, per address and for the whole account', async () => {
    const user = await createStaff();
    const { secret } = await enrol(user.token);
    const ip = freshIp();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await secondStep({ mfa_token: await mfaToken(user.email, user.password, ip), code: '000000' }, ip)).status).toBe(401);
    }
    // The right password again does not buy more guesses of the code from this address.
    const token = await mfaToken(user.email, user.password, ip);
    expect((await secondStep({ mfa_token: token, code: '000000' }, ip)).status).toBe(401);
    const limited = await secondStep({ mfa_token: token, code: codeAt(secret, 1) }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('RATE_LIMITED');

    // From other addresses, every wrong code still counts towards the account's slow-down.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const elsewhere = freshIp();
      expect((await secondStep({ mfa_token: await mfaToken(user.email, user.password, elsewhere), code: '000000' }, elsewhere)).status).toBe(401);
    }
    expect(await slowDownCount(user.email)).toBe(8);

    // Only a whole sign-in clears it.
    expect((await secondStep({ mfa_token: await mfaToken(user.email, user.password), code: codeAt(secret, 1) })).status).toBe(200);
    expect(await slowDownCount(user.email)).toBe(0);
  });

  it('never takes the MFA token for an access token, and refuses it once expired', async () => {
    const user = await createStaff();
    const { secret } = await enrol(user.token);
    const token = await mfaToken(user.email, user.password);
    const asBearer = await t.request('GET', '/admin/me', { token });
    expect(asBearer.status).toBe(401);
    expect(asBearer.body.error).toBe('INVALID_TOKEN');

    const userId = (await t.handle.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    const past = Math.floor(Date.now() / 1000) - 600;
    const expired = await new SignJWT({ typ: 'mfa' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer('crowdfunding-showcase')
      .setAudience('mfa')
      .setIssuedAt(past)
      .setExpirationTime(past + 300)
      .sign(t.deps.signingKey);
    const refused = await secondStep({ mfa_token: expired, code: codeAt(secret, 1) });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('INVALID_TOKEN');
    // An access token is no MFA token either.
    expect((await secondStep({ mfa_token: user.token, code: codeAt(secret, 1) })).status).toBe(401);
  });

  it('keeps the one-step answer for accounts without two-factor', async () => {
    const login = await t.request('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, ip: freshIp() });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body).sort()).toEqual(['access_token', 'expires_in', 'id_token', 'refresh_token', 'token_type']);
  });
});

describe('secrets at rest', () => {
  const storedSecretOf = async (email: string) =>
    (await t.handle.db.selectFrom('users').select(['id', 'totp_secret']).where('email', '=', email).executeTakeFirstOrThrow());

  it('keeps the secret encrypted in the database, pending and in use', async () => {
    const user = await createStaff();
    const setup = await t.request('POST', '/admin/account/totp/setup', { token: user.token });
    const pending = await storedSecretOf(user.email);
    expect(pending.totp_secret).toMatch(/^v1\.[\w-]+$/);
    expect(pending.totp_secret).not.toContain(setup.body.secret);
    expect((await t.request('POST', '/admin/account/totp/enable', { token: user.token, body: { code: codeAt(setup.body.secret) } })).status).toBe(200);
    expect((await storedSecretOf(user.email)).totp_secret).toBe(pending.totp_secret);
    expect((await secondStep({ mfa_token: await mfaToken(user.email, user.password), code: codeAt(setup.body.secret, 1) })).status).toBe(200);
  });

  it('signs in with a secret stored in plain text before, and encrypts it at start', async () => {
    const user = await createStaff();
    const { secret } = await enrol(user.token);
    const { id } = await storedSecretOf(user.email);
    await t.handle.db.updateTable('users').set({ totp_secret: secret }).where('id', '=', id).execute();
    expect((await secondStep({ mfa_token: await mfaToken(user.email, user.password), code: codeAt(secret, 1) })).status).toBe(200);

    const { sealed } = await sealStoredTotpSecrets(t.handle.db, t.deps.totpEncryptionKey);
    expect(sealed).toBe(1);
    const stored = (await storedSecretOf(user.email)).totp_secret;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect(totpSecrets(t.deps.totpEncryptionKey).open(id, stored ?? '')).toBe(secret);
    // A second start has nothing left to do.
    expect((await sealStoredTotpSecrets(t.handle.db, t.deps.totpEncryptionKey)).sealed).toBe(0);
  });

  it('refuses to start with a key other than the one the secrets were encrypted with', async () => {
    const user = await createStaff();
    await enrol(user.token);
    await expect(sealStoredTotpSecrets(t.handle.db, randomBytes(32))).rejects.toThrow(TotpKeyMismatchError);
  });
});

describe('recovery codes and turning two-factor off', () => {
  it('replaces the recovery codes, the old ones void', async () => {
    const user = await createStaff();
    const { secret, recoveryCodes } = await enrol(user.token);
    const wrong = await t.request('POST', '/admin/account/recovery-codes', { token: user.token, body: { code: '123456' } });
    expect(wrong.status).toBe(400);
    const fresh = await t.request('POST', '/admin/account/recovery-codes', { token: user.token, body: { code: codeAt(secret, 1) } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recovery_codes).toHaveLength(10);
    const old = await secondStep({ mfa_token: await mfaToken(user.email, user.password), recovery_code: nth(recoveryCodes, 0) });
    expect(old.status).toBe(401);
    const current = await secondStep({ mfa_token: await mfaToken(user.email, user.password), recovery_code: fresh.body.recovery_codes[0] });
    expect(current.status).toBe(200);
  });

  it('turns off with the current password only, back to password sign-in', async () => {
    const user = await createStaff();
    await enrol(user.token);
    const wrong = await t.request('POST', '/admin/account/totp/disable', { token: user.token, body: { password: 'not the password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('INVALID_CREDENTIALS');
    const off = await t.request('POST', '/admin/account/totp/disable', { token: user.token, body: { password: user.password } });
    expect(off.status).toBe(204);
    const row = await t.handle.db.selectFrom('users').selectAll().where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ totp_secret: null, totp_enabled_at: null });
    expect(await t.handle.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', row.id).execute()).toEqual([]);
    const login = await t.request('POST', '/auth/login', { body: { email: user.email, password: user.password }, ip: freshIp() });
    expect(login.body.access_token).toEqual(expect.any(String));
  });
});

describe('audit', () => {
  it('records enrolment, sign-ins and turning off, and never a secret or a code', async () => {
    const user = await createStaff();
    const { secret, recoveryCodes, setup } = await enrol(user.token);
    const code = codeAt(secret, 1);
    expect((await secondStep({ mfa_token: await mfaToken(user.email, user.password), code })).status).toBe(200);
    expect((await secondStep({ mfa_token: await mfaToken(user.email, user.password), recovery_code: 'wron-gcod-eeee' })).status).toBe(401);
    expect((await secondStep({ mfa_token: await mfaToken(user.email, user.password), recovery_code: nth(recoveryCodes, 1) })).status).toBe(200);
    const regenerated = await t.request('POST', '/admin/account/recovery-codes', { token: user.token, body: { code: codeAt(secret, -1) } });
    // The previous step is older than the one just used.
    expect(regenerated.status).toBe(400);
    expect((await t.request('POST', '/admin/account/totp/disable', { token: user.token, body: { password: user.password } })).status).toBe(204);

    const rows = await t.handle.db.selectFrom('audit_log').selectAll().where('user_email', '=', user.email).orderBy('id').execute();
    const actions = rows.map((row) => [row.action, row.detail]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['auth.totp_enabled', null],
        ['auth.login', JSON.stringify({ method: 'totp' })],
        ['auth.login_failed', JSON.stringify({ method: 'recovery_code' })],
        ['auth.login', JSON.stringify({ method: 'recovery_code' })],
        ['auth.totp_disabled', null],
      ]),
    );
    const everything = JSON.stringify(await t.handle.db.selectFrom('audit_log').selectAll().execute());
    for (const secretText of [secret, setup.otpauth_url, code, ...recoveryCodes]) expect(everything).not.toContain(secretText);
  });
});

describe("the owner's requirement", () => {
  it('is the owner’s to set, once their own account has two-factor', async () => {
    const admin = await createStaff('admin');
    const byAdmin = await t.request('PUT', '/admin/settings/security', { token: admin.token, body: { require_totp: true } });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error).toBe('FORBIDDEN');
    expect((await t.request('GET', '/admin/settings/security', { token: admin.token })).status).toBe(403);

    const owner = await t.adminToken();
    expect((await t.request('GET', '/admin/settings/security', { token: owner })).body).toEqual({ require_totp: false });
    const tooSoon = await t.request('PUT', '/admin/settings/security', { token: owner, body: { require_totp: true } });
    expect(tooSoon.status).toBe(400);
    const invalid = await t.request('PUT', '/admin/settings/security', { token: owner, body: { require_totp: 'yes' } });
    expect(invalid.status).toBe(400);
  });

  it('sends staff without two-factor to their account page, and keeps it on for the others', async () => {
    const owner = await t.adminToken();
    const editor = await createStaff();
    const enrolled = await createStaff();
    await enrol(enrolled.token);
    await enrol(owner);
    const set = await t.request('PUT', '/admin/settings/security', { token: owner, body: { require_totp: true } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ require_totp: true });

    try {
      const posts = await t.request('GET', '/admin/posts', { token: editor.token });
      expect(posts.status).toBe(403);
      expect(posts.body).toEqual({
        error: 'TOTP_REQUIRED',
        message: "The site's owner requires two-factor sign-in. Set it up on your account page.",
      });
      const me = await t.request('GET', '/admin/me', { token: editor.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ totp_enabled: false, totp_required: true });
      expect((await t.request('GET', '/admin/account/sessions', { token: editor.token })).status).toBe(200);
      expect((await t.request('GET', '/admin/posts', { token: enrolled.token })).status).toBe(200);

      // Setting it up opens the back office again.
      await enrol(editor.token);
      expect((await t.request('GET', '/admin/posts', { token: editor.token })).status).toBe(200);

      const off = await t.request('POST', '/admin/account/totp/disable', { token: enrolled.token, body: { password: enrolled.password } });
      expect(off.status).toBe(403);
      expect(off.body.error).toBe('TOTP_REQUIRED');

      const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings.update').execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]?.detail ?? 'null')).toEqual({ require_totp: { from: false, to: true } });
    } finally {
      await t.request('PUT', '/admin/settings/security', { token: owner, body: { require_totp: false } });
    }
  });
});

/**
 * Staff accounts through the API: invitations mailed to a real SMTP server
 * started by the test, accepting one (single use, expiry, revocation), the
 * addresses already taken, role changes that apply at once, removal that
 * ends sessions and keeps content, and the rules that keep an owner. Runs on
 * SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { uniqueEmail } from '../helpers/emails.ts';
import { ADMIN_EMAIL, createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const SITE = 'https://showcase.example';
const PASSWORD = 'a long enough staff password';

let sink: SmtpSink;
let t: TestApp;
let owner: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: SITE, MAIL_FROM: '"Showcase" <hello@showcase.example>' } });
  owner = await t.adminToken();
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

// The seeded account is the site's owner.
const asOwner = adminCalls(() => t, { prefix: '/admin/users' });

/** Invites `email` and returns the invitation and the token of the link in the mail it got. */
async function invite(email: string, role = 'editor') {
  const before = sink.to(email).length;
  const response = await asOwner('POST', '', { email, role });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const mail = (await sink.waitForMailsTo(email, before + 1, 5_000)).at(-1);
  if (!mail) throw new Error(`no invitation mail for ${email}`);
  const text = mail.parsed.text ?? '';
  const match = /https:\/\/showcase\.example\/admin\/accept-invite\?token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in: ${text}`);
  // Where the mail went is the answer's only addition to the invitation as listed.
  const { mail: delivery, ...invitation } = response.body;
  expect(delivery).toEqual({ delivery: 'sent', outbox_id: expect.any(Number) });
  return { invitation, token: match[1], mail };
}

const accept = (token: string, name = 'New Staff', password = PASSWORD) =>
  t.request('POST', '/auth/accept-invite', { body: { token, name, password }, ip: freshIp() });

/** Invites, accepts and signs in: the new account's id and access token. */
async function staffMember(role: 'owner' | 'admin' | 'editor') {
  const email = uniqueEmail(role);
  const { token } = await invite(email, role);
  expect((await accept(token)).status).toBe(201);
  const session = await t.login(email, PASSWORD);
  const listed = (await asOwner('GET', '')).body.users.find((user: { email: string }) => user.email === email);
  return { id: listed.id as number, email, token: session.access_token };
}

describe('invitations', () => {
  it('mails a 72-hour link naming the inviter, the site and the role, and lists the invitation as pending', async () => {
    const email = uniqueEmail('staff');
    const { invitation, token, mail } = await invite(email.toUpperCase(), 'admin');
    expect(invitation).toMatchObject({ email, role: 'admin', invited_by_email: ADMIN_EMAIL });
    expect(invitation.expires_at - invitation.created_at).toBe(72 * 60 * 60);
    expect(mail.parsed.subject).toContain('Crowdfunding Showcase');
    expect(mail.parsed.text).toContain(`${ADMIN_EMAIL} invited you`);
    expect(mail.parsed.text).toContain('as Administrator');
    expect(mail.parsed.text).toContain('72 hours');

    const listed = await asOwner('GET', '');
    expect(listed.status).toBe(200);
    expect(listed.body.invitations).toContainEqual(invitation);
    expect(listed.body.users).toContainEqual(expect.objectContaining({ email: ADMIN_EMAIL, role: 'owner', totp_enabled: false }));

    // Only a hash of the token is stored.
    const rows = await t.handle.db.selectFrom('staff_invitations').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);

    const link = await t.request('GET', `/auth/invitations/${token}`, { ip: freshIp() });
    expect(link.status).toBe(200);
    expect(link.body).toEqual({ email, role: 'admin', expires_at: invitation.expires_at });
  });

  it('makes the account once: the link is single-use, also when two accepts race', async () => {
    const email = uniqueEmail('staff');
    const { token } = await invite(email, 'editor');
    const [first, second] = await Promise.all([accept(token), accept(token)]);
    expect([first.status, second.status].sort()).toEqual([201, 404]);
    const refused = first.status === 201 ? second : first;
    expect(refused.body).toEqual({ error: 'INVALID_TOKEN', message: 'This invitation is no longer valid.' });
    expect((first.status === 201 ? first : second).body).toEqual({ email });

    const accounts = await t.handle.db.selectFrom('users').selectAll().where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ role: 'editor', name: 'New Staff' });

    const again = await t.request('GET', `/auth/invitations/${token}`, { ip: freshIp() });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This invitation is no longer valid.');

    const session = await t.login(email, PASSWORD);
    const me = await t.request('GET', '/admin/me', { token: session.access_token });
    expect(me.body).toMatchObject({ email, role: 'editor', name: 'New Staff' });

    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'staff.invitation_accepted').where('user_email', '=', email).execute();
    expect(audit).toHaveLength(1);
    // Neither the pending list nor a second invitation for the address.
    expect((await asOwner('GET', '')).body.invitations.map((row: { email: string }) => row.email)).not.toContain(email);
  }, 20_000); // Two argon2 hashes at once, and the password estimate loaded on first use: slow on a busy machine.

  it('applies the password policy when accepting', async () => {
    const { token } = await invite(uniqueEmail('staff'));
    const short = await accept(token, 'Someone', 'short');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('at least 12 characters');
    const common = await accept(token, 'Someone', 'password1234');
    expect(common.status).toBe(400);
    const weak = await accept(token, 'Someone', 'qwertyuiopas');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('This password is too easy to guess. This is similar to a commonly used password. Please choose a longer one, such as a few unrelated words.');
    const noName = await accept(token, '   ');
    expect(noName.status).toBe(400);
    // The refusals did not spend the link.
    expect((await accept(token)).status).toBe(201);
  });

  it('refuses an expired link with its own message, and lets the address be invited again', async () => {
    const email = uniqueEmail('staff');
    const { invitation, token } = await invite(email);
    await t.handle.db.updateTable('staff_invitations').set({ expires_at: Math.floor(Date.now() / 1000) - 1 }).where('id', '=', invitation.id).execute();

    const link = await t.request('GET', `/auth/invitations/${token}`, { ip: freshIp() });
    expect(link.status).toBe(404);
    expect(link.body).toEqual({ error: 'INVALID_TOKEN', message: 'This invitation has expired. Ask for a new one.' });
    expect((await accept(token)).body.message).toBe('This invitation has expired. Ask for a new one.');
    expect((await asOwner('GET', '')).body.invitations.map((row: { id: number }) => row.id)).not.toContain(invitation.id);

    const renewed = await invite(email);
    expect((await accept(renewed.token)).status).toBe(201);
  });

  it('revokes a pending invitation; its link stops working and the address can be invited again', async () => {
    const email = uniqueEmail('staff');
    const { invitation, token } = await invite(email);
    expect((await asOwner('DELETE', `/invitations/${invitation.id}`)).status).toBe(204);
    expect((await asOwner('DELETE', `/invitations/${invitation.id}`)).status).toBe(404);
    const link = await t.request('GET', `/auth/invitations/${token}`, { ip: freshIp() });
    expect(link.status).toBe(404);
    expect(link.body.message).toBe('This invitation is no longer valid.');
    expect((await accept(token)).status).toBe(404);
    expect((await invite(email)).invitation.email).toBe(email);
  });

  it('refuses an address that has an account or a pending invitation (EMAIL_TAKEN)', async () => {
    const taken = await asOwner('POST', '', { email: ADMIN_EMAIL.toUpperCase(), role: 'editor' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('EMAIL_TAKEN');

    const email = uniqueEmail('staff');
    await invite(email);
    const twice = await asOwner('POST', '', { email, role: 'admin' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('EMAIL_TAKEN');
  });

  it('sends one invitation when several for one address are sent at once', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 6 }, () => asOwner('POST', '', { email, role: 'editor' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.error).toBe('EMAIL_TAKEN');
    const rows = await t.handle.db.selectFrom('staff_invitations').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('validates the address and the role', async () => {
    const badEmail = await asOwner('POST', '', { email: 'not-an-address', role: 'editor' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error).toBe('VALIDATION_FAILED');
    const badRole = await asOwner('POST', '', { email: uniqueEmail('staff'), role: 'member' });
    expect(badRole.status).toBe(400);
  });

  it('answers unknown links with 404', async () => {
    const response = await t.request('GET', '/auth/invitations/not-a-real-token', { ip: freshIp() });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'INVALID_TOKEN', message: 'This invitation is no longer valid.' });
  });

  it('rate-limits opening and accepting links per address', async () => {
    const limited = await createTestApp({ rateLimits: { invitationPerIp: { name: 'invitation-ip', max: 2, windowSeconds: 60 } } });
    try {
      const ip = freshIp();
      const call = () => limited.request('GET', '/auth/invitations/whatever', { ip });
      expect((await call()).status).toBe(404);
      expect((await call()).status).toBe(404);
      const refused = await call();
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('accounts', () => {
  it('changes a role, effective on the next call, and records the change for the audit', async () => {
    const editor = await staffMember('editor');
    expect((await t.request('GET', '/admin/submissions/contact', { token: editor.token })).status).toBe(403);

    const changed = await asOwner('PUT', `/${editor.id}`, { role: 'admin', name: 'Promoted' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: editor.id, email: editor.email, role: 'admin', name: 'Promoted' });
    expect(changed.body.last_active_at).toEqual(expect.any(Number));
    // The same access token, now with the new role.
    expect((await t.request('GET', '/admin/submissions/contact', { token: editor.token })).status).toBe(200);

    const entries = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.role_change').where('entity_id', '=', String(editor.id)).execute();
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]?.detail ?? '{}')).toEqual({ from: 'editor', to: 'admin' });

    expect((await asOwner('PUT', `/${editor.id}`, { role: 'boss' })).status).toBe(400);
    expect((await asOwner('PUT', '/999999', { role: 'admin' })).status).toBe(404);
  });

  it('keeps the last owner from being demoted', async () => {
    const me = await t.request('GET', '/admin/me', { token: owner });
    const demote = await asOwner('PUT', `/${me.body.id}`, { role: 'admin' });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe('LAST_OWNER');
    expect(demote.body.message).toMatch(/only owner/);

    // With two owners, one may step down; then the other is the last one again.
    const second = await staffMember('owner');
    const stepDown = await t.request('PUT', `/admin/users/${second.id}`, { token: second.token, body: { role: 'admin' } });
    expect(stepDown.status).toBe(200);
    expect((await t.request('GET', '/admin/users', { token: second.token })).status).toBe(403);
    expect((await asOwner('PUT', `/${me.body.id}`, { role: 'editor' })).body.error).toBe('LAST_OWNER');

    // An owner removed by another: the one left cannot step down.
    const third = await staffMember('owner');
    expect((await asOwner('DELETE', `/${third.id}`)).status).toBe(204);
    expect((await asOwner('PUT', `/${me.body.id}`, { role: 'admin' })).status).toBe(409);
  });

  it('refuses to let an owner remove themselves', async () => {
    const another = await staffMember('owner');
    const response = await t.request('DELETE', `/admin/users/${another.id}`, { token: another.token });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'CANNOT_REMOVE_SELF', message: 'You cannot remove your own account. Ask another owner to remove it.' });
  });

  it('removes an account: its sessions end at once and what it wrote stays', async () => {
    const editor = await staffMember('editor');
    const refresh = (await t.login(editor.email, PASSWORD)).refresh_token;
    const post = await t.request('POST', '/admin/posts', {
      token: editor.token,
      body: { title: `Kept ${editor.id}`, slug: `kept-${editor.id}-${Date.now()}`, content: 'Still here.', status: 'draft', category_ids: [] },
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const fields = ['title', 'slug', 'excerpt', 'content', 'cover_image', 'read_time', 'status', 'published_at', 'campaign_url', 'sponsored', 'category_ids'];
    const edited = await t.request('PUT', `/admin/posts/${post.body.id}`, {
      token: editor.token,
      body: { ...Object.fromEntries(fields.map((field) => [field, post.body[field]])), title: `${post.body.title} edited`, version: post.body.version },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await t.request('POST', `/admin/posts/${post.body.id}/preview-links`, { token: editor.token })).status).toBe(201);

    expect((await asOwner('DELETE', `/${editor.id}`)).status).toBe(204);
    expect((await asOwner('DELETE', `/${editor.id}`)).status).toBe(404);

    const refused = await t.request('GET', '/admin/posts', { token: editor.token });
    expect(refused.status).toBe(401);
    expect((await t.request('POST', '/auth/refresh', { body: { refresh_token: refresh }, ip: freshIp() })).status).toBe(401);
    expect((await t.request('POST', '/auth/login', { body: { email: editor.email, password: PASSWORD }, ip: freshIp() })).status).toBe(401);

    const kept = await t.request('GET', `/admin/posts/${post.body.id}`, { token: owner });
    expect(kept.status).toBe(200);
    expect(kept.body.title).toBe(`${post.body.title} edited`);
    const revisions = await t.handle.db.selectFrom('content_revisions').selectAll().where('content_type', '=', 'post').where('content_id', '=', post.body.id).execute();
    expect(revisions.length).toBeGreaterThan(0);
    expect(revisions.every((row) => row.saved_by === null)).toBe(true);
    const links = await t.handle.db.selectFrom('preview_links').selectAll().where('content_type', '=', 'post').where('content_id', '=', post.body.id).execute();
    expect(links).toHaveLength(1);
    expect(links[0]?.created_by).toBeNull();
  });

  it('lists staff with two-factor and last activity, not other accounts', async () => {
    await t.createUserWithRole(uniqueEmail('member'), PASSWORD, 'member');
    const editor = await staffMember('editor');
    const { users } = (await asOwner('GET', '')).body;
    expect(users.every((user: { role: string }) => ['owner', 'admin', 'editor'].includes(user.role))).toBe(true);
    const listed = users.find((user: { id: number }) => user.id === editor.id);
    expect(listed).toEqual({
      id: editor.id,
      email: editor.email,
      name: 'New Staff',
      role: 'editor',
      created_at: expect.any(Number),
      totp_enabled: false,
      last_active_at: expect.any(Number),
    });
  });
});

/**
 * The audit log: one entry per successful change made through the back
 * office (who, from where, what, which entity, its versions), the export of
 * subscribers, the read-only list with its filters and paging, who may read
 * it, its retention, and that no entry ever holds a password or a token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogEntryJson, AuditLogPage } from '../../common/answers.ts';
import { parseConfig } from '../../server/config.ts';
import { nowSeconds } from '../../server/db/database.ts';
import { insertAuditEntry } from '../../server/db/queries/audit-log.ts';
import { AUDITED_ROUTES } from '../../server/http/audit.ts';
import type { MailMessage } from '../../server/mail/mailer.ts';
import { pruneExpiredRows } from '../../server/maintenance.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshIp, recordingMailer, useTestApp } from '../helpers/test-app.ts';
import { POST_KIND, RESOURCE_KIND } from './content-kinds.ts';

const handedOver: MailMessage[] = [];
const t = useTestApp({ mailer: recordingMailer(handedOver) });

const STAFF_IP = '203.0.113.7';
let slugCounter = 0;
const freshSlug = (prefix: string) => `${prefix}-${Date.now()}-${++slugCounter}`;

/** A call of the signed-in owner, from STAFF_IP. */
const admin = adminCalls(t, { ip: STAFF_IP });

/** The newest entries of the log, read straight from the table. */
async function latest(count = 1) {
  const rows = await t.handle.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(count).execute();
  return rows.map((row) => ({ ...row, detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>) }));
}

async function lastEntry() {
  const [row] = await latest(1);
  if (!row) throw new Error('the audit log is empty');
  return row;
}

const entryCount = async () =>
  Number((await t.handle.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const ownerId = async () => (await t.handle.db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).id;

describe('what the back office records', () => {
  it.each([POST_KIND, RESOURCE_KIND])('records creating, editing, restoring and deleting a $name with its versions', async (kind) => {
    // A draft: only drafts get preview links.
    const created = await admin('POST', kind.adminPath, { ...kind.payload(freshSlug(kind.name)), status: 'draft' });
    expect(created.status).toBe(201);
    expect(await lastEntry()).toMatchObject({
      user_id: await ownerId(),
      user_email: ADMIN_EMAIL,
      ip_address: STAFF_IP,
      action: `${kind.name}.create`,
      entity: kind.name,
      entity_id: String(created.body.id),
      version_before: null,
      version_after: 1,
    });
    expect((await lastEntry()).created_at).toBeGreaterThanOrEqual(nowSeconds() - 5);

    const updated = await admin('PUT', `${kind.adminPath}/${created.body.id}`, { ...created.body, title: 'Edited title', version: 1 });
    expect(updated.status).toBe(200);
    expect(await lastEntry()).toMatchObject({
      action: `${kind.name}.update`,
      entity: kind.name,
      entity_id: String(created.body.id),
      version_before: 1,
      version_after: 2,
      detail: null,
    });

    const revisions = await admin('GET', `${kind.adminPath}/${created.body.id}/revisions`);
    const revisionId = revisions.body.revisions[0].id as number;
    const restored = await admin('POST', `${kind.adminPath}/${created.body.id}/revisions/${revisionId}/restore`, { version: 2 });
    expect(restored.status).toBe(200);
    expect(await lastEntry()).toMatchObject({
      action: `${kind.name}.restore_revision`,
      entity_id: String(created.body.id),
      version_before: 2,
      version_after: 3,
      detail: { revision_id: revisionId },
    });

    const link = await admin('POST', `${kind.adminPath}/${created.body.id}/preview-links`);
    expect(link.status).toBe(201);
    const linkEntry = await lastEntry();
    expect(linkEntry).toMatchObject({
      action: 'preview_link.create',
      entity: kind.name,
      entity_id: String(created.body.id),
      detail: { preview_link_id: link.body.id },
    });
    // The link's address carries its token: never in the log.
    expect(JSON.stringify(linkEntry)).not.toContain(new URL(link.body.url as string).pathname.split('/').pop());

    expect((await admin('DELETE', `${kind.adminPath}/${created.body.id}/preview-links/${link.body.id}`)).status).toBe(204);
    expect(await lastEntry()).toMatchObject({ action: 'preview_link.revoke', detail: { preview_link_id: link.body.id } });
    expect((await admin('DELETE', `${kind.adminPath}/${created.body.id}/preview-links`)).status).toBe(204);
    expect(await lastEntry()).toMatchObject({ action: 'preview_link.revoke', detail: { all: true } });

    expect((await admin('DELETE', `${kind.adminPath}/${created.body.id}`)).status).toBe(204);
    expect(await lastEntry()).toMatchObject({
      action: `${kind.name}.delete`,
      entity: kind.name,
      entity_id: String(created.body.id),
      version_after: null,
    });
  });

  it('records the inbox: a contact message marked read, a sponsored submission reviewed', async () => {
    const sent = await t.request('POST', '/submissions/contact', {
      body: { name: `Ada ${Date.now()}`, email: 'ada@example.com', message: 'Please review my campaign.' },
      ip: freshIp(),
    });
    expect(sent.status).toBe(201);
    expect((await admin('PATCH', `/admin/submissions/contact/${sent.body.id}`, { status: 'read', version: 1 })).status).toBe(200);
    expect(await lastEntry()).toMatchObject({
      action: 'contact_message.update',
      entity: 'contact_message',
      entity_id: String(sent.body.id),
      version_before: 1,
      version_after: 2,
      detail: { status: 'read' },
    });

    const projectName = `Solar Kettle ${Date.now()}`;
    const submitted = await t.request('POST', '/submissions/sponsored', {
      body: {
        project_name: projectName,
        project_url: 'https://www.kickstarter.com/projects/solar-kettle',
        contact_name: 'Grace Hopper',
        contact_email: 'grace@example.com',
        description: 'A kettle that boils water with sunlight.',
        press_kit_url: 'https://example.com/press-kit.zip',
        budget_range: '',
        terms_accepted: true,
      },
      ip: freshIp(),
    });
    expect(submitted.status).toBe(201);
    const { id: submittedId } = await t.handle.db.selectFrom('sponsored_submissions').select('id').where('project_name', '=', projectName).executeTakeFirstOrThrow();
    const rejected = await admin('PATCH', `/admin/submissions/sponsored/${submittedId}`, { status: 'rejected', version: 1 });
    expect(rejected.status).toBe(200);
    expect(await lastEntry()).toMatchObject({
      action: 'sponsored_submission.status_change',
      entity: 'sponsored_submission',
      entity_id: String(submittedId),
      version_before: 1,
      version_after: 2,
      detail: { status: 'rejected' },
    });
  });

  it('records the subscribers: import (counts only), unsubscribe, erasure and the export with its count', async () => {
    const emails = [`one-${Date.now()}@example.com`, `two-${Date.now()}@example.com`];
    const imported = await admin('POST', '/admin/submissions/newsletter/import', {
      csv: `email\n${emails.join('\n')}\nnot-an-address\n`,
      consent_note: 'Signed up at our stand at the fair',
    });
    expect(imported.status).toBe(200);
    const importEntry = await lastEntry();
    expect(importEntry).toMatchObject({ action: 'subscriber.import', entity: 'subscriber', entity_id: null, detail: { added: 2, invalid: 1 } });
    // Not one address of the file is kept in the log.
    expect(JSON.stringify(importEntry)).not.toContain(emails[0]);

    const list = await admin('GET', '/admin/submissions/newsletter');
    const [first, second] = list.body.subscribers as { id: number }[];
    expect((await admin('POST', `/admin/submissions/newsletter/${first?.id}/unsubscribe`)).status).toBe(204);
    expect(await lastEntry()).toMatchObject({ action: 'subscriber.unsubscribe', entity: 'subscriber', entity_id: String(first?.id) });
    expect((await admin('DELETE', `/admin/submissions/newsletter/${second?.id}`)).status).toBe(204);
    expect(await lastEntry()).toMatchObject({ action: 'subscriber.erase', entity: 'subscriber', entity_id: String(second?.id) });

    const before = await entryCount();
    const exported = await admin('GET', '/admin/submissions/newsletter/export');
    expect(exported.status).toBe(200);
    const count = (exported.body.subscribers as unknown[]).length;
    expect(count).toBeGreaterThanOrEqual(1);
    expect(await entryCount()).toBe(before + 1);
    expect(await lastEntry()).toMatchObject({ action: 'subscriber.export', entity: 'subscriber', detail: { count }, ip_address: STAFF_IP });
    // A plain read is not a change.
    await admin('GET', '/admin/submissions/newsletter');
    expect(await entryCount()).toBe(before + 1);
  });

  it('records the newsletter issues: create, update, test send, schedule, cancel, send and delete', async () => {
    const created = await admin('POST', '/admin/newsletters', { subject: `Audit issue ${Date.now()}` });
    expect(created.status).toBe(201);
    expect(await lastEntry()).toMatchObject({
      action: 'newsletter.create',
      entity: 'newsletter',
      entity_id: String(created.body.id),
      version_before: null,
      version_after: created.body.version,
    });
    const id = created.body.id as number;
    const updated = await admin('PUT', `/admin/newsletters/${id}`, { subject: 'Audit issue, edited', version: created.body.version });
    expect(updated.status).toBe(200);
    expect(await lastEntry()).toMatchObject({
      action: 'newsletter.update',
      version_before: created.body.version,
      version_after: updated.body.version,
    });

    expect((await admin('POST', `/admin/newsletters/${id}/test`, { emails: ['editor@example.com'] })).status).toBe(200);
    expect(await lastEntry()).toMatchObject({ action: 'newsletter.test_send', entity_id: String(id) });

    // A preview of unsaved values changes nothing.
    const before = await entryCount();
    expect((await admin('POST', '/admin/newsletters/preview', { subject: 'Just looking' })).status).toBe(200);
    expect(await entryCount()).toBe(before);

    const scheduled = await admin('POST', `/admin/newsletters/${id}/send`, { scheduled_at: nowSeconds() + 86_400 });
    expect(scheduled.status).toBe(202);
    expect(await lastEntry()).toMatchObject({ action: 'newsletter.schedule', entity_id: String(id), detail: { status: 'scheduled' } });
    const cancelled = await admin('POST', `/admin/newsletters/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await lastEntry()).toMatchObject({ action: 'newsletter.cancel', entity_id: String(id) });

    // Someone to send to: an issue with no active subscriber is refused.
    const reader = await admin('POST', '/admin/submissions/newsletter/import', {
      csv: `email\nreader-${Date.now()}@example.com\n`,
      consent_note: 'Signed up at our stand at the fair',
    });
    expect(reader.status).toBe(200);
    const other = await admin('POST', '/admin/newsletters', { subject: `Sent issue ${Date.now()}` });
    expect((await admin('POST', `/admin/newsletters/${other.body.id}/send`)).status).toBe(202);
    expect(await lastEntry()).toMatchObject({ action: 'newsletter.send', entity_id: String(other.body.id) });
    await t.deps.jobs.whenIdle();

    const draft = await admin('POST', '/admin/newsletters', { subject: `Deleted issue ${Date.now()}` });
    expect((await admin('DELETE', `/admin/newsletters/${draft.body.id}`)).status).toBe(204);
    expect(await lastEntry()).toMatchObject({ action: 'newsletter.delete', entity: 'newsletter', entity_id: String(draft.body.id) });
  });

  it('records an upload by its key, never by its signed address', async () => {
    const started = await admin('POST', '/admin/media/upload-url', { fileName: 'cover.png', contentType: 'image/png', fileSize: 2048 });
    expect(started.status).toBe(201);
    const entry = await lastEntry();
    expect(entry).toMatchObject({ action: 'media.upload', entity: 'media', detail: { key: started.body.s3_key } });
    expect(JSON.stringify(entry)).not.toContain(new URL(started.body.upload_url as string).search.slice(1));
  });

  it('records staff management with the role change, and a password change once, by its service', async () => {
    const email = `role-${Date.now()}@example.com`;
    await t.createUserWithRole(email, 'a long enough password 1', 'editor');
    const user = await t.handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const changed = await admin('PUT', `/admin/users/${user.id}`, { role: 'admin' });
    expect(changed.status).toBe(200);
    expect(await lastEntry()).toMatchObject({
      user_email: ADMIN_EMAIL,
      action: 'user.role_change',
      entity: 'user',
      entity_id: String(user.id),
      detail: { from: 'editor', to: 'admin' },
    });

    const session = await t.login(email, 'a long enough password 1');
    const before = await entryCount();
    const response = await t.request('POST', '/admin/account/password', {
      token: session.access_token,
      ip: STAFF_IP,
      body: { current_password: 'a long enough password 1', new_password: 'another long passphrase 2' },
    });
    expect(response.status).toBe(204);
    expect(await entryCount()).toBe(before + 1);
    expect(await lastEntry()).toMatchObject({ user_email: email, action: 'auth.password_changed' });
  });

  it('names every admin write route, so none is recorded under a bare path', () => {
    const writes = t.app.routes
      .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && route.path.startsWith('/api/admin/'))
      .map((route) => `${route.method} ${route.path.replace(/^\/api/, '')}`);
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.filter((route) => !(route in AUDITED_ROUTES))).toEqual([]);
  });

  it('records nothing for a refused or failed change', async () => {
    const before = await entryCount();
    expect((await admin('PUT', '/admin/posts/999999', { ...POST_KIND.payload(freshSlug('missing')), version: 1 })).status).toBe(404);
    expect((await admin('POST', '/admin/posts', { title: '' })).status).toBe(400);
    expect((await t.request('POST', '/admin/posts', { body: POST_KIND.payload(freshSlug('anonymous')) })).status).toBe(401);
    expect(await entryCount()).toBe(before);
  });

  it('keeps a committed change when its entry cannot be written, and logs the entry at error level', async () => {
    const errors = vi.spyOn(t.deps.logger, 'error');
    const insertInto = t.deps.db.insertInto.bind(t.deps.db);
    // Fails the audit insert only: the post itself is written in a transaction of its own.
    const record = vi.spyOn(t.deps.db, 'insertInto').mockImplementation(((table: 'audit_log') => {
      if (table === 'audit_log') throw new Error('disk full');
      return insertInto(table);
    }) as typeof insertInto);
    try {
      const created = await admin('POST', '/admin/posts', POST_KIND.payload(freshSlug('unrecorded')));
      expect(created.status).toBe(201);
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ audit: expect.objectContaining({ action: 'post.create', entityId: created.body.id }) }),
        expect.stringContaining('audit entry not recorded'),
      );
    } finally {
      record.mockRestore();
      errors.mockRestore();
    }
  });
});

describe('GET /api/admin/audit-log', () => {
  const list = async (query = '', token?: string) =>
    t.request<AuditLogPage>('GET', `/admin/audit-log${query}`, { token: token ?? (await t.adminToken()) });

  it('lists entries newest first with their parsed detail, filtered and paged', async () => {
    const userId = await ownerId();
    const base = nowSeconds() - 3_000;
    for (let index = 0; index < 5; index += 1) {
      await insertAuditEntry(t.handle.db, {
        at: base + index,
        userId,
        userEmail: ADMIN_EMAIL,
        ipAddress: '198.51.100.1',
        action: index % 2 === 0 ? 'filtertest.update' : 'filtertest.delete',
        entity: 'filtertest',
        entityId: index,
        versionBefore: index,
        versionAfter: index + 1,
        detail: { index },
      });
    }
    const all = await list('?entity=filtertest');
    expect(all.status).toBe(200);
    expect(all.body.entries.map((entry) => entry.detail?.index)).toEqual([4, 3, 2, 1, 0]);
    expect(all.body.entries[0]).toEqual<AuditLogEntryJson>({
      id: expect.any(Number) as number,
      created_at: base + 4,
      user_id: userId,
      user_email: ADMIN_EMAIL,
      ip_address: '198.51.100.1',
      action: 'filtertest.update',
      entity: 'filtertest',
      entity_id: '4',
      version_before: 4,
      version_after: 5,
      detail: { index: 4 },
    });
    expect(all.body.next_token).toBeNull();

    expect((await list('?action=filtertest.delete')).body.entries.map((entry) => entry.entity_id)).toEqual(['3', '1']);
    expect((await list('?action=filtertest.')).body.entries).toHaveLength(5);
    // Without the dot an action is matched whole, not as a prefix.
    expect((await list('?action=filtertest')).body.entries).toHaveLength(0);
    expect((await list('?entity=filtertest&entity_id=2')).body.entries.map((entry) => entry.entity_id)).toEqual(['2']);
    expect((await list(`?entity=filtertest&from=${base + 1}&to=${base + 3}`)).body.entries.map((entry) => entry.entity_id)).toEqual(['3', '2', '1']);
    expect((await list(`?entity=filtertest&user_id=${userId}`)).body.entries).toHaveLength(5);
    expect((await list(`?entity=filtertest&user_id=${userId + 1000}`)).body.entries).toHaveLength(0);
    expect((await list(`?entity=filtertest&user_email=${encodeURIComponent(ADMIN_EMAIL.toUpperCase())}`)).body.entries).toHaveLength(5);
    expect((await list('?entity=filtertest&user_email=someone%40example.com')).body.entries).toHaveLength(0);
    // Empty fields of a GET form are no filter.
    expect((await list('?entity=filtertest&action=&from=&to=&user_id=')).body.entries).toHaveLength(5);

    const firstPage = await list('?entity=filtertest&limit=2');
    expect(firstPage.body.entries.map((entry) => entry.entity_id)).toEqual(['4', '3']);
    expect(firstPage.body.next_token).toEqual(expect.any(String));
    const secondPage = await list(`?entity=filtertest&limit=2&next_token=${firstPage.body.next_token}`);
    expect(secondPage.body.entries.map((entry) => entry.entity_id)).toEqual(['2', '1']);
    const lastPage = await list(`?entity=filtertest&limit=2&next_token=${secondPage.body.next_token}`);
    expect(lastPage.body.entries.map((entry) => entry.entity_id)).toEqual(['0']);
    expect(lastPage.body.next_token).toBeNull();
  });

  it('pages 50 entries by default and at most 200', async () => {
    const userId = await ownerId();
    const at = nowSeconds() - 2_000;
    const values = Array.from({ length: 210 }, (_, index) => ({
      created_at: at,
      user_id: userId,
      user_email: ADMIN_EMAIL,
      ip_address: null,
      action: 'bulk.test',
      entity: 'bulk',
      entity_id: String(index),
      version_before: null,
      version_after: null,
      detail: null,
    }));
    await t.handle.db.insertInto('audit_log').values(values).execute();
    expect((await list('?entity=bulk')).body.entries).toHaveLength(50);
    const biggest = await list('?entity=bulk&limit=200');
    expect(biggest.body.entries).toHaveLength(200);
    // Same second: the id breaks the tie, and the next page neither repeats nor skips.
    const rest = await list(`?entity=bulk&limit=200&next_token=${biggest.body.next_token}`);
    expect(rest.body.entries).toHaveLength(10);
    const seen = new Set([...biggest.body.entries, ...rest.body.entries].map((entry) => entry.entity_id));
    expect(seen.size).toBe(210);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=201', 'limit'],
    ['?limit=ten', 'limit'],
    ['?user_id=abc', 'user_id'],
    ['?from=yesterday', 'from'],
    ['?from=200&to=100', 'from'],
    [`?action=${'a'.repeat(101)}`, 'action'],
    ['?next_token=not-a-token', 'next_token'],
  ])('refuses %s with 400', async (query, field) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(field);
  });

  it('is for owners and admins: editors are refused, and so is anyone signed out', async () => {
    await t.createUserWithRole('audit-admin@example.com', 'an admin password 42', 'admin');
    await t.createUserWithRole('audit-editor@example.com', 'an editor password 42', 'editor');
    const adminToken = (await t.login('audit-admin@example.com', 'an admin password 42')).access_token;
    const editorToken = (await t.login('audit-editor@example.com', 'an editor password 42')).access_token;
    expect((await list('', adminToken)).status).toBe(200);
    const refused = await list('', editorToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'FORBIDDEN' });
    expect((await t.request('GET', '/admin/audit-log')).status).toBe(401);
  });

  it('has no way to change or delete an entry', async () => {
    await admin('POST', '/admin/newsletters', { subject: `Immutable ${Date.now()}` });
    const entry = await lastEntry();
    const count = await entryCount();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/admin/audit-log', `/admin/audit-log/${entry.id}`]) {
        const response = await admin(method, path, { action: 'forged', detail: null });
        expect([404, 405], `${method} ${path}`).toContain(response.status);
      }
    }
    expect(await entryCount()).toBe(count);
    expect(await lastEntry()).toEqual(entry);
  });
});

describe('retention', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a year at least: the configuration refuses less than 365 days and defaults to 400', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).AUDIT_LOG_RETENTION_DAYS).toBe(400);
    expect(parseConfig({ NODE_ENV: 'test', AUDIT_LOG_RETENTION_DAYS: '730' }).AUDIT_LOG_RETENTION_DAYS).toBe(730);
    expect(() => parseConfig({ NODE_ENV: 'test', AUDIT_LOG_RETENTION_DAYS: '364' })).toThrow(/AUDIT_LOG_RETENTION_DAYS.*at least 365/);
    expect(() => parseConfig({ NODE_ENV: 'test', AUDIT_LOG_RETENTION_DAYS: 'forever' })).toThrow(/AUDIT_LOG_RETENTION_DAYS/);
  });

  it('prunes entries past the retention and keeps the rest', async () => {
    const day = 24 * 60 * 60;
    const now = nowSeconds();
    const entry = (age: number, action: string) =>
      insertAuditEntry(t.handle.db, { at: now - age, userId: null, userEmail: 'old@example.com', ipAddress: null, action });
    await entry(401 * day, 'retention.too_old');
    await entry(399 * day, 'retention.kept');
    await entry(366 * day, 'retention.kept_year');
    const actions = async () =>
      (await t.handle.db.selectFrom('audit_log').select('action').where('action', 'like', 'retention.%').execute()).map((row) => row.action).sort();

    await pruneExpiredRows(t.handle.db);
    expect(await actions()).toEqual(['retention.kept', 'retention.kept_year']);
    await pruneExpiredRows(t.handle.db, { auditLogRetentionDays: 365 });
    expect(await actions()).toEqual([]);
  });
});

describe('no secrets in the audit log', () => {
  it('holds none of the passwords and tokens of sign-ins, refreshes and a password reset', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const firstPassword = 'first secret passphrase 1';
    const newPassword = 'second secret passphrase 2';
    await t.createUserWithRole(email, firstPassword, 'editor');
    const secrets: string[] = [firstPassword, newPassword, ADMIN_PASSWORD, 'a wrong guess of a password'];

    expect((await t.request('POST', '/auth/login', { body: { email, password: 'a wrong guess of a password' }, ip: freshIp() })).status).toBe(401);
    const session = await t.login(email, firstPassword);
    secrets.push(session.access_token, session.refresh_token);
    const refreshed = await t.request('POST', '/auth/refresh', { body: { refresh_token: session.refresh_token }, ip: freshIp() });
    expect(refreshed.status).toBe(200);
    secrets.push(refreshed.body.access_token, refreshed.body.refresh_token);

    expect((await t.request('POST', '/auth/forgot-password', { body: { email }, ip: freshIp() })).status).toBe(202);
    // The mail is stored after the answer, which takes as long whether or not the account exists.
    // The outbox keeps no reset link (decision 088): the token is read from the mail as it left.
    const mail = await vi.waitFor(() => {
      const found = handedOver.findLast((message) => message.to === email);
      if (!found) throw new Error(`no mail to ${email} yet`);
      return found;
    });
    const resetToken = /token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(resetToken).not.toBe('');
    secrets.push(resetToken);
    const reset = await t.request('POST', '/auth/reset-password', { body: { token: resetToken, password: newPassword }, ip: freshIp() });
    expect(reset.status).toBe(204);
    const again = await t.login(email, newPassword);
    secrets.push(again.access_token, again.refresh_token);
    // And a change made by staff, whose body and answer the middleware reads.
    const post = await admin('POST', '/admin/posts', POST_KIND.payload(freshSlug('secretless')));
    expect(post.status).toBe(201);

    const rows = await t.handle.db.selectFrom('audit_log').selectAll().execute();
    expect(rows.some((row) => row.user_email === email)).toBe(true);
    const everything = JSON.stringify(rows);
    for (const secret of secrets) expect(everything, 'a secret in the audit log').not.toContain(secret);
  });
});

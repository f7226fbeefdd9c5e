/**
 * Who may use which part of the back office's API: for each role (owner,
 * admin, editor, a `member` account and nobody signed in) and each route
 * family, one representative read and one representative write. Allowed
 * calls may still fail on their input (a 400 or 404 here is fine), never
 * with 401 or 403; refused ones get 403 FORBIDDEN with a message, and
 * anonymous calls 401. The writes carry input that is refused or points at
 * nothing, so the matrix changes no data. Runs on SQLite and on PostgreSQL.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.ts';

type Role = 'owner' | 'admin' | 'editor' | 'member' | 'anonymous';

const ROLES: readonly Role[] = ['owner', 'admin', 'editor', 'member', 'anonymous'];
const EVERY_STAFF: readonly Role[] = ['owner', 'admin', 'editor'];
const OWNER_AND_ADMIN: readonly Role[] = ['owner', 'admin'];
const OWNER_ONLY: readonly Role[] = ['owner'];

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

interface Family {
  name: string;
  allowed: readonly Role[];
  read?: Call;
  write?: Call;
  /** The module that serves the family: rows of a family not built yet are skipped. */
  module?: string;
}

const MISSING_ID = 999999;

const FAMILIES: readonly Family[] = [
  { name: 'posts', allowed: EVERY_STAFF, read: { method: 'GET', path: '/admin/posts' }, write: { method: 'POST', path: '/admin/posts', body: {} } },
  {
    name: 'resources',
    allowed: EVERY_STAFF,
    read: { method: 'GET', path: '/admin/resources' },
    write: { method: 'PUT', path: `/admin/resources/${MISSING_ID}`, body: {} },
  },
  // Media has no read of its own: uploads only.
  { name: 'media', allowed: EVERY_STAFF, write: { method: 'POST', path: '/admin/media/upload-url', body: {} } },
  // Categories are read-only in the back office.
  { name: 'categories', allowed: EVERY_STAFF, read: { method: 'GET', path: '/admin/categories' } },
  { name: 'dashboard', allowed: EVERY_STAFF, read: { method: 'GET', path: '/admin/dashboard' } },
  // Audience numbers: owners and administrators.
  { name: 'analytics', allowed: OWNER_AND_ADMIN, read: { method: 'GET', path: '/admin/analytics?from=2026-01-01&to=2026-01-31' } },
  { name: 'analytics now', allowed: OWNER_AND_ADMIN, read: { method: 'GET', path: '/admin/analytics/now' } },
  // How the site takes payments, for every page's banner: the only admin route about payments.
  { name: 'payments', allowed: EVERY_STAFF, read: { method: 'GET', path: '/admin/dashboard/payments' } },
  {
    name: 'contact messages',
    allowed: OWNER_AND_ADMIN,
    read: { method: 'GET', path: '/admin/submissions/contact' },
    write: { method: 'PATCH', path: `/admin/submissions/contact/${MISSING_ID}`, body: {} },
  },
  {
    name: 'sponsored submissions',
    allowed: OWNER_AND_ADMIN,
    read: { method: 'GET', path: '/admin/submissions/sponsored' },
    write: { method: 'PATCH', path: `/admin/submissions/sponsored/${MISSING_ID}`, body: {} },
  },
  {
    name: 'subscribers',
    allowed: OWNER_AND_ADMIN,
    read: { method: 'GET', path: '/admin/submissions/newsletter' },
    write: { method: 'DELETE', path: `/admin/submissions/newsletter/${MISSING_ID}` },
  },
  {
    name: 'newsletters',
    allowed: OWNER_AND_ADMIN,
    read: { method: 'GET', path: '/admin/newsletters' },
    write: { method: 'POST', path: '/admin/newsletters', body: {} },
  },
  {
    name: 'audit log',
    allowed: OWNER_AND_ADMIN,
    read: { method: 'GET', path: '/admin/audit-log' },
    module: 'server/api/audit-log.ts',
  },
  {
    name: 'users',
    allowed: OWNER_ONLY,
    read: { method: 'GET', path: '/admin/users' },
    write: { method: 'POST', path: '/admin/users', body: {} },
  },
  {
    name: 'settings',
    allowed: OWNER_ONLY,
    read: { method: 'GET', path: '/admin/settings/security' },
    write: { method: 'PUT', path: '/admin/settings/security', body: {} },
    module: 'server/api/settings.ts',
  },
  {
    name: 'campaign pages setting',
    allowed: OWNER_ONLY,
    read: { method: 'GET', path: '/admin/settings/campaign-fetching' },
    write: { method: 'PUT', path: '/admin/settings/campaign-fetching', body: {} },
  },
  // Reading a campaign page for the post editor: whoever edits posts.
  { name: 'campaign preview', allowed: EVERY_STAFF, write: { method: 'POST', path: '/admin/campaign-preview', body: {} } },
  {
    name: 'site settings',
    allowed: OWNER_AND_ADMIN,
    read: { method: 'GET', path: '/admin/settings/site' },
    write: { method: 'PUT', path: '/admin/settings/site', body: {} },
  },
  // Every mail the site kept or sent, links included: the owner's.
  {
    name: 'outbox',
    allowed: OWNER_ONLY,
    read: { method: 'GET', path: '/admin/outbox' },
    module: 'server/api/outbox.ts',
  },
  // One's own account and role: every member of staff.
  { name: 'me', allowed: EVERY_STAFF, read: { method: 'GET', path: '/admin/me' } },
  {
    name: 'own account',
    allowed: EVERY_STAFF,
    read: { method: 'GET', path: '/admin/account/sessions' },
    write: { method: 'POST', path: '/admin/account/password', body: {} },
    module: 'server/api/account.ts',
  },
];

const PASSWORD = 'a long enough password for the matrix';
const t = useTestApp();
const tokens = new Map<Role, string>();

beforeAll(async () => {
  tokens.set('owner', await t.adminToken());
  for (const role of ['admin', 'editor', 'member'] as const) {
    const email = `${role}.matrix@example.com`;
    await t.createUserWithRole(email, PASSWORD, role);
    tokens.set(role, (await t.login(email, PASSWORD)).access_token);
  }
});

const root = path.resolve(import.meta.dirname, '../..');
const rows = FAMILIES.flatMap((family) => {
  const missing = family.module !== undefined && !existsSync(path.join(root, family.module));
  return ROLES.flatMap((role) =>
    (['read', 'write'] as const).flatMap((kind) => {
      const call = family[kind];
      if (!call) return [];
      const expected = role === 'anonymous' ? 'is asked to sign in' : family.allowed.includes(role) ? 'is allowed' : 'is refused';
      const name = `${role} ${expected}: ${family.name} ${kind} (${call.method} ${call.path})${missing ? ` (skipped: ${family.module} does not exist yet)` : ''}`;
      return [{ name, role, call, allowed: family.allowed.includes(role), missing }];
    }),
  );
});

describe('role matrix', () => {
  for (const row of rows) {
    it.skipIf(row.missing)(row.name, async () => {
      const token = tokens.get(row.role);
      const response = await t.request(row.call.method, row.call.path, {
        ...(token ? { token } : {}),
        ...(row.call.body === undefined ? {} : { body: row.call.body }),
      });
      if (row.role === 'anonymous') {
        expect(response.status).toBe(401);
        expect(response.body.error).toBe('UNAUTHORIZED');
      } else if (row.allowed) {
        expect([401, 403], JSON.stringify(response.body)).not.toContain(response.status);
        expect(response.status).toBeLessThan(500);
        // A route that does not exist would pass the lines above without testing anything.
        expect(String(response.body?.message ?? '')).not.toMatch(/^No API endpoint/);
      } else {
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: 'FORBIDDEN', message: expect.stringMatching(/\S/) });
      }
    });
  }
});

/**
 * What answers reveal and allow across origins: no X-Powered-By anywhere,
 * and no CORS grant by default, to simple requests, credentialed requests
 * or preflights from a foreign origin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshIp, useTestApp } from '../helpers/test-app.ts';

const EVIL = 'https://evil.example';

const t = useTestApp();
let token: string;
beforeAll(async () => {
  // A route that fails the way a bug would, so 500 answers are covered too
  // (added before the first request builds the router).
  t.app.get('/api/crash-for-security-test', () => {
    throw new Error('boom');
  });
  token = await t.adminToken();
});

interface Probe {
  name: string;
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  admin?: boolean;
}

const PROBES: Probe[] = [
  { name: 'a public read', method: 'GET', path: '/api/posts' },
  { name: 'the health check', method: 'GET', path: '/api/health' },
  { name: 'an unknown API path', method: 'GET', path: '/api/nope' },
  { name: 'an unknown page path', method: 'GET', path: '/nope' },
  { name: 'an upload that does not exist', method: 'GET', path: '/uploads/2026/01/nothing.png' },
  { name: 'a refused admin call', method: 'GET', path: '/api/admin/posts' },
  { name: 'an admin call with a token', method: 'GET', path: '/api/admin/posts', admin: true },
  {
    name: 'a login',
    method: 'POST',
    path: '/api/auth/login',
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    headers: { 'content-type': 'application/json' },
  },
  { name: 'a validation failure', method: 'POST', path: '/api/submissions/contact', body: '{}', headers: { 'content-type': 'application/json' } },
  { name: 'a text/plain cross-site form post', method: 'POST', path: '/api/submissions/contact', body: 'name=a', headers: { 'content-type': 'text/plain' } },
  { name: 'a logout', method: 'POST', path: '/api/auth/logout', body: '{"refresh_token":"x"}', headers: { 'content-type': 'application/json' } },
  { name: 'a handler crash', method: 'GET', path: '/api/crash-for-security-test' },
  {
    name: 'a preflight for a credentialed admin call',
    method: 'OPTIONS',
    path: '/api/admin/posts',
    headers: { 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization, content-type' },
  },
  {
    name: 'a preflight for a JSON login',
    method: 'OPTIONS',
    path: '/api/auth/login',
    headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  },
  {
    name: 'a preflight for a public form',
    method: 'OPTIONS',
    path: '/api/submissions/contact',
    headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  },
];

async function send(probe: Probe, origin: string | null) {
  const headers: Record<string, string> = { 'x-forwarded-for': freshIp(), ...probe.headers };
  if (origin !== null) headers.origin = origin;
  if (probe.admin) headers.authorization = `Bearer ${token}`;
  return t.app.request(`http://localhost${probe.path}`, { method: probe.method, headers, body: probe.body });
}

describe('X-Powered-By', () => {
  it.each(PROBES)('is absent on $name', async (probe) => {
    const response = await send(probe, null);
    if (probe.path.includes('crash')) expect(response.status).toBe(500);
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('server')).toBeNull();
  });
});

describe('CORS, closed by default', () => {
  it.each(PROBES)('grants nothing to a foreign origin on $name', async (probe) => {
    for (const origin of [EVIL, 'null', 'http://localhost.evil.example']) {
      const response = await send(probe, origin);
      for (const [name] of response.headers) {
        expect(name.startsWith('access-control-'), `${origin}: ${name}`).toBe(false);
      }
    }
  });

  it('answers no preflight with success', async () => {
    for (const probe of PROBES.filter((p) => p.method === 'OPTIONS')) {
      const response = await send(probe, EVIL);
      expect(response.status, probe.path).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('allow'), probe.path).toBeNull();
    }
  });

  it('refuses a cross-site form post to the API without storing it', async () => {
    const before = await t.handle.db.selectFrom('contact_submissions').select('id').execute();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await t.app.request('http://localhost/api/submissions/contact', {
        method: 'POST',
        headers: { origin: EVIL, 'content-type': type, 'x-forwarded-for': freshIp() },
        body: JSON.stringify({ name: 'Mallory', email: 'mallory@example.com', message: 'Hi.' }),
      });
      expect(response.status, type).toBe(415);
    }
    expect(await t.handle.db.selectFrom('contact_submissions').select('id').execute()).toEqual(before);
  });
});

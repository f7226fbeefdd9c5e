import { describe, expect, it } from 'vitest';
import {
  ApiRequestError,
  cookieValue,
  createApiClient,
  errorMessage,
  failureMessage,
  SESSION_EXPIRED_MESSAGE,
  SESSION_KEYS,
  type SessionStorage,
} from '../../app/lib/api-client.ts';

function memoryStorage(items: Record<string, string> = {}): SessionStorage & { items: Map<string, string> } {
  const map = new Map(Object.entries(items));
  return {
    items: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  csrf: string | null;
  transport: string | null;
  body: unknown;
}

/**
 * A stand-in for the auth API with a cookie jar, as a browser keeps it:
 * access tokens in `valid` are accepted, the refresh token is in the jar
 * (rotating, each works once) and needs the CSRF header, everything is
 * recorded.
 */
function fakeServer(options: { validAccess: string[]; refreshToken: string | null; refreshDelayMs?: number }) {
  const calls: Call[] = [];
  const valid = new Set(options.validAccess);
  const jar = { refresh: options.refreshToken, csrf: options.refreshToken ? 'csrf-0' : null };
  let issued = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const url = String(input);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization'),
      csrf: headers.get('x-csrf-token'),
      transport: headers.get('x-session-transport'),
      body,
    });
    if (url === '/api/auth/refresh') {
      if (options.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs));
      if (!jar.refresh || headers.get('x-csrf-token') !== jar.csrf) return json(401, { error: 'INVALID_TOKEN', message: 'expired' });
      issued += 1;
      jar.refresh = `refresh-${issued}`;
      jar.csrf = `csrf-${issued}`;
      const access = `access-${issued}`;
      valid.add(access);
      return json(200, { access_token: access });
    }
    if (url === '/api/auth/logout') {
      jar.refresh = null;
      return json(204);
    }
    const token = headers.get('authorization')?.replace('Bearer ', '');
    if (!token || !valid.has(token)) return json(401, { error: 'INVALID_TOKEN', message: 'expired' });
    return json(200, { ok: true, url });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    cookies: () => (jar.csrf ? `cc_cookie=x; admin_csrf=${jar.csrf}` : ''),
    expire: (access: string) => valid.delete(access),
  };
}

/** A page reloaded while signed in: the e-mail in storage, the refresh token in the cookie, no access token. */
const signedIn = () => memoryStorage({ [SESSION_KEYS.userEmail]: 'admin@example.com' });

describe('the API client', () => {
  it('renews the access token from the cookie, with the CSRF header, before its first call after a reload', async () => {
    const server = fakeServer({ validAccess: [], refreshToken: 'refresh-0' });
    const storage = signedIn();
    const client = createApiClient({ fetch: server.fetch, storage: () => storage, cookies: server.cookies });

    await expect(client.get('/admin/posts', { limit: 1 })).resolves.toEqual({ ok: true, url: '/api/admin/posts?limit=1' });

    expect(server.calls.map((call) => [call.url, call.authorization, call.csrf, call.transport])).toEqual([
      ['/api/auth/refresh', null, 'csrf-0', 'cookie'],
      ['/api/admin/posts?limit=1', 'Bearer access-1', null, null],
    ]);
    // The refresh body carries no token: the cookie does.
    expect(server.calls[0]?.body).toEqual({});
    // Nothing but the e-mail is kept in storage.
    expect(Object.fromEntries(storage.items)).toEqual({ [SESSION_KEYS.userEmail]: 'admin@example.com' });
  });

  it('keeps the access token in memory for the next calls', async () => {
    const server = fakeServer({ validAccess: [], refreshToken: 'refresh-0' });
    const client = createApiClient({ fetch: server.fetch, storage: signedIn, cookies: server.cookies });
    await client.get('/admin/posts');
    await client.get('/admin/resources');
    expect(server.calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
    expect(server.calls.at(-1)?.authorization).toBe('Bearer access-1');
  });

  it('shares one refresh between calls that fail at the same time', async () => {
    const server = fakeServer({ validAccess: [], refreshToken: 'refresh-0', refreshDelayMs: 20 });
    const storage = signedIn();
    const client = createApiClient({ fetch: server.fetch, storage: () => storage, cookies: server.cookies });

    const answers = await Promise.all([client.get('/admin/posts'), client.get('/admin/resources'), client.get('/admin/categories')]);

    expect(answers).toHaveLength(3);
    expect(server.calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
    expect(server.calls.filter((call) => call.authorization === 'Bearer access-1')).toHaveLength(3);
  });

  it('clears the session with the session-expired message when the refresh is refused', async () => {
    const server = fakeServer({ validAccess: [], refreshToken: null });
    const storage = signedIn();
    const client = createApiClient({ fetch: server.fetch, storage: () => storage, cookies: server.cookies });

    await expect(client.get('/admin/posts')).rejects.toMatchObject({ message: SESSION_EXPIRED_MESSAGE, status: 401 });
    expect([...storage.items.keys()]).toEqual([]);
    expect(client.isSignedIn()).toBe(false);
    expect(server.calls.map((call) => call.url)).toEqual(['/api/auth/refresh']);
  });

  it('refreshes once and retries when the access token in memory has expired', async () => {
    const server = fakeServer({ validAccess: ['access-0'], refreshToken: 'refresh-0' });
    const storage = signedIn();
    const client = createApiClient({ fetch: server.fetch, storage: () => storage, cookies: server.cookies });
    await client.get('/admin/posts');
    // The server forgets access-0 (it expired): the next call refreshes once.
    server.expire('access-1');
    await expect(client.get('/admin/resources')).resolves.toEqual({ ok: true, url: '/api/admin/resources' });
    expect(server.calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/api/auth/refresh', null],
      ['/api/admin/posts', 'Bearer access-1'],
      ['/api/admin/resources', 'Bearer access-1'],
      ['/api/auth/refresh', null],
      ['/api/admin/resources', 'Bearer access-2'],
    ]);
  });

  it('does not try to refresh when nobody signed in on this browser', async () => {
    const server = fakeServer({ validAccess: [], refreshToken: null });
    const client = createApiClient({ fetch: server.fetch, storage: () => memoryStorage(), cookies: server.cookies });
    await expect(client.get('/admin/posts')).rejects.toMatchObject({ status: 401 });
    expect(server.calls.map((call) => call.url)).toEqual(['/api/admin/posts']);
  });

  it('signs in with the cookie transport, never sends a bearer token with it, and stores only the e-mail', async () => {
    const idPayload = btoa(JSON.stringify({ email: 'owner@example.com' })).replace(/=+$/, '');
    const calls: Call[] = [];
    // Left by an earlier version that kept tokens in storage: removed at sign-in.
    const storage = memoryStorage({ [SESSION_KEYS.legacyAccessToken]: 'old', [SESSION_KEYS.legacyRefreshToken]: 'old-r' });
    const client = createApiClient({
      storage: () => storage,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        calls.push({
          url: String(input),
          method: init?.method ?? 'GET',
          authorization: headers.get('authorization'),
          csrf: headers.get('x-csrf-token'),
          transport: headers.get('x-session-transport'),
          body: undefined,
        });
        if (String(input) === '/api/auth/login') return json(200, { access_token: 'a', id_token: `h.${idPayload}.s` });
        return json(200, { ok: true });
      }) as typeof fetch,
    });

    await client.login('OWNER@example.com', 'secret1');
    await client.get('/admin/posts');

    expect(calls).toEqual([
      { url: '/api/auth/login', method: 'POST', authorization: null, csrf: null, transport: 'cookie', body: undefined },
      { url: '/api/admin/posts', method: 'GET', authorization: 'Bearer a', csrf: null, transport: null, body: undefined },
    ]);
    expect(Object.fromEntries(storage.items)).toEqual({ [SESSION_KEYS.userEmail]: 'owner@example.com' });
  });

  it('logs out through the cookie with the CSRF header, and forgets the session even when the server call fails', async () => {
    const server = fakeServer({ validAccess: [], refreshToken: 'refresh-0' });
    const storage = signedIn();
    const client = createApiClient({ fetch: server.fetch, storage: () => storage, cookies: server.cookies });
    await client.logout();
    expect(server.calls.map((call) => [call.url, call.csrf, call.transport])).toEqual([['/api/auth/logout', 'csrf-0', 'cookie']]);
    expect([...storage.items.keys()]).toEqual([]);

    const offline = signedIn();
    const unreachable = createApiClient({
      storage: () => offline,
      fetch: (async () => {
        throw new TypeError('network down');
      }) as typeof fetch,
    });
    await expect(unreachable.logout()).resolves.toBeUndefined();
    expect([...offline.items.keys()]).toEqual([]);
  });

  it('resolves a 204 answer with an empty result', async () => {
    const storage = memoryStorage();
    const client = createApiClient({ storage: () => storage, fetch: (async () => json(204)) as typeof fetch });
    await expect(client.delete('/admin/posts/1')).resolves.toBeUndefined();
  });

  it('rejects with the server message and keeps its error code', async () => {
    const storage = memoryStorage();
    const client = createApiClient({
      storage: () => storage,
      fetch: (async () => json(409, { error: 'VERSION_CONFLICT', message: 'This post was changed by someone else.' })) as typeof fetch,
    });
    const failure = await client.put('/admin/posts/1', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 409, code: 'VERSION_CONFLICT', message: 'This post was changed by someone else.' });
  });

  it('reads one cookie out of document.cookie', () => {
    expect(cookieValue('a=1; admin_csrf=x%3Dy; b=2', 'admin_csrf')).toBe('x=y');
    expect(cookieValue('a=1', 'admin_csrf')).toBeNull();
  });
});

describe('the error-message rule', () => {
  it('prefers the server message, then its error field, then the HTTP status, then a fixed text', () => {
    expect(failureMessage({ message: 'Title is required', error: 'VALIDATION_FAILED' }, 400)).toBe('Title is required');
    expect(failureMessage({ error: 'FORBIDDEN' }, 403)).toBe('FORBIDDEN');
    expect(failureMessage('<html>', 502)).toBe('HTTP 502');
    expect(failureMessage(undefined)).toBe('Request failed');
  });

  it('gives the catch-all text for anything that is not an Error', () => {
    expect(errorMessage(new Error('Slug is taken'))).toBe('Slug is taken');
    expect(errorMessage('boom')).toBe('An unexpected error occurred');
    expect(errorMessage({ message: 'looks like an error' })).toBe('An unexpected error occurred');
  });
});

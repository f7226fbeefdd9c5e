import { describe, expect, it } from 'vitest';
import {
  ApiRequestError,
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
  body: unknown;
}

/**
 * A stand-in for the auth API: access tokens in `valid` are accepted,
 * refresh tokens rotate (each works once), everything is recorded.
 */
function fakeServer(options: { validAccess: string[]; refreshTokens: string[]; refreshDelayMs?: number }) {
  const calls: Call[] = [];
  const refreshTokens = new Set(options.refreshTokens);
  const valid = new Set(options.validAccess);
  let issued = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', authorization: headers.get('authorization'), body });
    if (url === '/api/auth/refresh') {
      if (options.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs));
      const presented = (body as { refresh_token: string }).refresh_token;
      if (!refreshTokens.has(presented)) return json(401, { error: 'INVALID_REFRESH_TOKEN', message: 'Refresh token is invalid' });
      refreshTokens.delete(presented);
      issued += 1;
      const access = `access-${issued}`;
      const refresh = `refresh-${issued}`;
      valid.add(access);
      refreshTokens.add(refresh);
      return json(200, { access_token: access, refresh_token: refresh });
    }
    if (url === '/api/auth/logout') return json(204);
    const token = headers.get('authorization')?.replace('Bearer ', '');
    if (!token || !valid.has(token)) return json(401, { error: 'INVALID_TOKEN', message: 'expired' });
    return json(200, { ok: true, url });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const signedIn = () =>
  memoryStorage({
    [SESSION_KEYS.accessToken]: 'stale',
    [SESSION_KEYS.refreshToken]: 'refresh-0',
    [SESSION_KEYS.userEmail]: 'admin@example.com',
  });

describe('the API client', () => {
  it('refreshes an expired access token once, stores the rotated refresh token and retries the call', async () => {
    const server = fakeServer({ validAccess: [], refreshTokens: ['refresh-0'] });
    const storage = signedIn();
    const client = createApiClient({ fetch: server.fetch, storage: () => storage });

    await expect(client.get('/admin/posts', { limit: 1 })).resolves.toEqual({ ok: true, url: '/api/admin/posts?limit=1' });

    expect(server.calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/api/admin/posts?limit=1', 'Bearer stale'],
      ['/api/auth/refresh', null],
      ['/api/admin/posts?limit=1', 'Bearer access-1'],
    ]);
    expect(storage.items.get(SESSION_KEYS.accessToken)).toBe('access-1');
    expect(storage.items.get(SESSION_KEYS.refreshToken)).toBe('refresh-1');
  });

  it('shares one refresh between calls that fail at the same time', async () => {
    const server = fakeServer({ validAccess: [], refreshTokens: ['refresh-0'], refreshDelayMs: 20 });
    const storage = signedIn();
    const client = createApiClient({ fetch: server.fetch, storage: () => storage });

    const answers = await Promise.all([client.get('/admin/posts'), client.get('/admin/resources'), client.get('/admin/categories')]);

    expect(answers).toHaveLength(3);
    expect(server.calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
    expect(server.calls.filter((call) => call.authorization === 'Bearer access-1')).toHaveLength(3);
  });

  it('clears the session with the session-expired message when the refresh is refused', async () => {
    const server = fakeServer({ validAccess: [], refreshTokens: [] });
    const storage = signedIn();
    const client = createApiClient({ fetch: server.fetch, storage: () => storage });

    await expect(client.get('/admin/posts')).rejects.toMatchObject({ message: SESSION_EXPIRED_MESSAGE, status: 401 });
    expect([...storage.items.keys()]).toEqual([]);
    expect(server.calls.filter((call) => call.url === '/api/admin/posts')).toHaveLength(1);
  });

  it('never sends the bearer token with the login call and keeps the three session items', async () => {
    const idPayload = btoa(JSON.stringify({ email: 'owner@example.com' })).replace(/=+$/, '');
    const calls: Call[] = [];
    const storage = memoryStorage({ [SESSION_KEYS.accessToken]: 'old' });
    const client = createApiClient({
      storage: () => storage,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), method: init?.method ?? 'GET', authorization: new Headers(init?.headers).get('authorization'), body: undefined });
        return json(200, { access_token: 'a', refresh_token: 'r', id_token: `h.${idPayload}.s` });
      }) as typeof fetch,
    });

    await client.login('OWNER@example.com', 'secret1');

    expect(calls).toEqual([{ url: '/api/auth/login', method: 'POST', authorization: null, body: undefined }]);
    expect(Object.fromEntries(storage.items)).toEqual({
      [SESSION_KEYS.accessToken]: 'a',
      [SESSION_KEYS.refreshToken]: 'r',
      [SESSION_KEYS.userEmail]: 'owner@example.com',
    });
  });

  it('clears all three stored items on logout even when the server call fails', async () => {
    const storage = signedIn();
    const client = createApiClient({
      storage: () => storage,
      fetch: (async () => {
        throw new TypeError('network down');
      }) as typeof fetch,
    });

    await expect(client.logout()).resolves.toBeUndefined();
    expect([...storage.items.keys()]).toEqual([]);
  });

  it('resolves a 204 answer with an empty result', async () => {
    const storage = signedIn();
    const client = createApiClient({ storage: () => storage, fetch: (async () => json(204)) as typeof fetch });
    await expect(client.delete('/admin/posts/1')).resolves.toBeUndefined();
  });

  it('rejects with the server message and keeps its error code', async () => {
    const storage = signedIn();
    const client = createApiClient({
      storage: () => storage,
      fetch: (async () => json(409, { error: 'VERSION_CONFLICT', message: 'This post was changed by someone else.' })) as typeof fetch,
    });
    const failure = await client.put('/admin/posts/1', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 409, code: 'VERSION_CONFLICT', message: 'This post was changed by someone else.' });
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

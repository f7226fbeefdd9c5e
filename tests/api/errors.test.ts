import { beforeAll, describe, expect, it } from 'vitest';
import { freshIp, type RequestOptions, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const INTERNAL_ERROR = { error: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' };

let counter = 0;
function contactMessage(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Error Case ${counter} ${Date.now()}`,
    email: `errors${counter}@example.com`,
    message: 'Hello there.',
    ...overrides,
  };
}

async function countContactMessages(): Promise<number> {
  const row = await t.handle.db
    .selectFrom('contact_submissions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('the error JSON', () => {
  it.each<[string, string, string, RequestOptions | 'admin', number]>([
    ['an unknown path', 'GET', '/no-such-endpoint', {}, 404],
    ['an unknown method on a known path', 'PUT', '/submissions/contact', { body: {} }, 404],
    ['a missing token', 'GET', '/admin/posts', {}, 401],
    ['an unknown id', 'GET', '/admin/submissions/sponsored/999999999', 'admin', 404],
    ['a validation failure', 'POST', '/submissions/contact', { body: {} }, 400],
    ['malformed JSON', 'POST', '/submissions/newsletter', { rawBody: '{', headers: { 'content-type': 'application/json' } }, 400],
    ['a text body', 'POST', '/auth/login', { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } }, 415],
    ['a bad paging token', 'GET', '/posts?nextToken=%%%', {}, 400],
  ])('is {"error","message"} and nothing else for %s', async (_case, method, path, options, status) => {
    const requestOptions = options === 'admin' ? { token: await t.adminToken() } : options;
    const response = await t.request(method, path, { ...requestOptions, ip: freshIp() });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(response.body).sort()).toEqual(['error', 'message']);
    expect(response.body.error).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    expect(typeof response.body.message).toBe('string');
    expect(response.body.message.length).toBeGreaterThan(0);
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/nope'],
    ['POST', '/nope/deeper'],
    ['DELETE', '/submissions/contact'],
  ])('answer %s %s with 404 JSON naming the path', async (method, path) => {
    const response = await t.request(method, path);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: `No API endpoint at ${method} /api${path}` });
  });
});

describe('request bodies', () => {
  it('refuses a text/plain body on a JSON endpoint with 415 and stores nothing', async () => {
    const before = await countContactMessages();
    const response = await t.request('POST', '/submissions/contact', {
      rawBody: JSON.stringify(contactMessage()),
      headers: { 'content-type': 'text/plain' },
      ip: freshIp(),
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as application/json',
    });
    expect(await countContactMessages()).toBe(before);
  });

  it('refuses a form-encoded body with 415', async () => {
    const response = await t.request('POST', '/submissions/newsletter', {
      rawBody: 'email=reader%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: freshIp(),
    });
    expect(response.status).toBe(415);
    expect(response.body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('accepts application/json with a charset', async () => {
    const payload = contactMessage();
    const response = await t.request('POST', '/submissions/contact', {
      rawBody: JSON.stringify(payload),
      headers: { 'content-type': 'application/json; charset=utf-8' },
      ip: freshIp(),
    });
    expect(response.status).toBe(201);
  });

  it.each([
    ['truncated JSON', '{"name": "Ada",', 'The request body is not valid JSON'],
    ['an empty body', '', 'The request body is not valid JSON'],
    ['a JSON array', '[{"name": "Ada"}]', 'The request body must be a JSON object'],
    ['JSON null', 'null', 'The request body must be a JSON object'],
    ['a JSON string', '"hello"', 'The request body must be a JSON object'],
  ])('refuses %s with 400 INVALID_JSON and stores nothing', async (_case, rawBody, message) => {
    const before = await countContactMessages();
    const response = await t.request('POST', '/submissions/contact', {
      rawBody,
      headers: { 'content-type': 'application/json' },
      ip: freshIp(),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'INVALID_JSON', message });
    expect(await countContactMessages()).toBe(before);
  });

  it('refuses invalid UTF-8 with 400 INVALID_JSON instead of storing U+FFFD', async () => {
    const before = await countContactMessages();
    // `message` ends with C3 28: a lead byte without its continuation.
    const [head = '', tail = ''] = JSON.stringify(contactMessage({ message: 'caf|' })).split('|');
    const encoder = new TextEncoder();
    const body = new Uint8Array([...encoder.encode(head), 0xc3, 0x28, ...encoder.encode(tail)]);
    const response = await t.app.request('http://localhost/api/submissions/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'INVALID_JSON', message: 'The request body is not valid UTF-8' });
    expect(await countContactMessages()).toBe(before);
  });

  const oversized = () => JSON.stringify(contactMessage({ message: 'x'.repeat(101 * 1024) }));

  it('refuses a body over 100 KB on a public POST with 413 and stores nothing', async () => {
    const before = await countContactMessages();
    const response = await t.request('POST', '/submissions/contact', {
      rawBody: oversized(),
      headers: { 'content-type': 'application/json' },
      ip: freshIp(),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 100 KB' });
    expect(await countContactMessages()).toBe(before);
  });

  it('refuses a declared Content-Length over 100 KB with 413', async () => {
    const body = oversized();
    const response = await t.request('POST', '/submissions/sponsored', {
      rawBody: body,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      ip: freshIp(),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 100 KB' });
  });

  it('lets a body just under 100 KB through to validation', async () => {
    const response = await t.request('POST', '/submissions/contact', {
      body: contactMessage({ message: 'x'.repeat(99 * 1024) }),
      ip: freshIp(),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'Message must be at most 10000 characters' });
  });
});

describe('response headers', () => {
  it.each([
    ['a successful answer', '/health', 200],
    ['a 404', '/no-such-endpoint', 404],
    ['a 401', '/admin/posts', 401],
  ])('carry the security headers on %s', async (_case, path, status) => {
    const response = await t.request('GET', path);
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('carry a distinct X-Request-Id on every response', async () => {
    const first = await t.request('GET', '/health');
    const second = await t.request('GET', '/no-such-endpoint');
    const firstId = first.headers.get('x-request-id');
    const secondId = second.headers.get('x-request-id');
    expect(firstId).toMatch(/^[\w-]{8,}$/);
    expect(secondId).toMatch(/^[\w-]{8,}$/);
    expect(firstId).not.toBe(secondId);
  });

  it('keep the request id a proxy already assigned', async () => {
    const response = await t.request('GET', '/health', { headers: { 'x-request-id': 'edge-1234-abcd' } });
    expect(response.headers.get('x-request-id')).toBe('edge-1234-abcd');
  });
});

describe('a handler crash', () => {
  const crashing = useTestApp();
  beforeAll(async () => {
    // A route that fails the way a bug would, with internals in its message.
    crashing.app.get('/api/crash-for-test', () => {
      throw new Error('secret detail: password=hunter2 at /srv/app/server/db.ts:42');
    });
  });

  it('answers 500 INTERNAL_ERROR with no stack trace or internals', async () => {
    const response = await crashing.request('GET', '/crash-for-test');
    expect(response.status).toBe(500);
    expect(response.body).toEqual(INTERNAL_ERROR);
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const text = JSON.stringify(response.body);
    expect(text).not.toMatch(/hunter2|\.ts|\bat\b|Error:/);
  });
});

describe('a database that stops answering', () => {
  const broken = useTestApp();

  it('answers a public POST with 500 INTERNAL_ERROR and the readiness check with 503', async () => {
    expect((await broken.request('GET', '/health/ready')).status).toBe(200);
    await broken.handle.destroy();

    const response = await broken.request('POST', '/submissions/contact', { body: contactMessage(), ip: freshIp() });
    expect(response.status).toBe(500);
    expect(response.body).toEqual(INTERNAL_ERROR);

    const ready = await broken.request('GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ error: 'SERVICE_UNAVAILABLE', message: 'The database is not answering' });
    // Liveness answers from the process alone: restarting it would not bring the database back.
    expect((await broken.request('GET', '/health')).status).toBe(200);
  });
});

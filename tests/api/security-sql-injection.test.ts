/**
 * Classic SQL-injection payloads in every kind of parameter: path slugs and
 * ids, query strings, paging cursors, JSON fields, the login e-mail. Queries
 * are parameterised, so each payload is just an odd value: the answer is a
 * refusal or a normal (usually empty) result, never a 5xx, nothing hidden
 * comes back, no statement runs, and every table keeps its rows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { freshIp, useTestApp } from '../helpers/test-app.ts';
import { dumpData, encodeSegment, expectSafeAnswer } from './security-helpers.ts';

const PAYLOADS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "') OR ('1'='1",
  "'; DROP TABLE posts; --",
  "1; DROP TABLE users",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "'; SELECT pg_sleep(5); --",
  "1' AND (SELECT 1 FROM pg_sleep(5)) --",
  "' UNION SELECT id, email, password_hash FROM users --",
  "' UNION SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL --",
  "1 UNION ALL SELECT token_hash FROM refresh_tokens",
  "'||(SELECT password_hash FROM users LIMIT 1)||'",
  "admin@example.com' --",
  "admin@example.com'/*",
  "1)); DELETE FROM users; --",
  "'; UPDATE users SET role = 'admin'; --",
  "'; ATTACH DATABASE 'x.db' AS x; --",
  "'; PRAGMA writable_schema = 1; --",
  '%',
  '_',
  "%' OR '%'='",
  '\\',
  "\\'; DROP TABLE posts; --",
  '1 OR 1=1',
  '-1 OR 1=1',
  '1e9999',
  '$1',
  '?',
  ':id',
  '\u0000',
  "\u0000' OR 1=1 --",
  '{"$gt": ""}',
  'published\' OR status = \'draft',
];

const TIME_LIMIT_MS = 4_000;

const t = useTestApp({
    rateLimits: {
      loginPerIp: { name: 'login-ip', max: 1_000_000, windowSeconds: 60 },
      loginFailuresPerAccountAndIp: { name: 'login-fail', max: 1_000_000, windowSeconds: 60 },
    },
  });
let token: string;
let dataBefore: Record<string, string[]>;
let publishedPostId: number;
beforeAll(async () => {
  token = await t.adminToken();
  const base = { excerpt: 'Short.', content: 'Body.', cover_image: null, campaign_url: null, read_time: 3 };
  const published = await t.request('POST', '/admin/posts', {
    token,
    body: { ...base, title: 'Visible', slug: 'visible-post', status: 'published', category_ids: ['tech'] },
  });
  const draft = await t.request('POST', '/admin/posts', {
    token,
    body: { ...base, title: 'Hidden draft', slug: 'hidden-draft', status: 'draft', category_ids: ['tech'] },
  });
  await t.request('POST', '/admin/resources', {
    token,
    body: { title: 'Hidden resource', slug: 'hidden-resource', content: 'Draft.', status: 'draft' },
  });
  expect([published.status, draft.status]).toEqual([201, 201]);
  publishedPostId = Number(published.body.id);
  // Refresh tokens, rate-limit rows and the like exist before the attack starts.
  dataBefore = await dumpData(t.handle.db);
});

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Everything an answer must not carry: drafts and secrets. */
async function secrets(): Promise<string[]> {
  const users = await t.handle.db.selectFrom('users').select('password_hash').execute();
  const tokens = await t.handle.db.selectFrom('refresh_tokens').select('token_hash').execute();
  return ['Hidden draft', 'hidden-draft', 'Hidden resource', ...users.map((u) => u.password_hash), ...tokens.map((r) => r.token_hash)];
}

async function expectHarmless(method: string, path: string, options: { body?: unknown; admin?: boolean } = {}) {
  const started = performance.now();
  const response = await t.request(method, path, {
    body: options.body,
    token: options.admin ? token : undefined,
    ip: freshIp(),
  });
  const context = `${method} ${path} ${JSON.stringify(options.body ?? '')}`;
  expect(performance.now() - started, context).toBeLessThan(TIME_LIMIT_MS);
  expectSafeAnswer(response, context);
  const text = JSON.stringify(response.body);
  if (!options.admin) for (const secret of await secrets()) expect(text, context).not.toContain(secret);
  return response;
}

describe('SQL-injection payloads', () => {
  it.each(PAYLOADS)('in path parameters find nothing: %j', async (payload) => {
    const segment = encodeSegment(payload);
    for (const prefix of ['/posts/', '/resources/', '/categories/']) {
      expect((await expectHarmless('GET', `${prefix}${segment}`)).status).toBe(404);
    }
    for (const prefix of ['/admin/categories/', '/admin/posts/', '/admin/resources/', '/admin/submissions/contact/', '/admin/submissions/sponsored/']) {
      expect((await expectHarmless('GET', `${prefix}${segment}`, { admin: true })).status).toBe(404);
    }
    expect((await expectHarmless('DELETE', `/admin/posts/${segment}`, { admin: true })).status).toBe(404);
    expect((await expectHarmless('DELETE', `/admin/resources/${segment}`, { admin: true })).status).toBe(404);
    const patch = await expectHarmless('PATCH', `/admin/submissions/contact/${segment}`, {
      admin: true,
      body: { status: 'read', version: 1 },
    });
    expect(patch.status).toBe(404);
    const put = await expectHarmless('PUT', `/admin/posts/${segment}`, {
      admin: true,
      body: { title: 'x', slug: 'x', content: 'x', status: 'draft', version: 1 },
    });
    expect(put.status).toBe(404);
  });

  it.each(PAYLOADS)('in query parameters and cursors widen no list: %j', async (payload) => {
    const value = encodeSegment(payload);
    const filtered = [
      `/posts?categoryId=${value}`,
      `/posts?status=${value}`,
      `/posts?search=${value}`,
      `/resources?category=${value}`,
      `/resources?status=${value}`,
    ];
    for (const path of filtered) {
      const response = await expectHarmless('GET', path);
      // A NUL character in a filter is refused (PostgreSQL text cannot hold
      // one); parameters the list does not know are ignored.
      const refused = payload.includes('\u0000') && /[?&]category(Id)?=/.test(path);
      expect(response.status, path).toBe(refused ? 400 : 200);
      if (response.status !== 200) continue;
      // Either nothing, or exactly the one published post: never the draft.
      const rows = (response.body.posts ?? response.body.resources) as { slug: string }[];
      for (const row of rows) expect(row.slug, path).toBe('visible-post');
    }
    const refusedOrPlain = [
      `/posts?pageSize=${value}`,
      `/posts?limit=${value}`,
      `/posts?nextToken=${value}`,
      `/posts?next_token=${cursorOf(payload)}`,
      `/posts?nextToken=${cursorOf([payload, 1])}`,
      `/posts?nextToken=${cursorOf([1, payload])}`,
      `/resources?nextToken=${cursorOf([0, payload])}`,
      `/categories?id=${value}`,
      `/payments/success?session_id=${value}`,
      `/payments/cancel?session_id=${value}`,
    ];
    for (const path of refusedOrPlain) expect([200, 400, 404], path).toContain((await expectHarmless('GET', path)).status);
    for (const path of [
      `/admin/posts?next_token=${cursorOf([payload, 1])}`,
      `/admin/submissions/contact?status=${value}`,
      `/admin/submissions/sponsored?status=${value}`,
      `/admin/submissions/newsletter?limit=${value}`,
    ]) {
      expect([200, 400], path).toContain((await expectHarmless('GET', path, { admin: true })).status);
    }
  });

  it.each(PAYLOADS)('in the login e-mail and password sign nobody in: %j', async (payload) => {
    for (const body of [
      { email: payload, password: payload },
      { email: `admin@example.com${payload}`, password: 'x' },
      { email: 'admin@example.com', password: payload },
      { email: payload, password: 'correct horse battery' },
    ]) {
      const response = await expectHarmless('POST', '/auth/login', { body });
      expect([400, 401], JSON.stringify(body)).toContain(response.status);
      expect(JSON.stringify(response.body)).not.toContain('access_token');
    }
    const refreshed = await expectHarmless('POST', '/auth/refresh', { body: { refresh_token: payload } });
    expect([400, 401]).toContain(refreshed.status);
  });

  it.each(PAYLOADS)('in form e-mails and admin references are refused: %j', async (payload) => {
    for (const [path, body] of [
      ['/submissions/newsletter', { email: payload }],
      ['/submissions/contact', { name: 'Ada', email: payload, message: 'Hi.' }],
      ['/submissions/sponsored', { project_name: 'P', project_url: payload, contact_name: 'Ada', contact_email: 'ada@example.com', terms_accepted: true }],
    ] as const) {
      expect((await expectHarmless('POST', path, { body })).status, `${path} ${payload}`).toBe(400);
    }
    // A payload that happens to be a valid slug ('1e9999') is no attack there.
    if (!/^[a-z0-9-]+$/.test(payload)) {
      const post = await expectHarmless('POST', '/admin/posts', {
        admin: true,
        body: { title: 'T', slug: payload, content: 'x', status: 'draft' },
      });
      expect(post.status).toBe(400);
    }
    const categories = await expectHarmless('POST', '/admin/posts', {
      admin: true,
      body: { title: 'T', slug: 'fine-slug', content: 'x', status: 'draft', category_ids: [payload] },
    });
    expect(categories.status).toBe(400);
    const resource = await expectHarmless('PUT', `/admin/posts/${publishedPostId}`, {
      admin: true,
      body: { title: 'T', slug: 'visible-post', content: 'x', status: 'published', version: payload },
    });
    expect(resource.status).toBe(400);
  });

  it('cursors with out-of-range numbers are refused or page normally', async () => {
    for (const pair of [
      [1e21, 1],
      [-1e21, 1],
      [2 ** 63, 1],
      // 2^63 - 1 as sent on the wire; as a double it is 2^63.
      [Number('9223372036854775807'), 1],
      [Number.MAX_SAFE_INTEGER + 2, 1],
      [1, 2 ** 31],
      [1, 1e21],
    ]) {
      for (const path of [`/posts?nextToken=${cursorOf(pair)}`, `/resources?nextToken=${cursorOf(pair)}`]) {
        expect([200, 400], path).toContain((await expectHarmless('GET', path)).status);
      }
      for (const path of ['/admin/posts', '/admin/resources', '/admin/submissions/contact', '/admin/submissions/sponsored', '/admin/submissions/newsletter']) {
        const full = `${path}?next_token=${cursorOf(pair)}`;
        expect([200, 400], full).toContain((await expectHarmless('GET', full, { admin: true })).status);
      }
    }
  });

  it('changed no row in any table and dropped nothing', async () => {
    expect(await dumpData(t.handle.db)).toEqual(dataBefore);
    const response = await t.request('GET', '/posts');
    expect(response.status).toBe(200);
    expect(response.body.posts.map((post: { slug: string }) => post.slug)).toEqual(['visible-post']);
    expect((await t.request('GET', '/admin/dashboard', { token })).status).toBe(200);
  });

  it('stores payloads in free text verbatim, as plain data', async () => {
    for (const payload of PAYLOADS.filter((value) => !value.includes('\u0000'))) {
      const message = `${payload} -- end`;
      const response = await t.request('POST', '/submissions/contact', {
        body: { name: payload.trim() || 'Ada', email: 'sqli@example.com', message },
        ip: freshIp(),
      });
      expect(response.status, payload).toBe(201);
      const row = await t.handle.db
        .selectFrom('contact_submissions')
        .select(['message'])
        .where('id', '=', Number(response.body.id))
        .executeTakeFirstOrThrow();
      expect(row.message).toBe(message);
    }
    // Still every table, still every user.
    expect((await t.handle.db.selectFrom('users').select('id').execute()).length).toBe(1);
    expect((await t.request('GET', '/posts')).body.posts).toHaveLength(1);
  });
});

/**
 * Every public form, the auth calls, the admin writes, query strings and
 * path parameters fed generated junk: wrong types, over-long text, awkward
 * unicode, nested values and prototype-pollution keys. Whatever arrives, the
 * answer is never a 5xx, a refusal is the error JSON, a refused request
 * leaves every stored row as it was, and no built-in prototype changes.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshIp, type ApiResponse, type TestApp, useTestApp } from '../helpers/test-app.ts';
import {
  dumpData,
  encodeSegment,
  expectNoPollution,
  expectSafeAnswer,
  prototypeKeys,
  withOwn,
} from './security-helpers.ts';

// FUZZ_RUNS=1000 searches deeper, locally; the default keeps the file at a few seconds.
const RUNS = Number(process.env.FUZZ_RUNS) || 60;
const TIMEOUT = 120_000;
const UNLIMITED = { max: 1_000_000, windowSeconds: 60 };

let t: TestApp;
let token: string;
let prototypesBefore: Record<string, string[]>;
beforeAll(async () => {
  prototypesBefore = prototypeKeys();
  // Rate limits would turn later runs into 429s and hide what the handlers do.
  t = await createTestApp({
    rateLimits: {
      loginPerIp: { name: 'login-ip', ...UNLIMITED },
      loginFailuresPerAccountAndIp: { name: 'login-fail', ...UNLIMITED },
      contactPerIp: { name: 'contact-ip', ...UNLIMITED },
      newsletterPerIp: { name: 'newsletter-ip', ...UNLIMITED },
      sponsoredPerIp: { name: 'sponsored-ip', ...UNLIMITED },
      checkoutPerIp: { name: 'checkout-ip', ...UNLIMITED },
    },
  });
  token = await t.adminToken();
});
afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------- junk

const HUGE = [256, 1025, 10_001, 120_000].map((length) => 'x'.repeat(length));
const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\u202Egnp.exe\u202C',
  'مرحبا بالعالم',
  'שלום',
  '😀'.repeat(40),
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇',
  '\uFEFF',
  '\u200B',
  '\\',
  '"',
  "'",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '%00',
  '%',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'javascript:alert(1)',
  'http://',
  'https://example.com/' + 'a'.repeat(3000),
  'a@b',
  'a@b.c',
  '@example.com',
  'ad..min@example.com',
  ...HUGE,
];

const pollution: fc.Arbitrary<unknown> = fc.constantFrom(
  () => withOwn({}, '__proto__', { polluted: 'yes', isAdmin: true }),
  () => ({ constructor: { prototype: { polluted: 'yes' } } }),
  () => ({ prototype: { polluted: 'yes' } }),
  () => withOwn({ a: 1 }, '__proto__', withOwn({}, '__proto__', { polluted: 'deep' })),
  () => [withOwn({}, '__proto__', { polluted: 'in-array' })],
).map((make) => make());

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, -0, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, 1e21, -1e308, 1e308, Number.MAX_VALUE),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
  pollution,
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];
const extraKey = fc.oneof(
  fc.constantFrom(...PROTO_KEYS, 'id', 'role', 'isAdmin', 'version', 'created_at', 'status', 'payment_status'),
  fc.string({ maxLength: 12 }),
);

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  '[]',
  'null',
  '"text"',
  '42',
  '{"__proto__":{"polluted":"raw"}}',
  '{"constructor":{"prototype":{"polluted":"raw"}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"email":"a@example.com","email":{"$ne":null}}',
  '\uFEFF{}',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

/** A change to a valid body: fields replaced, removed or added, or the whole body replaced. */
type Mutation =
  | { kind: 'fields'; replace: [string, unknown][]; remove: string[]; extra: [string, unknown][] }
  | { kind: 'value'; value: unknown; contentType: string }
  | { kind: 'raw'; text: string; contentType: string };

function mutations(fields: string[]): fc.Arbitrary<Mutation> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('fields' as const),
        replace: fc.array(fc.tuple(fc.constantFrom(...fields), junk), { minLength: 1, maxLength: 3 }),
        remove: fc.subarray(fields, { maxLength: Math.min(2, fields.length) }),
        extra: fc.array(fc.tuple(extraKey, junk), { maxLength: 2 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('value' as const), value: junk, contentType: fc.constantFrom(...CONTENT_TYPES) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(fc.constantFrom(...RAW_BODIES), fc.string({ unit: 'binary', maxLength: 60 })),
        contentType: fc.constantFrom(...CONTENT_TYPES),
      }),
    },
  );
}

function applyMutation(valid: Record<string, unknown>, mutation: Mutation): { text: string; contentType: string } {
  if (mutation.kind === 'raw') return { text: mutation.text, contentType: mutation.contentType };
  if (mutation.kind === 'value') return { text: JSON.stringify(mutation.value) ?? 'null', contentType: mutation.contentType };
  const body = Object.fromEntries(Object.entries(valid).filter(([field]) => !mutation.remove.includes(field)));
  for (const [key, value] of [...mutation.replace, ...mutation.extra]) withOwn(body, key, value);
  return { text: JSON.stringify(body), contentType: 'application/json' };
}

let counter = 0;
const unique = () => {
  counter += 1;
  return `${counter}-${Date.now().toString(36)}`;
};

/** Sends a mutated body; checks the answer and, when refused, that nothing was stored. */
async function fuzzBody(
  method: string,
  path: string,
  valid: Record<string, unknown>,
  mutation: Mutation,
  options: { token?: string } = {},
): Promise<ApiResponse> {
  const { text, contentType } = applyMutation(valid, mutation);
  const before = await dumpData(t.handle.db);
  const response = await t.request(method, path, {
    rawBody: text,
    headers: { 'content-type': contentType },
    token: options.token,
    ip: freshIp(),
  });
  const context = `${method} ${path} ${text.slice(0, 300)}`;
  expectSafeAnswer(response, context);
  if (response.status >= 400) expect(await dumpData(t.handle.db), context).toEqual(before);
  return response;
}

// ---------------------------------------------------------------- bodies

const validSponsored = () => ({
  project_name: `Project ${unique()}`,
  project_url: 'https://www.kickstarter.com/projects/example',
  contact_name: 'Ada Lovelace',
  contact_email: `ada-${unique()}@example.com`,
  description: 'A project.',
  press_kit_url: 'https://example.com/press',
  terms_accepted: true,
  budget_range: '',
});

const validPost = () => ({
  title: `Post ${unique()}`,
  slug: `fuzz-post-${unique()}`,
  excerpt: 'Short.',
  content: '# Body',
  cover_image: '/uploads/cover.png',
  campaign_url: 'https://www.kickstarter.com/projects/x',
  status: 'published',
  read_time: 3,
  published_at: 1_700_000_000,
  category_ids: ['tech'],
});

const validResource = () => ({
  title: `Resource ${unique()}`,
  slug: `fuzz-resource-${unique()}`,
  excerpt: null,
  content: 'Steps.',
  cover_image: null,
  read_time: null,
  status: 'draft',
  published_at: null,
  category_id: 'funding',
});

interface BodyTarget {
  name: string;
  method: string;
  path: string;
  valid: () => Record<string, unknown>;
  admin?: boolean;
}

const PUBLIC_BODIES: BodyTarget[] = [
  {
    name: 'contact form',
    method: 'POST',
    path: '/submissions/contact',
    valid: () => ({ name: 'Ada', email: `ada-${unique()}@example.com`, message: 'Hello.' }),
  },
  { name: 'newsletter', method: 'POST', path: '/submissions/newsletter', valid: () => ({ email: `n-${unique()}@example.com` }) },
  { name: 'sponsored form', method: 'POST', path: '/submissions/sponsored', valid: validSponsored },
  { name: 'checkout', method: 'POST', path: '/payments/create-checkout', valid: validSponsored },
  { name: 'login', method: 'POST', path: '/auth/login', valid: () => ({ email: 'admin@example.com', password: 'wrong-password' }) },
  { name: 'refresh', method: 'POST', path: '/auth/refresh', valid: () => ({ refresh_token: 'not-a-real-token' }) },
  { name: 'logout', method: 'POST', path: '/auth/logout', valid: () => ({ refresh_token: 'not-a-real-token' }) },
  {
    name: 'media upload-url',
    method: 'POST',
    path: '/admin/media/upload-url',
    valid: () => ({ fileName: 'cover.png', contentType: 'image/png', fileSize: 1234 }),
    admin: true,
  },
  { name: 'post create', method: 'POST', path: '/admin/posts', valid: validPost, admin: true },
  { name: 'resource create', method: 'POST', path: '/admin/resources', valid: validResource, admin: true },
];

describe('generated junk in request bodies', () => {
  it.each(PUBLIC_BODIES)(
    '$method $path ($name) never answers 5xx and stores nothing when it refuses',
    async (target) => {
      const fields = Object.keys(target.valid());
      await fc.assert(
        fc.asyncProperty(mutations(fields), async (mutation) => {
          await fuzzBody(target.method, target.path, target.valid(), mutation, target.admin ? { token } : {});
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'PUT /admin/posts/{id} and /admin/resources/{id} with junk never answer 5xx',
    async () => {
      const post = await t.request('POST', '/admin/posts', { body: validPost(), token });
      const resource = await t.request('POST', '/admin/resources', { body: validResource(), token });
      expect([post.status, resource.status]).toEqual([201, 201]);
      const targets = [
        { table: 'posts' as const, path: `/admin/posts/${post.body.id}`, id: Number(post.body.id), valid: validPost },
        { table: 'resources' as const, path: `/admin/resources/${resource.body.id}`, id: Number(resource.body.id), valid: validResource },
      ];
      for (const target of targets) {
        const fields = [...Object.keys(target.valid()), 'version'];
        await fc.assert(
          fc.asyncProperty(mutations(fields), async (mutation) => {
            const row = await t.handle.db
              .selectFrom(target.table)
              .select('version')
              .where('id', '=', target.id)
              .executeTakeFirstOrThrow();
            await fuzzBody('PUT', target.path, { ...target.valid(), version: row.version }, mutation, { token });
          }),
          { numRuns: RUNS },
        );
      }
    },
    TIMEOUT,
  );

  it(
    'PATCH of contact messages and sponsored submissions with junk never answers 5xx',
    async () => {
      const message = await t.request('POST', '/submissions/contact', {
        body: { name: 'Ada', email: 'patch-target@example.com', message: 'Hi.' },
        ip: freshIp(),
      });
      const sponsored = validSponsored();
      const submission = await t.request('POST', '/submissions/sponsored', { body: sponsored, ip: freshIp() });
      expect([message.status, submission.status]).toEqual([201, 201]);
      // The public answer carries no id: the back office finds the request by its address.
      const { id: submissionId } = await t.handle.db.selectFrom('sponsored_submissions').select('id').where('contact_email', '=', sponsored.contact_email).executeTakeFirstOrThrow();
      const targets = [
        { path: `/admin/submissions/contact/${message.body.id}`, valid: { status: 'read', version: 1 } },
        { path: `/admin/submissions/sponsored/${submissionId}`, valid: { status: 'approved', version: 1 } },
      ];
      for (const target of targets) {
        await fc.assert(
          fc.asyncProperty(mutations(['status', 'version']), async (mutation) => {
            await fuzzBody('PATCH', target.path, target.valid, mutation, { token });
          }),
          { numRuns: RUNS },
        );
      }
    },
    TIMEOUT,
  );

  it('offers no way to create or change categories', async () => {
    for (const [method, path] of [
      ['POST', '/admin/categories'],
      ['PUT', '/admin/categories/tech'],
      ['PATCH', '/admin/categories/tech'],
      ['DELETE', '/admin/categories/tech'],
    ] as const) {
      const before = await dumpData(t.handle.db);
      const response = await t.request(method, path, { body: { id: 'x', slug: 'x', name: 'X' }, token });
      expect(response.status, `${method} ${path}`).toBe(404);
      expectSafeAnswer(response);
      expect(await dumpData(t.handle.db)).toEqual(before);
    }
  });
});

// ---------------------------------------------------------------- query strings

const cursorJunk: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
  fc
    .tuple(
      fc.oneof(fc.integer(), fc.double(), fc.constantFrom(1e21, -1e21, 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1, 9e15)),
      fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 2, 1.5)),
    )
    .map((pair) => Buffer.from(JSON.stringify(pair)).toString('base64url')),
  fc.constantFrom('', '%%%', 'null', 'W10', 'e30', `${'A'.repeat(199)}`, 'x'.repeat(201)),
);

const queryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS.filter((value) => value.length < 5000)),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer().map(String),
  fc.constantFrom('0', '-1', '1.5', '1e3', '101', '100000000000000000000', ' 5', '0x10', 'published', 'draft', 'new', 'read'),
  cursorJunk,
);

const QUERY_TARGETS: { path: string; keys: string[]; admin?: boolean }[] = [
  { path: '/posts', keys: ['categoryId', 'status', 'pageSize', 'limit', 'nextToken', 'next_token', 'search', 'q'] },
  { path: '/resources', keys: ['category', 'status', 'pageSize', 'limit', 'nextToken', 'next_token', 'search'] },
  { path: '/categories', keys: ['status', 'pageSize', 'search'] },
  { path: '/payments/success', keys: ['session_id'] },
  { path: '/payments/cancel', keys: ['session_id'] },
  { path: '/admin/posts', keys: ['limit', 'pageSize', 'next_token', 'nextToken', 'status'], admin: true },
  { path: '/admin/resources', keys: ['limit', 'next_token', 'status'], admin: true },
  { path: '/admin/submissions/contact', keys: ['status', 'limit', 'next_token'], admin: true },
  { path: '/admin/submissions/sponsored', keys: ['status', 'payment', 'limit', 'next_token'], admin: true },
  { path: '/admin/submissions/newsletter', keys: ['limit', 'next_token'], admin: true },
];

function queryString(pairs: [string, string, boolean][]): string {
  // `raw` leaves the value unencoded, so malformed escapes reach the parser.
  return pairs.map(([key, value, raw]) => `${encodeSegment(key)}=${raw ? value.replace(/[#&\s]/g, '') : encodeSegment(value)}`).join('&');
}

describe('generated junk in query strings', () => {
  it.each(QUERY_TARGETS)(
    'GET $path never answers 5xx',
    async (target) => {
      const pair = fc.tuple(fc.oneof(fc.constantFrom(...target.keys, ...PROTO_KEYS), fc.string({ maxLength: 8 })), queryValue, fc.boolean());
      await fc.assert(
        fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: 5 }), async (pairs) => {
          const path = `${target.path}?${queryString(pairs)}`;
          const response = await t.request('GET', path, { token: target.admin ? token : undefined, ip: freshIp() });
          expectSafeAnswer(response, path);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

// ---------------------------------------------------------------- path parameters

const RAW_SEGMENTS = ['%', '%%', '%zz', '%ff', '%c0%af', '%e0%a4%a', '%2e%2e', '..', '.', '%2F', '%00', '%5c', ';', '~', '-1', '0', '00001', '1.0', '1e3', '2147483648', '99999999999999999999', '0x1'];

const segment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...RAW_SEGMENTS),
  fc.oneof(fc.constantFrom(...NASTY_STRINGS.filter((value) => value.length < 2000)), fc.string({ unit: 'binary', maxLength: 30 })).map(encodeSegment),
);

describe('generated junk in path parameters', () => {
  const PATHS: [method: string, prefix: string, body?: Record<string, unknown>][] = [
    ['GET', '/posts/'],
    ['GET', '/resources/'],
    ['GET', '/categories/'],
    ['GET', '/admin/categories/'],
    ['GET', '/admin/posts/'],
    ['PUT', '/admin/posts/', { ...validPost(), version: 1 }],
    ['DELETE', '/admin/posts/'],
    ['GET', '/admin/resources/'],
    ['PUT', '/admin/resources/', { ...validResource(), version: 1 }],
    ['DELETE', '/admin/resources/'],
    ['GET', '/admin/submissions/contact/'],
    ['PATCH', '/admin/submissions/contact/', { status: 'read', version: 1 }],
    ['GET', '/admin/submissions/sponsored/'],
    ['PATCH', '/admin/submissions/sponsored/', { status: 'rejected', version: 1 }],
  ];

  it.each(PATHS)(
    '%s %s{param} never answers 5xx and changes nothing when it refuses',
    async (method, prefix, body) => {
      await fc.assert(
        fc.asyncProperty(segment, async (param) => {
          const before = await dumpData(t.handle.db);
          const path = `${prefix}${param}`;
          const response = await t.request(method, path, {
            body,
            token: prefix.startsWith('/admin') ? token : undefined,
            ip: freshIp(),
          });
          expectSafeAnswer(response, `${method} ${path}`);
          if (response.status >= 400) expect(await dumpData(t.handle.db), path).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

// ---------------------------------------------------------------- uploads

describe('generated junk on the upload address', () => {
  it(
    'PUT /media/upload with junk tokens and bytes never answers 5xx and stores nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constantFrom(...RAW_SEGMENTS), fc.string({ maxLength: 200 }).map(encodeSegment), cursorJunk),
          fc.uint8Array({ maxLength: 2048 }),
          fc.constantFrom('image/png', 'image/svg+xml', 'application/octet-stream', 'text/html', ''),
          async (uploadToken, bytes, contentType) => {
            const before = await dumpData(t.handle.db);
            const response = await t.app.request(`http://localhost/api/media/upload?token=${uploadToken}`, {
              method: 'PUT',
              headers: { 'content-type': contentType, 'x-forwarded-for': freshIp() },
              body: bytes,
            });
            const text = await response.text();
            const answer: ApiResponse = {
              status: response.status,
              headers: response.headers,
              body: text ? (JSON.parse(text) as unknown) : text,
            };
            expectSafeAnswer(answer, `token=${uploadToken}`);
            expect(response.status).toBeGreaterThanOrEqual(400);
            expect(await dumpData(t.handle.db)).toEqual(before);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

// ---------------------------------------------------------------- payment webhook

describe('generated junk on the payment webhook', () => {
  const stripe = useTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_security_fuzz',
        STRIPE_WEBHOOK_SECRET: 'whsec_security_fuzz_secret',
        // Nothing listens here: the webhook must never need the Stripe API to refuse junk.
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
    });

  it(
    'refuses junk bodies and signatures with 400 and stores nothing',
    async () => {
      const signature = fc.oneof(
        fc.constantFrom('t=1,v1=abc', 't=,v1=', 't=1,v1', 't=1,v1=abc,v1=', 'v1=,t=1', 'v1=' + 'a'.repeat(64), 't=9999999999,v1=00', '', ' '),
        fc.string({ maxLength: 80 }).filter((value) => !/[\r\n\0]/.test(value)),
      );
      const body = fc.oneof(
        fc.constantFrom(...RAW_BODIES),
        fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
        fc.constant(JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_x' } } })),
      );
      await fc.assert(
        fc.asyncProperty(body, signature, async (rawBody, stripeSignature) => {
          const before = await dumpData(stripe.handle.db);
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (stripeSignature.trim()) headers['stripe-signature'] = stripeSignature;
          const response = await stripe.request('POST', '/payments/webhook', { rawBody, headers, ip: freshIp() });
          expectSafeAnswer(response, `${stripeSignature} ${rawBody.slice(0, 100)}`);
          expect(response.status).toBe(400);
          expect(await dumpData(stripe.handle.db)).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

describe('the payment webhook, regressions', () => {
  const stripe = useTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_security_fuzz', STRIPE_WEBHOOK_SECRET: 'whsec_security_fuzz_secret', STRIPE_API_BASE: 'http://127.0.0.1:9' },
    });

  // Stripe's SDK threw a plain Error for an empty `v1` entry, which was a 500.
  it.each(['t=1,v1=', 't=1,v1', 't=,v1=', 'v1=,t=1', `t=1,v1=${'a'.repeat(64)},v1=`])(
    'refuses the signature header %j with 400',
    async (signature) => {
      const response = await stripe.request('POST', '/payments/webhook', {
        rawBody: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        ip: freshIp(),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: 'VALIDATION_FAILED',
        message: 'The Stripe-Signature header does not match the request body',
      });
    },
  );
});

describe('after all the junk', () => {
  it('no built-in prototype was polluted', () => {
    expectNoPollution(prototypesBefore);
  });

  it('the server still answers normally', async () => {
    expect((await t.request('GET', '/health')).status).toBe(200);
    expect((await t.request('GET', '/posts')).status).toBe(200);
    expect((await t.request('GET', '/admin/dashboard', { token })).status).toBe(200);
  });
});

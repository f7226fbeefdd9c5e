/**
 * Authentication under attack: forged and replayed bearer tokens on every
 * admin route group, password guessing spread over accounts and addresses,
 * and how passwords are stored. tests/api/auth.test.ts covers the single
 * cases on /admin/posts (missing, foreign key, expired, alg none, id and
 * refresh tokens as bearer) and refresh-token reuse revoking the family
 * ('revokes the whole family when a rotated refresh token is presented
 * again'); this file does not repeat them.
 */
import { createHmac } from 'node:crypto';
import { decodeJwt, exportSPKI, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshIp, type ApiResponse, type RequestOptions, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
let adminToken: string;
let claims: JWTPayload;
beforeAll(async () => {
  adminToken = await t.adminToken();
  claims = decodeJwt(adminToken);
});

const INVALID_TOKEN = { error: 'INVALID_TOKEN', message: 'Your session has expired. Please sign in again.' };
const UNAUTHORIZED = { error: 'UNAUTHORIZED', message: 'Sign in to continue' };

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => {
  const [header = '', payload = '', signature = ''] = token.split('.');
  return { header, payload, signature };
};

/** One request per admin route group, reads and writes. */
interface AdminCall {
  name: string;
  method: string;
  path: string;
  body?: unknown;
}

const ADMIN_CALLS: AdminCall[] = [
  { name: 'posts list', method: 'GET', path: '/admin/posts' },
  { name: 'post create', method: 'POST', path: '/admin/posts', body: { title: 'Forged', slug: 'forged-post', content: 'x', status: 'published' } },
  { name: 'post delete', method: 'DELETE', path: '/admin/posts/1' },
  { name: 'resources list', method: 'GET', path: '/admin/resources' },
  { name: 'resource create', method: 'POST', path: '/admin/resources', body: { title: 'Forged', slug: 'forged-resource', content: 'x' } },
  { name: 'categories list', method: 'GET', path: '/admin/categories' },
  { name: 'category read', method: 'GET', path: '/admin/categories/tech' },
  { name: 'contact inbox', method: 'GET', path: '/admin/submissions/contact' },
  { name: 'contact mark read', method: 'PATCH', path: '/admin/submissions/contact/1', body: { status: 'read', version: 1 } },
  { name: 'newsletter list', method: 'GET', path: '/admin/submissions/newsletter' },
  { name: 'sponsored list', method: 'GET', path: '/admin/submissions/sponsored' },
  { name: 'sponsored approve', method: 'PATCH', path: '/admin/submissions/sponsored/1', body: { status: 'approved', version: 1 } },
  { name: 'media upload-url', method: 'POST', path: '/admin/media/upload-url', body: { fileName: 'a.png', contentType: 'image/png', fileSize: 10 } },
  { name: 'dashboard', method: 'GET', path: '/admin/dashboard' },
];

function call(route: AdminCall, options: RequestOptions = {}): Promise<ApiResponse<{ error?: string }>> {
  return t.request(route.method, route.path, { ...options, body: route.body, ip: freshIp() });
}

/** Row counts of everything an admin call could write. */
async function snapshot() {
  const db = t.handle.db;
  const count = async (table: 'posts' | 'resources' | 'media' | 'contact_submissions' | 'sponsored_submissions') =>
    Number(
      (await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    );
  return {
    posts: await count('posts'),
    resources: await count('resources'),
    media: await count('media'),
    contact: await count('contact_submissions'),
    sponsored: await count('sponsored_submissions'),
  };
}

/** The claims of the real access token signed some other way. */
async function signClaims(alg: string, key: Uint8Array | CryptoKey, extra: JWTPayload = {}) {
  return new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
}

type Forgery = [name: string, make: () => Promise<string | null>, expected: object];

const forgeries: Forgery[] = [
  ['no Authorization header', async () => null, UNAUTHORIZED],
  ['an empty bearer value', async () => '', UNAUTHORIZED],
  ['an expired token signed with the server key', () => signClaims('HS256', t.deps.signingKey, { exp: Math.floor(Date.now() / 1000) - 1 }), INVALID_TOKEN],
  [
    'a token whose payload was changed (longer expiry) with the signature kept',
    async () => {
      const { header, signature } = parts(adminToken);
      return `${header}.${b64({ ...claims, exp: (claims.exp ?? 0) + 30 * 24 * 3600 })}.${signature}`;
    },
    INVALID_TOKEN,
  ],
  [
    'a token whose subject was changed with the signature kept',
    async () => {
      const { header, signature } = parts(adminToken);
      return `${header}.${b64({ ...claims, sub: '2' })}.${signature}`;
    },
    INVALID_TOKEN,
  ],
  [
    'a token whose signature was altered',
    async () => {
      const { header, payload, signature } = parts(adminToken);
      const flipped = Buffer.from(signature, 'base64url');
      flipped[0] = (flipped[0] ?? 0) ^ 0xff;
      return `${header}.${payload}.${flipped.toString('base64url')}`;
    },
    INVALID_TOKEN,
  ],
  ['a token without its signature part', async () => `${parts(adminToken).header}.${parts(adminToken).payload}`, INVALID_TOKEN],
  ['alg none (lower case)', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`, INVALID_TOKEN],
  ['alg None (mixed case)', async () => `${b64({ alg: 'None', typ: 'JWT' })}.${b64(claims)}.`, INVALID_TOKEN],
  [
    'alg none keeping the real signature',
    async () => `${b64({ alg: 'none', typ: 'JWT' })}.${parts(adminToken).payload}.${parts(adminToken).signature}`,
    INVALID_TOKEN,
  ],
  ['HS512 with the server key (the server pins HS256)', () => signClaims('HS512', t.deps.signingKey), INVALID_TOKEN],
  ['HS384 with the server key', () => signClaims('HS384', t.deps.signingKey), INVALID_TOKEN],
  [
    'an HMAC signature under an RS256 header (algorithm confusion)',
    async () => {
      // Signed as HS256, then relabelled: a verifier that trusts the header
      // would check an RSA signature with the shared secret as "public key".
      const real = parts(await signClaims('HS256', t.deps.signingKey));
      return `${b64({ alg: 'RS256', typ: 'JWT' })}.${real.payload}.${real.signature}`;
    },
    INVALID_TOKEN,
  ],
  [
    'a real RS256 token from an attacker key pair',
    async () => signClaims('RS256', (await generateKeyPair('RS256')).privateKey),
    INVALID_TOKEN,
  ],
  [
    'a real ES256 token from an attacker key pair',
    async () => signClaims('ES256', (await generateKeyPair('ES256')).privateKey),
    INVALID_TOKEN,
  ],
  [
    'HS256 keyed with a public-key PEM',
    async () => {
      const pem = await exportSPKI((await generateKeyPair('RS256', { extractable: true })).publicKey);
      return signClaims('HS256', new TextEncoder().encode(pem));
    },
    INVALID_TOKEN,
  ],
  [
    'HS256 with the attacker key embedded as a jwk header',
    async () => {
      const key = 'attacker-chosen-secret-long-enough-0123456789';
      const header = { alg: 'HS256', typ: 'JWT', jwk: { kty: 'oct', k: Buffer.from(key).toString('base64url') } };
      const signingInput = `${b64(header)}.${b64(claims)}`;
      return `${signingInput}.${createHmac('sha256', key).update(signingInput).digest('base64url')}`;
    },
    INVALID_TOKEN,
  ],
  [
    'HS256 with an empty key',
    async () => {
      const signingInput = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
      return `${signingInput}.${createHmac('sha256', '').update(signingInput).digest('base64url')}`;
    },
    INVALID_TOKEN,
  ],
  ['the right key but another issuer', () => signClaims('HS256', t.deps.signingKey, { iss: 'someone-else' }), INVALID_TOKEN],
  ['the right key but the client audience', () => signClaims('HS256', t.deps.signingKey, { aud: 'client' }), INVALID_TOKEN],
  ['the right key but no typ claim', () => signClaims('HS256', t.deps.signingKey, { typ: undefined }), INVALID_TOKEN],
  ['the right key but a non-numeric subject', () => signClaims('HS256', t.deps.signingKey, { sub: "1' OR '1'='1" }), INVALID_TOKEN],
];

describe('forged bearer tokens on every admin route group', () => {
  it('accepts the real token on every route group (control)', async () => {
    for (const route of ADMIN_CALLS) {
      const response = await call(route, { token: adminToken });
      expect([401, 403], `${route.name}: ${response.status}`).not.toContain(response.status);
      expect(response.status, route.name).toBeLessThan(500);
    }
    // The control created a post, a resource and an upload; the forgeries below must add nothing.
    await t.handle.db.deleteFrom('posts').execute();
    await t.handle.db.deleteFrom('resources').execute();
    await t.handle.db.deleteFrom('media').execute();
  });

  it.each(forgeries)('refuses %s everywhere and changes nothing', async (_name, make, expected) => {
    const token = await make();
    const before = await snapshot();
    for (const route of ADMIN_CALLS) {
      const options: RequestOptions = token === null ? {} : { headers: { authorization: `Bearer ${token}` } };
      const response = await call(route, options);
      expect(response.status, route.name).toBe(401);
      expect(response.body, route.name).toEqual(expected);
      expect(response.headers.get('cache-control'), route.name).toBe('no-store');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a member's real token with 403 everywhere", async () => {
    await t.createUserWithRole('member-everywhere@example.com', 'member-password', 'member');
    const { access_token } = await t.login('member-everywhere@example.com', 'member-password');
    const before = await snapshot();
    for (const route of ADMIN_CALLS) {
      const response = await call(route, { token: access_token });
      expect(response.status, route.name).toBe(403);
      expect(response.body.error, route.name).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('cannot be reached around the guard through another spelling of the path', async () => {
    for (const path of [
      '/Admin/posts',
      '/ADMIN/posts',
      '/admin//posts',
      '//admin/posts',
      '/admin/posts/',
      '/%61dmin/posts',
      '/admin/%70osts',
      '/admin%2fposts',
      '/./admin/posts',
      '/posts/../admin/posts',
      '/admin;/posts',
      '/admin/posts;x',
      '/admin/posts%00',
    ]) {
      const response = await t.request('GET', path, { ip: freshIp() });
      expect([401, 404], path).toContain(response.status);
      expect(JSON.stringify(response.body), path).not.toContain('"posts":');
    }
  });
});

describe('password guessing', () => {
  const PER_IP = 6;
  const FAILURES = 3;
  const DAY = 24 * 60 * 60;
  const limited = useTestApp({
      rateLimits: {
        loginPerIp: { name: 'login-ip', max: PER_IP, windowSeconds: DAY },
        loginFailuresPerAccountAndIp: { name: 'login-fail', max: FAILURES, windowSeconds: DAY },
      },
    });

  const attempt = (ip: string, email: string, password: string) =>
    limited.request('POST', '/auth/login', { body: { email, password }, ip });

  it('stops one address spraying passwords over many accounts at the per-address limit', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i += 1) {
      expect((await attempt(ip, `victim-${i}@example.com`, 'Summer2026!')).status).toBe(401);
    }
    const refused = await attempt(ip, 'victim-next@example.com', 'Summer2026!');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
    // Even the right password of a real account, from that address.
    expect((await attempt(ip, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(429);
  });

  // Decision 001: failures are counted per (account, address), never per
  // account alone, so strangers cannot lock the administrator out. A guesser
  // with many addresses gets FAILURES guesses from each of them, no more.
  it('limits every address guessing one account, and never locks the account itself out', async () => {
    const addresses = Array.from({ length: 5 }, () => freshIp());
    for (const ip of addresses) {
      for (let i = 0; i < FAILURES; i += 1) {
        expect((await attempt(ip, ADMIN_EMAIL, `guess-${ip}-${i}`)).status).toBe(401);
      }
      // Spent: further guesses from this address, even right ones, are refused.
      const refused = await attempt(ip, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const failures = await limited.handle.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', 'login-fail:%')
      .execute();
    // Attempts are counted before the password is checked: the refused one too.
    for (const ip of addresses) {
      expect(failures.find((row) => row.key === `login-fail:${ADMIN_EMAIL}|${ip}`)?.count).toBe(FAILURES + 1);
    }
    // The administrator, from an address of their own, still signs in.
    expect((await attempt(freshIp(), ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('counts spellings of one e-mail as one account', async () => {
    const ip = freshIp();
    for (const email of [ADMIN_EMAIL, ` ${ADMIN_EMAIL.toUpperCase()} `, `\t${ADMIN_EMAIL}\n`]) {
      expect((await attempt(ip, email, 'wrong')).status).toBe(401);
    }
    expect((await attempt(ip, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(429);
  });

  it('answers wrong passwords, unknown accounts and over-long passwords alike, never 5xx', async () => {
    const ip = freshIp();
    const wrong = await attempt(ip, ADMIN_EMAIL, 'x');
    const unknown = await attempt(freshIp(), 'nobody@example.com', 'x');
    const huge = await attempt(freshIp(), ADMIN_EMAIL, 'x'.repeat(1025));
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.status).toBe(401);
    // Bounded so a megabyte password cannot make argon2 the attacker's tool.
    expect(huge.status).toBe(400);
  });
});

describe('stored passwords', () => {
  // OWASP's minimum for argon2id: 19 MiB memory, 2 passes, 1 lane.
  const ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

  it('are argon2id hashes with at least the recommended cost and a per-user salt', async () => {
    await t.createUserWithRole('same-password-1@example.com', ADMIN_PASSWORD, 'member');
    await t.createUserWithRole('same-password-2@example.com', ADMIN_PASSWORD, 'member');
    const rows = await t.handle.db.selectFrom('users').select(['email', 'password_hash']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      const match = ARGON2ID.exec(row.password_hash);
      expect(match, row.email).not.toBeNull();
      const [, memory, passes, lanes, salt, hash] = match ?? [];
      expect(Number(memory)).toBeGreaterThanOrEqual(19_456);
      expect(Number(passes)).toBeGreaterThanOrEqual(2);
      expect(Number(lanes)).toBeGreaterThanOrEqual(1);
      expect(Buffer.from(salt ?? '', 'base64').length).toBeGreaterThanOrEqual(16);
      expect(Buffer.from(hash ?? '', 'base64').length).toBeGreaterThanOrEqual(32);
      expect(row.password_hash).not.toContain(ADMIN_PASSWORD);
    }
    const hashes = rows.filter((row) => row.email !== 'member-everywhere@example.com').map((row) => row.password_hash);
    // Three accounts with one password, three different hashes.
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('are never part of an answer', async () => {
    const session = await t.login();
    const answers = [
      JSON.stringify(session),
      JSON.stringify((await t.request('GET', '/admin/dashboard', { token: adminToken })).body),
    ];
    const { password_hash } = await t.handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    for (const answer of answers) {
      expect(answer).not.toContain(password_hash);
      expect(answer).not.toContain('$argon2');
    }
    for (const token of [session.access_token, session.id_token]) {
      expect(JSON.stringify(decodeJwt(token))).not.toMatch(/argon2|password/i);
    }
  });
});

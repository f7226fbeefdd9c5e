import { describe, expect, it } from 'vitest';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const SENT = { id: expect.any(Number), message: "Message sent! We'll get back to you as soon as possible." };

let counter = 0;
/** A contact form payload whose name is unique to the calling test. */
function contactMessage(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Ada Lovelace ${counter} ${Date.now()}`,
    email: `ada${counter}@example.com`,
    message: 'I would like my campaign reviewed.',
    ...overrides,
  };
}

const send = (body: unknown, ip = freshIp()) => t.request('POST', '/submissions/contact', { body, ip });

function rowsNamed(name: unknown) {
  return t.handle.db.selectFrom('contact_submissions').selectAll().where('name', '=', String(name)).execute();
}

function rowById(id: number) {
  return t.handle.db.selectFrom('contact_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Sends a message and returns its stored row. */
async function createMessage(overrides: Record<string, unknown> = {}) {
  const response = await send(contactMessage(overrides));
  expect(response.status).toBe(201);
  return rowById(response.body.id);
}

async function markRead(id: number, version: number) {
  const response = await t.request('PATCH', `/admin/submissions/contact/${id}`, {
    body: { status: 'read', version },
    token: await t.adminToken(),
  });
  expect(response.status).toBe(200);
  return response.body;
}

describe('POST /api/submissions/contact', () => {
  it('stores the message as new, version 1, and answers 201', async () => {
    const payload = contactMessage();
    const before = Math.floor(Date.now() / 1000);
    const response = await send(payload);

    expect(response.status).toBe(201);
    expect(response.body).toEqual(SENT);
    const row = await rowById(response.body.id);
    expect(row).toEqual({
      id: response.body.id,
      name: payload.name,
      email: payload.email,
      message: payload.message,
      status: 'new',
      version: 1,
      created_at: expect.any(Number),
      updated_at: row.created_at,
    });
    expect(row.created_at).toBeGreaterThanOrEqual(before);
    expect(row.created_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('stores the fields without surrounding spaces', async () => {
    const payload = contactMessage();
    const response = await send({ ...payload, name: `  ${payload.name}  `, email: ` ${payload.email} ` });
    expect(response.status).toBe(201);
    const row = await rowById(response.body.id);
    expect(row.name).toBe(payload.name);
    expect(row.email).toBe(payload.email);
  });

  it('accepts an address of exactly 254 characters', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(email).toHaveLength(254);
    const response = await send(contactMessage({ email }));
    expect(response.status).toBe(201);
    expect((await rowById(response.body.id)).email).toBe(email);
  });

  it.each([
    ['an empty address', '', 'Email address is required'],
    ['an address of spaces', '   ', 'Email address is required'],
    ['an address that is not text', 42, 'Email address is required'],
    ['an address without @', 'ada.example.com', 'Email must contain an @ symbol'],
    ['an address without a dot in the domain', 'ada@example', 'Email must contain a domain (e.g., example.com)'],
    ['an address with an empty domain', 'ada@', 'Email must contain a domain (e.g., example.com)'],
    ['consecutive dots in the local part', 'ada..lovelace@example.com', 'Please enter a valid email address'],
    ['consecutive dots in the domain', 'ada@example..com', 'Please enter a valid email address'],
    ['a local part starting with a dot', '.ada@example.com', 'Please enter a valid email address'],
    ['a local part ending with a dot', 'ada.@example.com', 'Please enter a valid email address'],
    ['an empty local part', '@example.com', 'Please enter a valid email address'],
    ['a space inside the address', 'ada lovelace@example.com', 'Please enter a valid email address'],
    ['two @ signs', 'ada@@example.com', 'Please enter a valid email address'],
    ['an address of 255 characters', `${'a'.repeat(64)}@${'b'.repeat(186)}.com`, 'Please enter a valid email address'],
  ])('refuses %s with 400 and stores nothing', async (_case, email, message) => {
    const payload = contactMessage({ email });
    const response = await send(payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
    expect(await rowsNamed(payload.name)).toEqual([]);
  });

  it('refuses a message without an email field with 400', async () => {
    const { email: _email, ...payload } = contactMessage();
    const response = await send(payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'Email address is required' });
    expect(await rowsNamed(payload.name)).toEqual([]);
  });

  it.each([
    ['a missing name', { name: undefined }, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a missing message', { message: undefined }, 'Message is required'],
    ['an empty message', { message: '' }, 'Message is required'],
  ])('refuses %s with 400 naming the field and stores nothing', async (_case, overrides, message) => {
    const payload = contactMessage(overrides);
    const countBefore = await countMessages();
    const response = await send(payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
    expect(await countMessages()).toBe(countBefore);
  });
});

async function countMessages(): Promise<number> {
  const row = await t.handle.db
    .selectFrom('contact_submissions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('the contact form rate limit', () => {
  const limited = useTestApp({
      rateLimits: { contactPerIp: { name: 'contact-ip', max: 2, windowSeconds: 24 * 60 * 60 } },
    });

  it('refuses a third message from one address with 429 and Retry-After, and stores nothing', async () => {
    const ip = freshIp();
    for (let i = 0; i < 2; i += 1) {
      const accepted = await limited.request('POST', '/submissions/contact', { body: contactMessage(), ip });
      expect(accepted.status).toBe(201);
    }
    const payload = contactMessage();
    const refused = await limited.request('POST', '/submissions/contact', { body: payload, ip });

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ (second|minute)s?\.$/),
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    const stored = await limited.handle.db
      .selectFrom('contact_submissions')
      .select('id')
      .where('name', '=', payload.name)
      .execute();
    expect(stored).toEqual([]);

    // Another visitor is not affected.
    const other = await limited.request('POST', '/submissions/contact', { body: contactMessage(), ip: freshIp() });
    expect(other.status).toBe(201);
  });
});

describe('GET /api/admin/submissions/contact', () => {
  it('lists messages newest first with next_token and the count of each tab', async () => {
    const older = await createMessage();
    const newer = await createMessage();
    const response = await t.request('GET', '/admin/submissions/contact', { token: await t.adminToken() });

    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['counts', 'next_token', 'submissions']);
    const ids = response.body.submissions.map((message: { id: number }) => message.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(response.body.submissions).toContainEqual(newer);

    const total = await countMessages();
    const read = await t.handle.db
      .selectFrom('contact_submissions')
      .select('id')
      .where('status', '=', 'read')
      .execute();
    expect(response.body.counts).toEqual({ new: total - read.length, read: read.length });
    expect(response.body.next_token).toEqual(total > 20 ? expect.any(String) : null);
  });

  it('filters by status', async () => {
    const unread = await createMessage();
    const read = await createMessage();
    await markRead(read.id, read.version);
    const token = await t.adminToken();

    const readTab = await t.request('GET', '/admin/submissions/contact?status=read&limit=100', { token });
    expect(readTab.status).toBe(200);
    expect(readTab.body.submissions.length).toBeGreaterThan(0);
    expect(readTab.body.submissions.every((message: { status: string }) => message.status === 'read')).toBe(true);
    expect(readTab.body.submissions).toContainEqual({ ...read, status: 'read', version: 2, updated_at: expect.any(Number) });
    expect(readTab.body.submissions.map((message: { id: number }) => message.id)).not.toContain(unread.id);

    const newTab = await t.request('GET', '/admin/submissions/contact?status=new&limit=100', { token });
    expect(newTab.body.submissions.every((message: { status: string }) => message.status === 'new')).toBe(true);
    expect(newTab.body.submissions.map((message: { id: number }) => message.id)).toContain(unread.id);
    expect(newTab.body.submissions.map((message: { id: number }) => message.id)).not.toContain(read.id);
  });

  it('walks every message exactly once, page by page', async () => {
    for (let i = 0; i < 5; i += 1) await createMessage();
    const token = await t.adminToken();
    const seen: number[] = [];
    let nextToken: string | null = null;
    let pages = 0;
    do {
      const query: string = nextToken ? `?limit=2&next_token=${encodeURIComponent(nextToken)}` : '?limit=2';
      const page = await t.request('GET', `/admin/submissions/contact${query}`, { token });
      expect(page.status).toBe(200);
      expect(page.body.submissions.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.submissions.map((message: { id: number }) => message.id));
      nextToken = page.body.next_token;
      pages += 1;
    } while (nextToken && pages < 100);

    const all = await t.handle.db.selectFrom('contact_submissions').select('id').orderBy('id', 'desc').execute();
    // Created within the same seconds, so the id breaks ties: newest first.
    expect(seen).toEqual(all.map((row) => row.id));
  });

  it('refuses an unknown status filter with 400', async () => {
    const response = await t.request('GET', '/admin/submissions/contact?status=archived', {
      token: await t.adminToken(),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: 'status must be new or read' });
  });

  it('refuses a garbage next_token with 400', async () => {
    const response = await t.request('GET', '/admin/submissions/contact?next_token=garbage', {
      token: await t.adminToken(),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'INVALID_CURSOR', message: 'next_token is not a valid paging token' });
  });

  it('refuses a request without a token with 401', async () => {
    const response = await t.request('GET', '/admin/submissions/contact');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
  });
});

describe('PATCH /api/admin/submissions/contact/{id}', () => {
  it('marks a new message read, answers the message and bumps the version', async () => {
    const message = await createMessage();
    const response = await t.request('PATCH', `/admin/submissions/contact/${message.id}`, {
      body: { status: 'read', version: 1 },
      token: await t.adminToken(),
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...message, status: 'read', version: 2, updated_at: expect.any(Number) });
    expect(await rowById(message.id)).toEqual(response.body);
  });

  it('refuses a stale version with 409 VERSION_CONFLICT and changes nothing', async () => {
    const message = await createMessage();
    const response = await t.request('PATCH', `/admin/submissions/contact/${message.id}`, {
      body: { status: 'read', version: 7 },
      token: await t.adminToken(),
    });

    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'VERSION_CONFLICT',
      message: 'This message was changed by someone else. Reload it to see the latest version, then apply your changes again.',
    });
    expect(await rowById(message.id)).toEqual(message);
  });

  it('refuses marking a read message read again with 409 and changes nothing', async () => {
    const message = await createMessage();
    await markRead(message.id, 1);
    const before = await rowById(message.id);

    const response = await t.request('PATCH', `/admin/submissions/contact/${message.id}`, {
      body: { status: 'read', version: 2 },
      token: await t.adminToken(),
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'INVALID_STATUS_TRANSITION',
      message: 'This message is already marked read',
    });
    expect(await rowById(message.id)).toEqual(before);
  });

  it('refuses taking a read message back to new with 409 and changes nothing', async () => {
    const message = await createMessage();
    await markRead(message.id, 1);
    const before = await rowById(message.id);

    const response = await t.request('PATCH', `/admin/submissions/contact/${message.id}`, {
      body: { status: 'new', version: 2 },
      token: await t.adminToken(),
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'INVALID_STATUS_TRANSITION',
      message: 'A message cannot go from read to new',
    });
    expect(await rowById(message.id)).toEqual(before);
  });

  it('refuses setting a new message to new with 409', async () => {
    const message = await createMessage();
    const response = await t.request('PATCH', `/admin/submissions/contact/${message.id}`, {
      body: { status: 'new', version: 1 },
      token: await t.adminToken(),
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'INVALID_STATUS_TRANSITION', message: 'This message is already marked new' });
    expect(await rowById(message.id)).toEqual(message);
  });

  it.each([
    ['an unknown status', { status: 'archived', version: 1 }, 'Status must be new or read'],
    ['a missing status', { version: 1 }, 'Status must be new or read'],
    ['a missing version', { status: 'read' }, 'Version is required'],
    ['a fractional version', { status: 'read', version: 1.5 }, 'Version must be a whole number'],
  ])('refuses %s with 400 and changes nothing', async (_case, body, message) => {
    const stored = await createMessage();
    const response = await t.request('PATCH', `/admin/submissions/contact/${stored.id}`, {
      body,
      token: await t.adminToken(),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
    expect(await rowById(stored.id)).toEqual(stored);
  });

  it.each(['999999999', 'abc', '0'])('answers 404 for the unknown id %s', async (id) => {
    const response = await t.request('PATCH', `/admin/submissions/contact/${id}`, {
      body: { status: 'read', version: 1 },
      token: await t.adminToken(),
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'Contact message not found' });
  });

  it('refuses a request without a token with 401 and changes nothing', async () => {
    const message = await createMessage();
    const response = await t.request('PATCH', `/admin/submissions/contact/${message.id}`, {
      body: { status: 'read', version: 1 },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
    expect(await rowById(message.id)).toEqual(message);
  });
});

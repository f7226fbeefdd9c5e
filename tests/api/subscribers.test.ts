import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/emails.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

// The list itself; the confirmation by mail (double opt-in) is in newsletter-subscription.test.ts.
const t = useTestApp({ env: { NEWSLETTER_DOUBLE_OPT_IN: 'false' } });

const subscribe = (email: unknown, ip = freshIp()) =>
  t.request('POST', '/submissions/newsletter', { body: { email }, ip });

function rowsFor(email: string) {
  return t.handle.db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email_normalized', '=', email.trim().toLowerCase())
    .execute();
}

async function countSubscribers(): Promise<number> {
  const row = await t.handle.db
    .selectFrom('newsletter_subscribers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

describe('POST /api/submissions/newsletter', () => {
  it('subscribes an address with 201', async () => {
    const email = uniqueEmail();
    const before = Math.floor(Date.now() / 1000);
    const response = await subscribe(email);

    expect(response.status).toBe(201);
    // No id: ids are sequential and would tell the size of the list.
    expect(response.body).toEqual({ status: 'active', message: 'Successfully subscribed!' });
    const rows = await rowsFor(email);
    expect(rows).toEqual([
      expect.objectContaining({
        email,
        email_normalized: email,
        subscribed_at: expect.any(Number),
        status: 'active',
        signup_path: '/api/submissions/newsletter',
        consent_text: expect.stringContaining('unsubscribe at any time'),
      }),
    ]);
    expect(rows[0]?.subscribed_at).toBeGreaterThanOrEqual(before);
  });

  it('refuses the same address in another letter case with 409 saying it is already subscribed', async () => {
    const email = uniqueEmail('Mixed.Case');
    expect((await subscribe(email)).status).toBe(201);

    const again = await subscribe(` ${email.toUpperCase()} `);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'ALREADY_SUBSCRIBED', message: 'This email is already subscribed' });
    // The signup form shows 'Already subscribed' for a message containing 'already'.
    expect(again.body.message).toContain('already');

    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(email);
  });

  it('refuses the exact same address twice and keeps one row', async () => {
    const email = uniqueEmail();
    expect((await subscribe(email)).status).toBe(201);
    expect((await subscribe(email)).status).toBe(409);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it.each([
    ['an empty address', '', 'Email address is required'],
    ['a missing address', undefined, 'Email address is required'],
    ['an address without @', 'reader.example.com', 'Email must contain an @ symbol'],
    ['an address without a domain', 'reader@localhost', 'Email must contain a domain (e.g., example.com)'],
    ['consecutive dots', 'reader..one@example.com', 'Please enter a valid email address'],
    ['a local part starting with a dot', '.reader@example.com', 'Please enter a valid email address'],
    ['a local part ending with a dot', 'reader.@example.com', 'Please enter a valid email address'],
    ['an address over 254 characters', `${'r'.repeat(64)}@${'e'.repeat(186)}.com`, 'Please enter a valid email address'],
  ])('refuses %s with 400 and stores nothing', async (_case, email, message) => {
    const before = await countSubscribers();
    const response = await subscribe(email);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message });
    expect(await countSubscribers()).toBe(before);
  });

  it('refuses the eleventh signup from one address within the window with 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) expect((await subscribe(uniqueEmail(), ip)).status).toBe(201);

    const email = uniqueEmail();
    const refused = await subscribe(email, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowsFor(email)).toEqual([]);
  });
});

describe('GET /api/admin/submissions/newsletter', () => {
  it('lists subscribers with e-mail, ISO date-time subscribed_at and the total', async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const [row] = await rowsFor(email);

    const response = await t.request('GET', '/admin/submissions/newsletter', { token: await t.adminToken() });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['counts', 'next_token', 'subscribers', 'total']);
    expect(response.body.total).toBe(await countSubscribers());
    // The newest subscriber comes first.
    const first = response.body.subscribers[0];
    expect(first).toEqual({
      id: row?.id,
      email,
      subscribed_at: expect.stringMatching(ISO_DATE_TIME),
      status: 'active',
      confirmed_at: expect.stringMatching(ISO_DATE_TIME),
      signup_path: '/api/submissions/newsletter',
      consent_text: expect.any(String),
      consent_source: null,
      left_at: null,
      left_via: null,
    });
    expect(Date.parse(first.subscribed_at)).toBe((row?.subscribed_at ?? 0) * 1000);
  });

  it('pages through 45 subscribers without duplicates or gaps', async () => {
    const created: string[] = [];
    for (let i = 0; i < 45; i += 1) {
      const email = uniqueEmail('paging');
      expect((await subscribe(email)).status).toBe(201);
      created.push(email);
    }
    const total = await countSubscribers();
    const token = await t.adminToken();

    const seen: string[] = [];
    const pageSizes: number[] = [];
    let nextToken: string | null = null;
    do {
      const query: string = nextToken ? `?next_token=${encodeURIComponent(nextToken)}` : '';
      const page = await t.request('GET', `/admin/submissions/newsletter${query}`, { token });
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(total);
      seen.push(...page.body.subscribers.map((subscriber: { email: string }) => subscriber.email));
      pageSizes.push(page.body.subscribers.length);
      nextToken = page.body.next_token;
    } while (nextToken && pageSizes.length < 50);

    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    for (const email of created) expect(seen).toContain(email);
    // Admin lists page by 20 (SPEC.md section 9); only the last page is short.
    expect(pageSizes.slice(0, -1).every((size) => size === 20)).toBe(true);
    expect(pageSizes.at(-1)).toBe(total - 20 * (pageSizes.length - 1));
    // Newest first: the 45 just created lead, most recent at the top.
    expect(seen.slice(0, 45)).toEqual([...created].reverse());
  });

  it('honours a smaller page size', async () => {
    for (let i = 0; i < 4; i += 1) await subscribe(uniqueEmail());
    const response = await t.request('GET', '/admin/submissions/newsletter?limit=3', {
      token: await t.adminToken(),
    });
    expect(response.status).toBe(200);
    expect(response.body.subscribers).toHaveLength(3);
    expect(response.body.next_token).toEqual(expect.any(String));
  });

  it('refuses a request without a token with 401', async () => {
    const response = await t.request('GET', '/admin/submissions/newsletter');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });
  });
});

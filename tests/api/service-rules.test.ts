/**
 * Rules that live once in the services and so hold on the API as on the
 * forms: the honeypot and the duplicate check of public writes, a stale
 * edit refused before anything else, and the login limit under concurrency.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp({
    rateLimits: { loginFailuresPerAccountAndIp: { name: 'login-fail', max: 5, windowSeconds: 3600 } },
  });

const count = async (table: 'contact_submissions' | 'newsletter_subscribers' | 'sponsored_submissions') =>
  Number(
    (await t.handle.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
  );

describe('public writes through the API', () => {
  it('answers a contact message with the honeypot filled like a success and stores nothing', async () => {
    const before = await count('contact_submissions');
    const response = await t.request('POST', '/submissions/contact', {
      body: { name: 'Bot', email: 'bot@example.com', message: 'Buy now', website: 'https://spam.example' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: null, message: "Message sent! We'll get back to you as soon as possible." });
    expect(await count('contact_submissions')).toBe(before);
  });

  it('stores a contact message sent twice within the window once', async () => {
    const before = await count('contact_submissions');
    const body = { name: 'Grace Hopper', email: 'grace@example.com', message: `Twice ${Date.now()}` };
    const first = await t.request('POST', '/submissions/contact', { body, ip: freshIp() });
    const again = await t.request('POST', '/submissions/contact', {
      body: { ...body, email: 'GRACE@example.com' },
      ip: freshIp(),
    });
    expect(first.status).toBe(201);
    expect(first.body.id).toEqual(expect.any(Number));
    expect(again.status).toBe(201);
    expect(again.body.id).toBeNull();
    expect(await count('contact_submissions')).toBe(before + 1);
  });

  it('drops a newsletter signup with the honeypot filled', async () => {
    const before = await count('newsletter_subscribers');
    const response = await t.request('POST', '/submissions/newsletter', {
      body: { email: 'bot-reader@example.com', website: 'x' },
    });
    expect(response.status).toBe(201);
    // Answered as any signup: no id, which would reveal the list's size.
    expect(response.body).not.toHaveProperty('id');
    expect(await count('newsletter_subscribers')).toBe(before);
  });

  it('drops a sponsored request and a checkout with the honeypot filled', async () => {
    const before = await count('sponsored_submissions');
    const body = {
      project_name: 'Spam',
      project_url: 'https://spam.example',
      contact_name: 'Bot',
      contact_email: 'bot@example.com',
      terms_accepted: true,
      website: 'filled',
    };
    const request = await t.request('POST', '/submissions/sponsored', { body });
    expect(request.status).toBe(201);
    // The same answer as a stored request's.
    expect(request.body).toEqual({ status: 'new' });
    const checkout = await t.request('POST', '/payments/create-checkout', { body });
    expect(checkout.status).toBe(201);
    expect(checkout.body.session_id).toBeNull();
    expect(checkout.body.checkout_url).toMatch(/\/submit-your-project-for-a-sponsored-post$/);
    expect(await count('sponsored_submissions')).toBe(before);
  });
});

describe.each([
  { kind: 'post', path: '/admin/posts', extra: { category_ids: [] } },
  { kind: 'resource', path: '/admin/resources', extra: {} },
])('a stale $kind edit', ({ kind, path, extra }) => {
  const payload = (slug: string) => ({ title: `A ${kind}`, slug, content: 'Body.', status: 'draft', ...extra });

  it('gets 409 VERSION_CONFLICT whatever else is wrong with it, and changes nothing', async () => {
    const token = await t.adminToken();
    const taken = await t.request('POST', path, { token, body: payload(`taken-${kind}`) });
    const created = await t.request('POST', path, { token, body: payload(`stale-${kind}`) });
    expect([taken.status, created.status]).toEqual([201, 201]);
    const id = created.body.id as number;
    const saved = await t.request('PUT', `${path}/${id}`, { token, body: { ...payload(`stale-${kind}`), version: 1 } });
    expect(saved.status).toBe(200);

    for (const wrong of [
      { ...payload(`taken-${kind}`), version: 1 },
      { ...payload(`stale-${kind}`), title: '', version: 1 },
      { ...payload(`stale-${kind}`), category_ids: ['no-such-category'], category_id: 'no-such-category', version: 1 },
    ]) {
      const response = await t.request('PUT', `${path}/${id}`, { token, body: wrong });
      expect(response.status).toBe(409);
      expect(response.body.error).toBe('VERSION_CONFLICT');
    }
    const current = await t.request('GET', `${path}/${id}`, { token });
    expect(current.body).toMatchObject({ slug: `stale-${kind}`, version: 2 });
  });

  it('on an id that does not exist gets 404 before its payload is read', async () => {
    const response = await t.request('PUT', `${path}/999999`, {
      token: await t.adminToken(),
      body: { version: 1, title: '' },
    });
    expect(response.status).toBe(404);
  });
});

describe('the login limit per account and address', () => {
  it('lets only the limit of parallel wrong guesses be checked, the rest get 429', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: `wrong-${i}` }, ip }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });
});

describe('one slug for a post and a resource saved at the same moment', () => {
  it('is given to one of them; the other gets 409 SLUG_TAKEN', async () => {
    const token = await t.adminToken();
    for (let round = 0; round < 5; round += 1) {
      const slug = `race-${round}-${Date.now()}`;
      const body = { title: 'Race', slug, content: 'Body.', status: 'published' };
      const answers = await Promise.all([
        t.request('POST', '/admin/posts', { token, body }),
        t.request('POST', '/admin/resources', { token, body }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.error).toBe('SLUG_TAKEN');
    }
  });

  it('frees the slug of a deleted item for the other kind', async () => {
    const token = await t.adminToken();
    const body = { title: 'Moving', slug: `moving-${Date.now()}`, content: 'Body.', status: 'draft' };
    const post = await t.request('POST', '/admin/posts', { token, body });
    expect((await t.request('POST', '/admin/resources', { token, body })).status).toBe(409);
    expect((await t.request('DELETE', `/admin/posts/${post.body.id}`, { token })).status).toBe(204);
    expect((await t.request('POST', '/admin/resources', { token, body })).status).toBe(201);
  });
});

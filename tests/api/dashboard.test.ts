import { beforeAll, describe, expect, it } from 'vitest';
import { settleTestCheckout } from '../../server/payments/service.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = await t.adminToken();
});

const dashboard = () => t.request('GET', '/admin/dashboard', { token });

describe('GET /api/admin/dashboard', () => {
  it('counts every post, contact message, paid sponsored submission and subscriber, drafts and read ones included', async () => {
    const before = (await dashboard()).body;

    const draft = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'Draft count', slug: `draft-count-${Date.now()}`, content: 'Body', status: 'draft' },
    });
    expect(draft.status).toBe(201);
    const message = await t.request('POST', '/submissions/contact', {
      ip: freshIp(),
      body: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    });
    expect(message.status).toBe(201);
    const read = await t.request('PATCH', `/admin/submissions/contact/${message.body.id}`, {
      token,
      body: { status: 'read', version: 1 },
    });
    expect(read.status).toBe(200);
    const submission = await t.request('POST', '/submissions/sponsored', {
      ip: freshIp(),
      body: {
        project_name: 'Counted',
        project_url: 'https://example.com/counted',
        contact_name: 'Grace',
        contact_email: 'grace@example.com',
        terms_accepted: true,
      },
    });
    expect(submission.status).toBe(201);
    // Paid through the test checkout: counted. The request above without payment is not.
    const checkout = await t.request('POST', '/payments/create-checkout', {
      ip: freshIp(),
      body: {
        project_name: 'Counted and paid',
        project_url: 'https://example.com/counted-and-paid',
        contact_name: 'Grace',
        contact_email: 'grace@example.com',
        terms_accepted: true,
      },
    });
    expect(checkout.status).toBe(201);
    await settleTestCheckout(t.deps, checkout.body.session_id, 'pay');
    // An abandoned checkout is not counted either.
    const abandoned = await t.request('POST', '/payments/create-checkout', {
      ip: freshIp(),
      body: {
        project_name: 'Abandoned',
        project_url: 'https://example.com/abandoned',
        contact_name: 'Grace',
        contact_email: 'grace@example.com',
        terms_accepted: true,
      },
    });
    expect(abandoned.status).toBe(201);
    const subscriber = await t.request('POST', '/submissions/newsletter', {
      ip: freshIp(),
      body: { email: `count.${Date.now()}@example.com` },
    });
    expect(subscriber.status).toBe(201);

    const after = await dashboard();
    expect(after.status).toBe(200);
    expect(after.headers.get('cache-control')).toBe('no-store');
    expect(after.body).toEqual({
      posts: before.posts + 1,
      contact_messages: before.contact_messages + 1,
      sponsored_submissions: before.sponsored_submissions + 1,
      subscribers: before.subscribers + 1,
    });
  });

  it('refuses a caller without a token with 401 and a member with 403', async () => {
    const anonymous = await t.request('GET', '/admin/dashboard');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue' });

    await t.createUserWithRole('dashboard-member@example.com', 'member-password-1', 'member');
    const member = await t.login('dashboard-member@example.com', 'member-password-1');
    const refused = await t.request('GET', '/admin/dashboard', { token: member.access_token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'FORBIDDEN', message: 'You need admin privileges to access this area.' });
  });
});

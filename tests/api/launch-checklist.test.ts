/**
 * The launch checklist on the dashboard (decision 083): on a fresh install
 * with its demo content, the owner is told of each thing that stands
 * between it and a public launch, each with the link to where it is fixed;
 * nobody else sees the list; each item goes once it is done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardJson, LaunchItemJson } from '../../common/answers.ts';
import { seedDemoContent } from '../../server/db/seed-demo.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const PASSWORD = 'a long enough passphrase';

let t: TestApp;

beforeAll(async () => {
  // As `npm start` runs it: a local address, no mail server, the test checkout.
  t = await createTestApp({ env: { PUBLIC_URL: '', PAYMENTS_TEST_MODE: 'true' } });
  await t.handle.db.transaction().execute((trx) => seedDemoContent(trx));
});

afterAll(async () => {
  await t.close();
});

async function checklist(token?: string): Promise<LaunchItemJson[] | undefined> {
  const answer = await t.request<DashboardJson>('GET', '/admin/dashboard', { token: token ?? (await t.adminToken()) });
  expect(answer.status).toBe(200);
  return answer.body.launch;
}

const keysOf = (items: LaunchItemJson[] | undefined) => (items ?? []).map((item) => item.key);

async function saveSiteSettings(change: (settings: Record<string, unknown>) => Record<string, unknown>) {
  const token = await t.adminToken();
  const current = await t.request('GET', '/admin/settings/site', { token });
  const { privacy_policy_updated: _privacy, terms_updated: _terms, ...settings } = current.body as Record<string, unknown>;
  const saved = await t.request('PUT', '/admin/settings/site', { token, body: change(settings) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('the launch checklist', () => {
  it('lists every open item of a fresh demo install to the owner, each with the link to where it is fixed', async () => {
    const items = await checklist();
    expect(keysOf(items)).toEqual(['legal_texts', 'public_url', 'mail_server', 'payments', 'demo_content', 'social_profiles', 'owner_name']);
    expect(Object.fromEntries((items ?? []).map((item) => [item.key, item.fix.href]))).toEqual({
      legal_texts: '/admin/settings#site-terms_md',
      public_url: '/admin/settings#server-public-url',
      mail_server: '/admin/settings#server-smtp-url',
      payments: '/admin/settings#server-payments',
      demo_content: '/admin/posts',
      social_profiles: '/admin/settings#site-social-x',
      owner_name: '/admin/account#profile_name',
    });
    const byKey = new Map((items ?? []).map((item) => [item.key, item]));
    expect(byKey.get('legal_texts')?.detail).toMatch(/“\[Fill in: …\]”: \d+ in the terms of service and \d+ in the privacy policy\.$/);
    expect(byKey.get('public_url')?.detail).toContain('PUBLIC_URL is not set');
    expect(byKey.get('payments')?.detail).toContain('built-in test checkout, which charges nothing');
    expect(byKey.get('demo_content')?.detail).toBe('The site still shows 7 posts and 3 resources of demo content.');
  });

  it('is shown to nobody but owners', async () => {
    for (const role of ['admin', 'editor'] as const) {
      const email = `${role}.launch@example.com`;
      await t.createUserWithRole(email, PASSWORD, role);
      const { access_token } = await t.login(email, PASSWORD);
      expect(await checklist(access_token), role).toBeUndefined();
    }
  });

  it('drops each item once it is done', async () => {
    await saveSiteSettings((settings) => ({ ...settings, social: { x: 'https://x.com/showcase' } }));
    expect(keysOf(await checklist())).not.toContain('social_profiles');

    const named = await t.request('PUT', '/admin/account/profile', { token: await t.adminToken(), ip: freshIp(), body: { name: 'Olive Owner', email: 'admin@example.com' } });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(keysOf(await checklist())).not.toContain('owner_name');

    // One legal text finished: the item stays for the other, and links there.
    const unfilled = (text: unknown) => String(text).replace(/\[Fill in: [^\]]*\]/g, 'Showcase Ltd, 1 Main Street');
    await saveSiteSettings((settings) => ({ ...settings, terms_md: unfilled(settings.terms_md) }));
    const legal = (await checklist())?.find((item) => item.key === 'legal_texts');
    expect(legal?.fix.href).toBe('/admin/settings#site-privacy_policy_md');
    expect(legal?.detail).not.toContain('terms of service');
    await saveSiteSettings((settings) => ({ ...settings, privacy_policy_md: unfilled(settings.privacy_policy_md) }));
    expect(keysOf(await checklist())).not.toContain('legal_texts');

    const removed = await t.request('DELETE', '/admin/demo-content', { token: await t.adminToken(), ip: freshIp() });
    expect(removed.status).toBe(200);
    expect(keysOf(await checklist())).toEqual(['public_url', 'mail_server', 'payments']);
  });

  it('has no server items once the server is configured for a launch', async () => {
    const configured = await createTestApp({
      env: { PUBLIC_URL: 'https://showcase.example.com', SMTP_URL: 'smtp://127.0.0.1:2525', STRIPE_SECRET_KEY: 'sk_test_launch', STRIPE_WEBHOOK_SECRET: 'whsec_launch' },
    });
    try {
      const answer = await configured.request<DashboardJson>('GET', '/admin/dashboard', { token: await configured.adminToken() });
      expect(keysOf(answer.body.launch)).toEqual(['legal_texts', 'social_profiles', 'owner_name']);
    } finally {
      await configured.close();
    }
  });
});

/**
 * Secrets never reach the logs. The app is driven through sign-in, refresh,
 * admin calls, tokens in query strings, cookies, forms carrying personal
 * data, the payment webhook and a server error, with every log line kept;
 * none may contain a password, a token, a signing secret, a header or
 * cookie value, or the personal data of a request body. The logger here has
 * no redaction at all, at the production default level, so the test holds
 * for what the code logs, not for what a redaction list happens to catch.
 */
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import type { AppDeps } from '../../server/deps.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { creatorLinks, sponsorReportLinks } from '../../server/private-links/links.ts';
import { checkoutSubmission } from '../helpers/payments.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const WEBHOOK_SECRET = 'whsec_log_test_secret_value_0123456789';
const STRIPE_KEY = 'sk_test_log_test_secret_key_0123456789';

interface Captured {
  lines: string[];
  send: (method: string, path: string, options?: { json?: unknown; body?: string; headers?: Record<string, string> }) => Promise<Response>;
}

/** The real app over the test app's database, with every log line kept. */
function capture(t: TestApp): Captured {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const deps: AppDeps = { ...t.deps, logger, mailer: createMailer({ db: t.deps.db, config: t.deps.config, logger, siteProfile: t.deps.siteProfileCache }) };
  const app = createApp(deps);
  return {
    lines,
    send: async (method, path, options = {}) => {
      const headers: Record<string, string> = { 'x-forwarded-for': freshIp(), ...options.headers };
      let body = options.body;
      if (options.json !== undefined) {
        body = JSON.stringify(options.json);
        headers['content-type'] ??= 'application/json';
      }
      return app.request(`http://localhost${path}`, { method, headers, body });
    },
  };
}

const PERSONAL = {
  contactEmail: 'private-person@example.com',
  contactName: 'Private Person Name',
  contactMessage: 'PRIVATE-MESSAGE-BODY about my bank details',
  readerEmail: 'private-reader@example.com',
  sponsorEmail: 'private-sponsor@example.com',
  webhookEmail: 'private-customer@example.com',
};
const WRONG_PASSWORD = 'wrong-secret-guess-123';
const COOKIE_VALUE = 'cookie-secret-value-42';
const QUERY_TOKEN = 'query-token-secret-99';

let t: TestApp;
let stripeApp: TestApp;
let brokenApp: TestApp;
const secrets: string[] = [];
const allLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  stripeApp = await createTestApp({
    env: { STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: 'http://127.0.0.1:9' },
  });
  brokenApp = await createTestApp();
  secrets.push(
    ADMIN_PASSWORD,
    WRONG_PASSWORD,
    COOKIE_VALUE,
    QUERY_TOKEN,
    WEBHOOK_SECRET,
    STRIPE_KEY,
    ADMIN_EMAIL,
    ...Object.values(PERSONAL),
    ...[t, stripeApp, brokenApp].map((app) => app.deps.config.JWT_SECRET ?? ''),
  );
});
afterAll(async () => {
  await t.close();
  await stripeApp.close();
  await brokenApp.close();
});

describe('the logs', () => {
  it('keep no secret of sign-in, refresh, admin calls, query tokens and cookies', async () => {
    const { lines, send } = capture(t);
    const cookie = { cookie: `session=${COOKIE_VALUE}; cc_cookie=${COOKIE_VALUE}` };

    const refused = await send('POST', '/api/auth/login', { json: { email: ADMIN_EMAIL, password: WRONG_PASSWORD }, headers: cookie });
    expect(refused.status).toBe(401);
    const login = await send('POST', '/api/auth/login', { json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, headers: cookie });
    expect(login.status).toBe(200);
    const session = (await login.json()) as { access_token: string; refresh_token: string; id_token: string };
    const refreshed = await send('POST', '/api/auth/refresh', { json: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string; refresh_token: string; id_token: string };
    for (const tokens of [session, next]) secrets.push(tokens.access_token, tokens.refresh_token, tokens.id_token);

    const bearer = { authorization: `Bearer ${next.access_token}`, ...cookie };
    expect((await send('GET', '/api/admin/posts', { headers: bearer })).status).toBe(200);
    expect((await send('GET', '/api/admin/posts', { headers: { authorization: `Bearer ${session.refresh_token}` } })).status).toBe(401);
    expect((await send('GET', '/api/admin/dashboard', { headers: { authorization: `Basic ${Buffer.from(`${ADMIN_EMAIL}:${ADMIN_PASSWORD}`).toString('base64')}` } })).status).toBe(401);
    const created = await send('POST', '/api/admin/posts', {
      json: { title: 'Logged?', slug: 'logged-post', content: 'Body.', status: 'draft' },
      headers: bearer,
    });
    expect(created.status).toBe(201);

    expect((await send('GET', `/api/posts?token=${QUERY_TOKEN}&access_token=${QUERY_TOKEN}`)).status).toBe(200);
    expect((await send('PUT', `/api/media/upload?token=${QUERY_TOKEN}`, { body: 'x', headers: { 'content-type': 'image/png' } })).status).toBeGreaterThanOrEqual(400);
    expect((await send('GET', `/api/payments/success?session_id=${QUERY_TOKEN}`)).status).toBe(404);

    expect((await send('POST', '/api/auth/logout', { json: { refresh_token: next.refresh_token }, headers: bearer })).status).toBe(204);

    expect(lines.length).toBeGreaterThanOrEqual(10);
    allLines.push(...lines);
  });

  it('keep the route of every private link, never its token, for a working link and a guess alike', async () => {
    const { lines, send } = capture(t);
    const bearer = { authorization: `Bearer ${await t.adminToken()}` };
    const post = await send('POST', '/api/admin/posts', {
      json: {
        title: 'Private links',
        slug: 'private-links-logged',
        content: 'Body.',
        status: 'draft',
        campaign_url: 'https://www.kickstarter.com/projects/private-links',
        campaign: { platform: 'kickstarter', state: 'live' },
      },
      headers: bearer,
    });
    expect(post.status).toBe(201);
    const { id: postId } = (await post.json()) as { id: number };
    const preview = await send('POST', `/api/admin/posts/${postId}/preview-links`, { headers: bearer });
    expect(preview.status).toBe(201);
    const creatorLink = await creatorLinks(t.deps).issue(t.handle.db, postId, null);
    const submissionId = await checkoutSubmission(
      t,
      { project_name: 'Logged Links', project_url: 'https://example.com/logged', contact_name: 'Ada Lovelace', contact_email: 'logged.links@example.com', description: 'Logged.' },
      { pay: true },
    );
    const reportUrl = await sponsorReportLinks(t.deps).issue(t.handle.db, submissionId);
    const tokenOf = (url: string | null | undefined) => url?.slice(url.lastIndexOf('/') + 1) ?? '';
    const working = {
      preview: tokenOf(((await preview.json()) as { url: string }).url),
      'campaign-update': tokenOf(creatorLink?.url),
      'sponsor-report': tokenOf(reportUrl),
    };
    const guess = (token: string) => `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const shapes = ['/preview', '/campaign-update', '/api/campaign-update', '/sponsor-report', '/api/sponsor-report'];

    const before = lines.length;
    for (const shape of shapes) {
      const token = working[shape.replace('/api', '').slice(1) as keyof typeof working];
      expect(token).toMatch(/^[\w-]{43}$/);
      for (const sent of [token, guess(token)]) {
        secrets.push(sent);
        await send('GET', `${shape}/${sent}`);
        if (shape.startsWith('/api/campaign-update')) await send('PUT', `${shape}/${sent}`, { json: { pledged: 1 } });
      }
    }
    expect((await send('GET', `/api/campaign-update/${working['campaign-update']}`)).status).toBe(200);
    const logged = lines.slice(before).map((line) => JSON.parse(line) as { path?: string; route?: string });
    for (const shape of shapes) {
      expect(logged.filter((line) => line.path === `${shape}/[token]`).length, shape).toBeGreaterThanOrEqual(2);
    }
    const text = lines.join('\n');
    for (const token of Object.values(working)) {
      expect(text.includes(token), 'a working token is in the logs').toBe(false);
      expect(text.includes(guess(token)), 'a guessed token is in the logs').toBe(false);
    }
    allLines.push(...lines);
  });

  it('keep no personal data of the forms and the checkout', async () => {
    const { lines, send } = capture(t);
    const contact = await send('POST', '/api/submissions/contact', {
      json: { name: PERSONAL.contactName, email: PERSONAL.contactEmail, message: PERSONAL.contactMessage },
    });
    expect(contact.status).toBe(201);
    expect((await send('POST', '/api/submissions/newsletter', { json: { email: PERSONAL.readerEmail } })).status).toBe(201);
    // Refused ones too: a validation message must not echo the body into the logs.
    expect((await send('POST', '/api/submissions/contact', { json: { name: PERSONAL.contactName, email: PERSONAL.contactEmail } })).status).toBe(400);
    const checkout = await send('POST', '/api/payments/create-checkout', {
      json: {
        project_name: 'Private Project',
        project_url: 'https://example.com/p',
        contact_name: PERSONAL.contactName,
        contact_email: PERSONAL.sponsorEmail,
        terms_accepted: true,
        budget_range: '',
      },
    });
    expect(checkout.status).toBe(201);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    allLines.push(...lines);
  });

  it('keep no webhook signature, secret or payload', async () => {
    const { lines, send } = capture(stripeApp);
    const payload = JSON.stringify({
      id: 'evt_log_test',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer', email: PERSONAL.webhookEmail } },
    });
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`;
    secrets.push('ab'.repeat(32));
    const refused = await send('POST', '/api/payments/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': forged },
    });
    expect(refused.status).toBe(400);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    secrets.push(signature.split('v1=')[1] ?? signature);
    const accepted = await send('POST', '/api/payments/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(accepted.status).toBe(200);
    expect(lines.some((line) => line.includes('bad signature'))).toBe(true);
    allLines.push(...lines);
  });

  it('keep no request body when the server fails', async () => {
    const { lines, send } = capture(brokenApp);
    await brokenApp.handle.destroy();
    const response = await send('POST', '/api/submissions/contact', {
      json: { name: PERSONAL.contactName, email: PERSONAL.contactEmail, message: PERSONAL.contactMessage },
      headers: { cookie: `session=${COOKIE_VALUE}` },
    });
    expect(response.status).toBe(500);
    const failures = lines.map((line) => JSON.parse(line) as { level: number }).filter((line) => line.level >= 50);
    expect(failures.length).toBeGreaterThanOrEqual(1);
    allLines.push(...lines);
  });

  it('contain none of the secrets above', () => {
    const text = allLines.join('\n');
    expect(secrets.length).toBeGreaterThan(15);
    for (const secret of secrets) {
      expect(secret.length, 'a secret too short to search for').toBeGreaterThanOrEqual(8);
      expect(text.includes(secret), `the logs contain ${secret.slice(0, 12)}…`).toBe(false);
    }
    // Nor any header value or bearer token, whatever it was.
    expect(text).not.toMatch(/Bearer\s|Basic\s|authorization|cookie|stripe-signature|password/i);
  });
});

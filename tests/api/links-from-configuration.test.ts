/**
 * Every absolute link the server hands out (mailed reset, invitation and
 * confirmation links, preview links, checkout return addresses) is built from
 * PUBLIC_URL, never from the Host of the request that caused it: a request
 * sent to `evil.example` must not get a real token mailed at that host.
 * Runs on SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../server/mail/mailer.ts';
import { freshIp, recordingMailer, useTestApp } from '../helpers/test-app.ts';

// PUBLIC_URL left unset, as on a fresh start: outside production the origin
// defaults to localhost on the configured port, and is still never the Host.
const SITE = 'http://localhost:3000';
const EVIL = 'http://evil.example';

// The outbox keeps no reset link (decision 088): links are read from the mails as they left.
const handedOver: MailMessage[] = [];
const t = useTestApp({ env: { PUBLIC_URL: '', NEWSLETTER_DOUBLE_OPT_IN: 'true' }, mailer: recordingMailer(handedOver) });

/** A request addressed to another host, as a forged Host header makes it. */
async function sendToEvilHost(method: string, path: string, body: unknown, token?: string) {
  return t.app.request(`${EVIL}/api${path}`, {
    method,
    headers: {
      host: 'evil.example',
      'content-type': 'application/json',
      'x-forwarded-for': freshIp(),
      'x-forwarded-host': 'evil.example',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The text of the newest mail to `address` as it left; reset mails leave after the answer. */
async function lastMailTo(address: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const message = handedOver.findLast((mail) => mail.to === address);
    if (message) return message.text;
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const linksIn = (text: string) => text.match(/https?:\/\/[^\s)>"]+/g) ?? [];

describe('links built from PUBLIC_URL, whatever the Host header says', () => {
  it('mails the password reset link at the configured site', async () => {
    const email = `editor.${Date.now()}@example.com`;
    await t.createUserWithRole(email, 'the editor passphrase 1', 'editor');
    expect((await sendToEvilHost('POST', '/auth/forgot-password', { email })).status).toBe(202);
    const links = linksIn(await lastMailTo(email));
    expect(links.some((link) => link.startsWith(`${SITE}/admin/reset-password?token=`))).toBe(true);
    expect(links.filter((link) => link.includes('evil.example'))).toEqual([]);
  });

  it('mails the newsletter confirmation link at the configured site', async () => {
    const email = `reader.${Date.now()}@example.com`;
    expect((await sendToEvilHost('POST', '/submissions/newsletter', { email })).status).toBe(201);
    const links = linksIn(await lastMailTo(email));
    expect(links.some((link) => link.startsWith(`${SITE}/newsletter/confirm?token=`))).toBe(true);
    expect(links.filter((link) => link.includes('evil.example'))).toEqual([]);
  });

  it('mails a staff invitation at the configured site', async () => {
    const email = `invitee.${Date.now()}@example.com`;
    const answer = await sendToEvilHost('POST', '/admin/users', { email, role: 'editor' }, await t.adminToken());
    expect(answer.status).toBe(201);
    const links = linksIn(await lastMailTo(email));
    expect(links.some((link) => link.startsWith(`${SITE}/admin/accept-invite?token=`))).toBe(true);
    expect(links.filter((link) => link.includes('evil.example'))).toEqual([]);
  });

  it('answers preview links and checkout addresses at the configured site', async () => {
    const token = await t.adminToken();
    const post = await t.request('POST', '/admin/posts', {
      token,
      body: { title: 'A draft to preview', slug: 'a-draft-to-preview', content: 'Body text.', status: 'draft', category_ids: [] },
    });
    expect(post.status).toBe(201);
    const preview = await sendToEvilHost('POST', `/admin/posts/${post.body.id}/preview-links`, {}, token);
    expect(preview.status).toBe(201);
    expect(((await preview.json()) as { url: string }).url.startsWith(`${SITE}/preview/`)).toBe(true);

    const checkout = await sendToEvilHost('POST', '/payments/create-checkout', {
      project_name: 'Lantern',
      project_url: 'https://www.kickstarter.com/projects/lantern/lantern',
      contact_name: 'Ada Lovelace',
      contact_email: `sponsor.${Date.now()}@example.com`,
      description: 'A lantern that charges from the sun and lights a tent for a week.',
      terms_accepted: true,
    });
    expect(checkout.status).toBe(201);
    expect(((await checkout.json()) as { checkout_url: string }).checkout_url.startsWith(`${SITE}/checkout/test/`)).toBe(true);
  });
});

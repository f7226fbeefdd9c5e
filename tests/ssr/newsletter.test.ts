/**
 * The newsletter's confirmed opt-in and its way out, through the pages its
 * mails link to: a signup waits for its confirmation link; opening the link
 * confirms nothing (mail scanners open links), its button does; the
 * unsubscribe address takes the one-click POST of RFC 8058 with no cookie,
 * and shows a page with a button, then a way back.
 */
import { describe, expect, it } from 'vitest';
import { unsubscribeLinks } from '../../server/newsletter/unsubscribe-links.ts';
import { uniqueEmail } from '../helpers/emails.ts';
import { freshIp } from '../helpers/test-app.ts';
import { textsOf, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();

const signUp = (email: string) => site.post('/?index', { intent: 'newsletter', email, website: '' }, { ip: freshIp() });

const subscriberOf = (email: string) =>
  t.handle.db.selectFrom('newsletter_subscribers').selectAll().where('email_normalized', '=', email).executeTakeFirstOrThrow();

/** The confirmation links mailed to `email`, oldest first. */
async function confirmationLinks(email: string): Promise<string[]> {
  const mails = await t.handle.db
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('kind', '=', 'newsletter_confirmation')
    .orderBy('id')
    .execute();
  return mails.map((mail) => /http:\/\/localhost(\/newsletter\/confirm\?token=[\w-]+)/.exec(mail.text_body)?.[1] ?? '');
}

/** A POST without an Origin or a cookie, as a mail provider's one-click unsubscribe sends it. */
const oneClick = (path: string) =>
  site.app.request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

describe('a newsletter signup', () => {
  it('waits for its address to be confirmed, and the mailed link shows a button that confirms', async () => {
    const email = uniqueEmail();
    expect((await signUp(email)).status).toBe(200);
    expect(await subscriberOf(email)).toMatchObject({ status: 'pending', signup_path: '/', confirmed_at: null });
    const [link] = await confirmationLinks(email);
    expect(link).toMatch(/^\/newsletter\/confirm\?token=/);

    // Opening the link (as a mail scanner does) confirms nothing.
    const page = await site.get(link ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(textsOf(html, 'h1')).toEqual(['Confirm your subscription']);
    expect(textsOf(html, 'button')).toContain('Confirm subscription');
    expect(html).toContain('name="robots" content="noindex"');
    expect((await subscriberOf(email)).status).toBe('pending');

    // The button does; a second press is fine.
    for (let press = 0; press < 2; press += 1) {
      const confirmed = await site.post(link ?? '', {});
      expect(confirmed.status).toBe(200);
      expect(textsOf(await confirmed.text(), 'h1')).toEqual(["You're subscribed"]);
    }
    expect(await subscriberOf(email)).toMatchObject({ status: 'active', confirmed_at: expect.any(Number) });
  });

  it('answers a bad or expired link with a 404 page that offers to subscribe again, changing nothing', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const [link] = await confirmationLinks(email);
    await t.handle.db
      .updateTable('newsletter_subscribers')
      .set({ confirm_expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('email_normalized', '=', email)
      .execute();
    for (const path of [link ?? '', '/newsletter/confirm?token=not-a-token', '/newsletter/confirm']) {
      for (const answer of [await site.get(path), await site.post(path, {})]) {
        expect(answer.status, path).toBe(404);
        const html = await answer.text();
        expect(textsOf(html, 'h1')).toEqual(['This link has expired']);
        expect(html).toContain('href="/#newsletter"');
      }
    }
    expect((await subscriberOf(email)).status).toBe('pending');
  });

  it('mails a still-pending address its link again at most every ten minutes', async () => {
    const email = uniqueEmail();
    await signUp(email);
    await signUp(email);
    expect(await confirmationLinks(email)).toHaveLength(1);
    await t.handle.db
      .updateTable('newsletter_subscribers')
      .set({ confirm_sent_at: Math.floor(Date.now() / 1000) - 601 })
      .where('email_normalized', '=', email)
      .execute();
    await signUp(email);
    const links = await confirmationLinks(email);
    expect(links).toHaveLength(2);
    // The newest link works; the one it replaced does not.
    expect((await site.get(links[1] ?? '')).status).toBe(200);
    expect((await site.get(links[0] ?? '')).status).toBe(404);
  });
});

describe('leaving the newsletter', () => {
  async function activeSubscriber() {
    const email = uniqueEmail();
    await signUp(email);
    const [link] = await confirmationLinks(email);
    await site.post(link ?? '', {});
    const { id } = await subscriberOf(email);
    // As a newsletter mail carries it.
    const token = unsubscribeLinks(t.deps.totpEncryptionKey).tokenOf(id);
    return { email, path: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}` };
  }

  it('takes the one-click POST of RFC 8058 with no cookie and no login, and answers 200', async () => {
    const { email, path } = await activeSubscriber();
    const answer = await oneClick(path);
    expect(answer.status).toBe(200);
    expect(await subscriberOf(email)).toMatchObject({ status: 'unsubscribed', left_via: 'one-click', left_at: expect.any(Number) });
    // Sent twice (mail clients retry): still fine.
    expect((await oneClick(path)).status).toBe(200);
  });

  it('shows a page with a button that unsubscribes, then offers to subscribe again', async () => {
    const { email, path } = await activeSubscriber();
    const page = await site.get(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(textsOf(html, 'h1')).toEqual(['Unsubscribe from the newsletter']);
    expect(textsOf(html, 'button')).toContain('Unsubscribe');
    expect((await subscriberOf(email)).status).toBe('active');

    const left = await site.post(path, { intent: 'unsubscribe' });
    expect(left.status).toBe(200);
    expect(textsOf(await left.text(), 'h1')).toEqual(["You're unsubscribed"]);
    expect(await subscriberOf(email)).toMatchObject({ status: 'unsubscribed', left_via: 'link' });

    const back = await site.post(path, { intent: 'resubscribe' });
    expect(textsOf(await back.text(), 'h1')).toEqual(['Welcome back']);
    expect(await subscriberOf(email)).toMatchObject({ status: 'active', left_at: null, left_via: null });
  });

  it('answers an unknown unsubscribe address with 404, by page and by one-click', async () => {
    const page = await site.get('/newsletter/unsubscribe?token=nobody');
    expect(page.status).toBe(404);
    expect(textsOf(await page.text(), 'h1')).toEqual(['Unknown unsubscribe link']);
    expect((await oneClick('/newsletter/unsubscribe?token=nobody')).status).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { freshIp, type TestApp } from '../helpers/test-app.ts';
import { decodeHtml, useSiteApp } from './site-app.ts';

const contactRows = (t: TestApp) =>
  t.deps.db.selectFrom('contact_submissions').select(['name', 'email', 'message', 'status']).orderBy('id').execute();

const subscriberEmails = async (t: TestApp) =>
  (await t.deps.db.selectFrom('newsletter_subscribers').select('email').orderBy('id').execute()).map((row) => row.email);

/** The outcome printed in the page for a form posted without JavaScript. */
const statusBox = (html: string) => {
  const box = html.match(/<div [^>]*data-slot="alert"[^>]*role="(status|alert)"[^>]*>([\s\S]*?)<\/div><\/div>/);
  if (!box) return null;
  const texts = [...`${box[2] ?? ''}<`.matchAll(/>([^<]+)</g)].map((match) => decodeHtml(match[1] ?? '').trim()).filter(Boolean);
  return { role: box[1], texts };
};

describe('the contact form without JavaScript', () => {
  const { t, site } = useSiteApp({ app: { rateLimits: { contactPerIp: { name: 'contact-ip', max: 3, windowSeconds: 600 } } } });

  it('is a labelled form that posts to its own page', async () => {
    const html = await (await site.get('/contact-us')).text();
    expect(html).toContain('<title>Contact Us | Crowdfunding Showcase</title>');
    // The first form after the header's site search.
    const form = html.match(/<form (?![^>]*role="search")[^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/contact-us"');
    for (const [id, label] of [['contact-name', 'Name'], ['contact-email', 'Email'], ['contact-message', 'Message']]) {
      expect(html).toMatch(new RegExp(`<label [^>]*for="${id}"[^>]*>${label}</label>`));
    }
    expect(html).toContain('>Send Message</button>');
  });

  it('stores the message and answers Message sent!, never cached', async () => {
    const response = await site.post('/contact-us', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Can you review my engine?',
      website: '',
    }, { ip: freshIp() });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(statusBox(await response.text())).toEqual({
      role: 'status',
      texts: ['Message sent!', "We'll get back to you as soon as possible."],
    });
    expect(await contactRows(t)).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Can you review my engine?', status: 'new' },
    ]);
  });

  it('refuses an invalid e-mail with SPEC.md message, marks the field and stores nothing', async () => {
    const before = (await contactRows(t)).length;
    const response = await site.post('/contact-us', { name: 'Grace', email: 'grace.example.com', message: 'Hello' }, { ip: freshIp() });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(statusBox(html)).toEqual({ role: 'alert', texts: ['Invalid email', 'Email must contain an @ symbol'] });
    const email = html.match(/<input [^>]*id="contact-email"[^>]*>/)?.[0] ?? '';
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('aria-describedby="contact-email-error"');
    const error = html.match(/<p [^>]*id="contact-email-error"[^>]*>([^<]*)<\/p>/);
    expect(error?.[0]).toContain('role="alert"');
    expect(error?.[1]).toBe('Email must contain an @ symbol');
    expect((await contactRows(t)).length).toBe(before);
  });

  it('refuses a missing name and message with their own messages', async () => {
    const response = await site.post('/contact-us', { name: ' ', email: 'grace@example.com', message: '' }, { ip: freshIp() });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="contact-name-error"[^>]*>Name is required</);
    expect(html).toMatch(/id="contact-message-error"[^>]*>Message is required</);
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const before = (await contactRows(t)).length;
    const response = await site.post(
      '/contact-us',
      { name: 'Bot', email: 'bot@example.com', message: 'Buy now', website: 'https://spam.example' },
      { ip: freshIp() },
    );
    expect(response.status).toBe(200);
    expect(statusBox(await response.text())?.texts[0]).toBe('Message sent!');
    expect((await contactRows(t)).length).toBe(before);
  });

  it('stores a message posted twice in a row once', async () => {
    const ip = freshIp();
    const fields = { name: 'Twice', email: 'twice@example.com', message: 'Double click' };
    expect((await site.post('/contact-us', fields, { ip })).status).toBe(200);
    expect((await site.post('/contact-us', fields, { ip })).status).toBe(200);
    expect((await contactRows(t)).filter((row) => row.email === 'twice@example.com')).toHaveLength(1);
  });

  it('is rate limited per address like the API', async () => {
    const ip = freshIp();
    for (let i = 1; i <= 3; i += 1) {
      const ok = await site.post('/contact-us', { name: 'Busy', email: 'busy@example.com', message: `Message ${i}` }, { ip });
      expect(ok.status).toBe(200);
    }
    const refused = await site.post('/contact-us', { name: 'Busy', email: 'busy@example.com', message: 'Message 4' }, { ip });
    expect(refused.status).toBe(429);
    expect(statusBox(await refused.text())?.texts).toEqual(['Error', expect.stringMatching(/^Too many requests/)]);
    expect((await contactRows(t)).filter((row) => row.email === 'busy@example.com')).toHaveLength(3);
  });
});

describe('the newsletter signup without JavaScript', () => {
  const { t, site } = useSiteApp();

  const subscribe = (email: string, extra: Record<string, string> = {}) =>
    site.post('/?index', { intent: 'newsletter', email, website: '', ...extra }, { ip: freshIp() });

  it('subscribes and answers Successfully subscribed!, never cached', async () => {
    const response = await subscribe('reader@example.com');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(statusBox(html)).toEqual({
      role: 'status',
      texts: ['Successfully subscribed!', "You'll receive our latest updates."],
    });
    expect(html).toContain('New reviews and guides, in your inbox');
    // One more line under the answer: the address waits for its confirmation.
    expect(html).toContain('Check your inbox: we sent you a link to confirm your subscription.');
    expect(await subscriberEmails(t)).toEqual(['reader@example.com']);
  });

  it('answers Already subscribed for an address on the list, in any case', async () => {
    await subscribe('twice@example.com');
    // Its owner confirmed it: now it is on the list.
    await t.handle.db.updateTable('newsletter_subscribers').set({ status: 'active' }).where('email_normalized', '=', 'twice@example.com').execute();
    const response = await subscribe('TWICE@example.com');
    expect(response.status).toBe(200);
    expect(statusBox(await response.text())).toEqual({
      role: 'status',
      texts: ['Already subscribed', 'This email is already on our list!'],
    });
    expect((await subscriberEmails(t)).filter((email) => email.toLowerCase() === 'twice@example.com')).toHaveLength(1);
  });

  it('refuses an address without a domain with SPEC.md message', async () => {
    const response = await subscribe('reader@localhost');
    expect(response.status).toBe(400);
    expect(statusBox(await response.text())).toEqual({
      role: 'alert',
      texts: ['Invalid email', 'Email must contain a domain (e.g., example.com)'],
    });
    expect(await subscriberEmails(t)).not.toContain('reader@localhost');
  });

  it('drops a signup with the honeypot filled', async () => {
    const response = await subscribe('bot@example.com', { website: 'spam' });
    expect(response.status).toBe(200);
    expect(await subscriberEmails(t)).not.toContain('bot@example.com');
  });

  it('refuses a post that is not the newsletter form', async () => {
    const response = await site.post('/?index', { intent: 'something-else', email: 'x@example.com' });
    expect(response.status).toBe(400);
    expect(await subscriberEmails(t)).not.toContain('x@example.com');
  });
});

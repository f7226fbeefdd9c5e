/**
 * The newsletter's public side once an issue went out: /newsletter lists the
 * sent issues, /newsletter/{slug} is the web version its mail links to (with
 * OG tags, in the sitemap), drafts stay unseen, posts are shown only while
 * they are live, and the unsubscribe address in a sent mail takes the mail
 * client's one-click POST.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../helpers/test-app.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { metaContent, seedPost, textsOf, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp({ app: { env: { NEWSLETTER_DOUBLE_OPT_IN: 'false' } } });

const admin = adminCalls(t, { prefix: '/admin/newsletters' });

let sent: { id: number; slug: string };
let withdrawn: { id: number };
let draft: { id: number; slug: string };
const reader = `archive.reader.${Date.now()}@example.com`;

beforeAll(async () => {
  const post = await seedPost(t, { slug: 'archived-campaign', title: 'Archived Campaign', cover_image: '/uploads/2026/03/cover.png' });
  withdrawn = await seedPost(t, { slug: 'withdrawn-campaign', title: 'Withdrawn Campaign', excerpt: 'Taken back after the mail went out.' });
  const unfinished = await seedPost(t, { slug: 'unfinished-campaign', title: 'Unfinished Campaign', status: 'draft' });
  await t.request('POST', '/submissions/newsletter', { body: { email: reader } });
  sent = (
    await admin('POST', '', {
      subject: 'March picks',
      preheader: 'Three campaigns worth backing',
      intro: 'Hello **readers**.',
      post_ids: [post.id, withdrawn.id, unfinished.id],
    })
  ).body;
  draft = (await admin('POST', '', { subject: 'Not yet' })).body;
  expect((await admin('POST', `/${sent.id}/send`)).status).toBe(202);
  await t.deps.jobs.whenIdle();
  expect((await admin('GET', `/${sent.id}`)).body.status).toBe('sent');
});

describe('the newsletter archive', () => {
  it('lists the sent issues only', async () => {
    const response = await site.get('/newsletter');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['Newsletter Archive']);
    expect(html).toContain(`href="/newsletter/${sent.slug}"`);
    expect(html).not.toContain(draft.slug);
  });

  it('shows a sent issue as its web version, with OG tags', async () => {
    const response = await site.get(`/newsletter/${sent.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['March picks']);
    expect(html).toContain('<strong>readers</strong>');
    expect(html).toContain('href="/archived-campaign"');
    expect(metaContent(html, 'og:title')).toContain('March picks');
    expect(metaContent(html, 'og:description')).toBe('Three campaigns worth backing');
    expect(metaContent(html, 'og:image')).toBe('http://localhost/uploads/2026/03/cover.png');
  });

  it('never shows a post that was not live when the issue went out', async () => {
    const response = await site.get(`/newsletter/${sent.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // The issue itself, with the posts that were live: an error page would also lack the draft.
    expect(textsOf(html, 'h1')).toEqual(['March picks']);
    expect(html).toContain('href="/archived-campaign"');
    expect(html).not.toContain('Unfinished Campaign');
    expect(html).not.toContain('unfinished-campaign');
  });

  it('stops showing a post once it is back in draft: not its title, not its excerpt', async () => {
    const before = await (await site.get(`/newsletter/${sent.slug}`)).text();
    expect(before).toContain('Withdrawn Campaign');
    const token = await t.adminToken();
    const current = (await t.request('GET', `/admin/posts/${withdrawn.id}`, { token })).body;
    const saved = await t.request('PUT', `/admin/posts/${withdrawn.id}`, { token, ip: freshIp(), body: { ...current, status: 'draft' } });
    expect(saved.status).toBe(200);
    const response = await site.get(`/newsletter/${sent.slug}`);
    expect(response.status).toBe(200);
    const after = await response.text();
    expect(textsOf(after, 'h1')).toEqual(['March picks']);
    expect(after).toContain('Archived Campaign');
    expect(after).not.toContain('Withdrawn Campaign');
    expect(after).not.toContain('Taken back after the mail went out.');
    expect(after).not.toContain('href="/withdrawn-campaign"');
  });

  it('answers 404 for a draft or an unknown issue', async () => {
    expect((await site.get(`/newsletter/${draft.slug}`)).status).toBe(404);
    expect((await site.get('/newsletter/no-such-issue')).status).toBe(404);
  });

  it('puts the archive and each sent issue in the sitemap', async () => {
    const xml = await (await site.get('/sitemap.xml')).text();
    expect(xml).toContain('<loc>http://localhost/newsletter</loc>');
    expect(xml).toContain(`<loc>http://localhost/newsletter/${sent.slug}</loc>`);
    expect(xml).not.toContain(draft.slug);
  });

  it('takes the one-click unsubscribe of a sent mail at once', async () => {
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', reader)
      .where('kind', '=', 'newsletter')
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/[^/\s]+(\/newsletter\/unsubscribe\?token=[\w%.-]+)/.exec(mail.text_body)?.[1];
    expect(link).toBeDefined();
    const response = await site.app.request(`http://localhost${link}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    const subscriber = await t.handle.db
      .selectFrom('newsletter_subscribers')
      .select(['status', 'left_via'])
      .where('email', '=', reader)
      .executeTakeFirstOrThrow();
    expect(subscriber).toEqual({ status: 'unsubscribed', left_via: 'one-click' });
  });
});

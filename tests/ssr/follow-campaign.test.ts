/**
 * Following a campaign through the pages (decision 097): the fact box
 * offers the form and "Add to calendar" while the campaign is before its
 * launch or running, and not once it is over; the form works as a plain
 * POST that answers a page; the mailed link shows the campaign and what
 * will be sent, and confirms only by its button, once; an alert's
 * unsubscribe address takes RFC 8058's one-click POST; the calendar file is
 * one event for the last 48 hours whose SEQUENCE grows when the end moves.
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/emails.ts';
import { freshIp } from '../helpers/test-app.ts';
import { followLinks } from '../../server/follows/links.ts';
import { decodeHtml, seedCampaignPost, textsOf, useSiteApp } from './site-app.ts';

const { t, site } = useSiteApp();

const HOUR = 3600;
const DAY = 24 * HOUR;
const now = () => Math.floor(Date.now() / 1000);
let seeded = 0;

async function campaignPost(campaign: Record<string, unknown>) {
  seeded += 1;
  const slug = `followed-${seeded}-${Date.now()}`;
  const title = `Followed gadget ${seeded}`;
  const { id } = await seedCampaignPost(t, { slug, title }, { goal: 1_000_000, pledged: 250_000, backers: 30, state: 'live', launched_at: now() - DAY, ends_at: now() + 10 * DAY, ...campaign });
  return { id, slug, title };
}

async function confirmationLink(email: string): Promise<string> {
  const mail = await t.handle.db.selectFrom('outbox').select('text_body').where('to_address', '=', email).where('kind', '=', 'follow_confirmation').executeTakeFirstOrThrow();
  return /http:\/\/localhost(\/follow\/confirm\?token=[\w-]+)/.exec(mail.text_body)?.[1] ?? '';
}

describe('the fact box', () => {
  it('offers "Follow this campaign" and "Add to calendar" for a running campaign, as a form that works without JavaScript', async () => {
    const post = await campaignPost({});
    const html = await (await site.get(`/${post.slug}`)).text();
    expect(textsOf(html, 'h3')).toContain('Follow this campaign');
    expect(html).toMatch(/<form[^>]*action="\/follow"[^>]*>/);
    expect(html).toContain(`name="slug" value="${post.slug}"`);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*type="email"|<input[^>]*type="email"[^>]*name="email"/);
    expect(html).toContain(`href="/${post.slug}/campaign.ics"`);
    expect(textsOf(html, 'a')).toContain('Add to calendar');
  });

  it('offers Follow before the launch, and neither once the campaign is over', async () => {
    const upcoming = await campaignPost({ state: 'upcoming', launched_at: now() + DAY, ends_at: null });
    expect(textsOf(await (await site.get(`/${upcoming.slug}`)).text(), 'h3')).toContain('Follow this campaign');
    const over = await campaignPost({ state: 'successful', ends_at: now() - DAY, pledged: 2_000_000 });
    const html = await (await site.get(`/${over.slug}`)).text();
    expect(textsOf(html, 'h3')).not.toContain('Follow this campaign');
    expect(html).not.toContain('campaign.ics');
  });
});

describe('following without JavaScript', () => {
  it('answers the form with a page, mails a link that shows the campaign, and confirms by its button once', async () => {
    const post = await campaignPost({});
    const email = uniqueEmail('page.follower');
    const answer = await site.post('/follow', { slug: post.slug, email }, { ip: freshIp() });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const page = await answer.text();
    expect(textsOf(page, 'h1')).toEqual(['Check your inbox']);
    // The page never shows the address it was given.
    expect(page).not.toContain(email);

    const link = await confirmationLink(email);
    const ask = await site.get(link);
    expect(ask.status).toBe(200);
    expect(ask.headers.get('cache-control')).toBe('no-store');
    expect(ask.headers.get('referrer-policy')).toBe('no-referrer');
    const askHtml = decodeHtml(await ask.text());
    expect(textsOf(askHtml, 'h1')).toEqual([`Follow ${post.title}`]);
    expect(askHtml).toContain('48 hours before it ends');
    expect(askHtml).toContain('name="robots" content="noindex"');
    expect(askHtml).not.toContain(email);
    const row = () => t.handle.db.selectFrom('follows').select('status').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await row()).status).toBe('pending');

    const confirmed = await site.post(link, {});
    expect(confirmed.status).toBe(200);
    expect(textsOf(decodeHtml(await confirmed.text()), 'h1')).toEqual([`You follow ${post.title}`]);
    expect((await row()).status).toBe('following');

    // Used: a clear page, and nothing changes.
    const used = await site.get(link);
    expect(used.status).toBe(404);
    expect(textsOf(await used.text(), 'h1')).toEqual(['This link does not work any more']);
    const wrong = await site.post('/follow/confirm?token=not-a-token', {});
    expect(wrong.status).toBe(404);
    expect((await row()).status).toBe('following');
  });

  it('answers a bad address and a campaign that is over with a page saying so', async () => {
    const post = await campaignPost({});
    const bad = await site.post('/follow', { slug: post.slug, email: 'nope' }, { ip: freshIp() });
    expect(bad.status).toBe(400);
    const over = await campaignPost({ state: 'canceled' });
    const refused = await site.post('/follow', { slug: over.slug, email: uniqueEmail() }, { ip: freshIp() });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This campaign is over');
  });
});

describe('the unsubscribe address of an alert', () => {
  it('takes the one-click POST of RFC 8058 with no cookie, and shows a page with a button', async () => {
    const post = await campaignPost({});
    const email = uniqueEmail('one.click');
    await site.post('/follow', { slug: post.slug, email }, { ip: freshIp() });
    await site.post(await confirmationLink(email), {});
    const follow = await t.handle.db.selectFrom('follows').select(['id', 'status']).where('email', '=', email).executeTakeFirstOrThrow();
    const path = `/follow/unsubscribe?token=${encodeURIComponent(followLinks(t.deps.totpEncryptionKey).these([follow.id]))}`;

    const page = await site.get(path);
    expect(page.status).toBe(200);
    const html = decodeHtml(await page.text());
    expect(textsOf(html, 'button')).toContain('Stop following');
    expect(html).toContain(post.title);
    expect(html).not.toContain(email);

    const oneClick = await site.app.request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await t.handle.db.selectFrom('follows').select('status').where('id', '=', follow.id).executeTakeFirstOrThrow()).status).toBe('ended');
    expect((await site.get('/follow/unsubscribe?token=forged')).status).toBe(404);
  });
});

describe('GET /{slug}/campaign.ics', () => {
  it('is one event for the last 48 hours in UTC, with a reminder, the post address and a UID whose SEQUENCE grows when the end moves', async () => {
    const endsAt = Date.UTC(2030, 5, 1, 18, 30) / 1000;
    const post = await campaignPost({ ends_at: endsAt });
    const response = await site.get(`/${post.slug}/campaign.ics`, { accept: 'text/calendar' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const ics = await response.text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain('\r\nDTSTART:20300530T183000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20300601T183000Z\r\n');
    expect(ics).toContain('\r\nBEGIN:VALARM\r\n');
    expect(ics).toContain(`\r\nURL:http://localhost/${post.slug}\r\n`);
    const uid = /\r\nUID:(.+)\r\n/.exec(ics)?.[1];
    expect(uid).toBe(`campaign-${post.id}@localhost`);
    expect(ics).toContain('\r\nSEQUENCE:0\r\n');
    expect((await (await site.get(`/${post.slug}/campaign.ics`)).text())).toContain('\r\nSEQUENCE:0\r\n');

    await t.handle.db.updateTable('post_campaigns').set({ ends_at: endsAt + DAY }).where('post_id', '=', post.id).execute();
    const moved = await (await site.get(`/${post.slug}/campaign.ics`)).text();
    expect(moved).toContain(`\r\nUID:${uid}\r\n`);
    expect(moved).toContain('\r\nSEQUENCE:1\r\n');
    expect(moved).toContain('\r\nDTEND:20300602T183000Z\r\n');

    const none = await campaignPost({ state: 'upcoming', ends_at: null, launched_at: null });
    expect((await site.get(`/${none.slug}/campaign.ics`)).status).toBe(404);
  });
});

describe("a follower's address", () => {
  it('never appears in a public answer, a page, the page store, a log line or another follower\'s mail', async () => {
    const post = await campaignPost({ ends_at: now() + 30 * HOUR });
    const first = uniqueEmail('secret.first');
    const second = uniqueEmail('secret.second');
    // One through the page without JavaScript, one through the API as the page's script sends it.
    await site.post('/follow', { slug: post.slug, email: first }, { ip: freshIp() });
    const api = await site.app.request(`http://localhost/api/posts/${post.slug}/follow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: JSON.stringify({ email: second }),
    });
    expect(api.status).toBe(202);
    expect(await api.text()).toBe('{"status":"pending"}');
    for (const email of [first, second]) await site.post(await confirmationLink(email), {});
    // Inside its last 48 hours: the "ending" alert goes to each at once (kept in the outbox: no mail server here).
    await t.deps.jobs.whenIdle();
    const alerts = await t.handle.db.selectFrom('outbox').select(['to_address', 'text_body', 'html_body']).where('kind', '=', 'follow_alert').where('to_address', 'in', [first, second]).execute();
    expect(alerts.map((alert) => alert.to_address).sort()).toEqual([first, second].sort());

    const pages = await Promise.all(
      [`/${post.slug}`, '/', '/ending-soon', `/${post.slug}/campaign.ics`, '/sitemap.xml', '/rss.xml'].map(async (path) => (await site.get(path)).text()),
    );
    const answers = await Promise.all(
      [`/api/posts/${post.slug}`, '/api/posts', `/api/posts/${post.slug}/campaign/history`].map(async (path) => (await site.get(path, { accept: 'application/json' })).text()),
    );
    const store = JSON.stringify(await t.handle.db.selectFrom('rendered_pages').selectAll().execute());
    const logs = JSON.stringify(site.logLines);
    // The lines are there, saying what happened, without whom.
    expect(logs).toContain('follow: requested');
    expect(logs).toContain('follow: confirmed');
    for (const email of [first, second]) {
      for (const text of [...pages, ...answers, store, logs]) expect(text).not.toContain(email);
      for (const text of [store, logs]) expect(text).not.toContain(email.split('@')[0]);
    }
    const [toFirst] = alerts.filter((alert) => alert.to_address === first);
    expect(`${toFirst?.text_body}${toFirst?.html_body}`).not.toContain(second);
    const [toSecond] = alerts.filter((alert) => alert.to_address === second);
    expect(`${toSecond?.text_body}${toSecond?.html_body}`).not.toContain(first);
  });
});

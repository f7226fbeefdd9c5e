/**
 * Following a campaign through the API (decision 097): a request answers
 * 202 pending whatever the address's standing and mails a confirmation
 * link (hashed in the database, cut from the outbox once sent); the link
 * confirms once; bad addresses, posts with nothing to follow and unknown
 * posts are refused; the rate limits hold per client and per recipient;
 * the newsletter's erasure takes the address's follows too. Runs on both
 * engines (the api-postgres project).
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/emails.ts';
import { mailsTo } from '../helpers/outbox.ts';
import { awaitRoomInRateWindow } from '../helpers/rate-window.ts';
import { campaignFacts, confirmTokenOf, follow, postWithCampaign } from '../helpers/follows.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const DAY = 24 * 3600;
const now = () => Math.floor(Date.now() / 1000);

describe('POST /api/posts/{slug}/follow with confirmation by mail', () => {
  const t = useTestApp();

  it('answers 202 pending, mails a link, and confirms by it once', async () => {
    const post = await postWithCampaign(t);
    const email = uniqueEmail('follower');
    const response = await follow(t, post.slug, email);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'pending' });
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.kind).toBe('follow_confirmation');
    expect(mails[0]?.subject).toBe(`Confirm that you want to follow ${post.title}`);
    const token = confirmTokenOf(mails[0]?.text_body ?? '');
    expect(token).toHaveLength(43);

    const row = await t.handle.db.selectFrom('follows').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    // Only the token's hash is kept.
    expect(row.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.confirm_expires_at).toBe((row.confirm_sent_at ?? 0) + 7 * DAY);

    expect(await t.services.follows.confirmable(token)).toEqual({ title: post.title, slug: post.slug });
    await t.services.follows.confirm(token);
    const confirmed = await t.handle.db.selectFrom('follows').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(confirmed.status).toBe('following');
    expect(confirmed.confirm_token_hash).toBeNull();
    // A live campaign's launch is past: it is never sent.
    expect(JSON.parse(confirmed.moments_done)).toEqual(['launched']);

    // A used link confirms nothing and says so.
    expect(await t.services.follows.confirmable(token)).toBeUndefined();
    await expect(t.services.follows.confirm(token)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    await expect(t.services.follows.confirm('not-a-token')).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('answers the same for an address that follows, waits or is new, and mails a recipient at most once an hour', async () => {
    const post = await postWithCampaign(t);
    const following = uniqueEmail('known');
    await follow(t, post.slug, following);
    await t.services.follows.confirm(confirmTokenOf((await mailsTo(t, following))[0]?.text_body ?? ''));
    const pending = uniqueEmail('waiting');
    await follow(t, post.slug, pending);

    const answers = await Promise.all([following, pending, uniqueEmail('new')].map((email) => follow(t, post.slug, email)));
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(Array(3).fill([202, { status: 'pending' }]));
    // No new mail to the follower, none again within the hour to the one waiting.
    expect(await mailsTo(t, following)).toHaveLength(1);
    expect(await mailsTo(t, pending)).toHaveLength(1);
    // In any letter case, it is the same address.
    expect((await follow(t, post.slug, pending.toUpperCase())).body).toEqual({ status: 'pending' });
    expect(await t.handle.db.selectFrom('follows').select('id').where('email', '=', pending).execute()).toHaveLength(1);
  });

  it('makes one follow and one mail of requests for one address at the same moment', async () => {
    const post = await postWithCampaign(t);
    const email = uniqueEmail('twice');
    const answers = await Promise.all(Array.from({ length: 4 }, () => follow(t, post.slug, email)));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    expect(await t.handle.db.selectFrom('follows').select('id').where('email', '=', email).execute()).toHaveLength(1);
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('refuses a bad address (400 naming email), an unknown post (404), and a campaign that is missing or over (409)', async () => {
    const post = await postWithCampaign(t);
    const bad = await follow(t, post.slug, 'not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect(String((bad.body as { message: string }).message).toLowerCase()).toContain('email');

    expect((await follow(t, 'no-such-post-at-all', uniqueEmail())).status).toBe(404);

    for (const campaign of [
      null,
      campaignFacts({ state: 'successful', ends_at: now() - DAY }),
      campaignFacts({ state: 'failed', ends_at: now() - DAY }),
      campaignFacts({ state: 'canceled' }),
      campaignFacts({ ends_at: now() - 10 }),
    ]) {
      const over = await postWithCampaign(t, campaign);
      const refused = await follow(t, over.slug, uniqueEmail());
      expect(refused.status, JSON.stringify(campaign)).toBe(409);
      expect(refused.body).toMatchObject({ error: 'NOT_FOLLOWABLE' });
    }
    const upcoming = await postWithCampaign(t, campaignFacts({ state: 'upcoming', launched_at: now() + DAY }));
    expect((await follow(t, upcoming.slug, uniqueEmail())).status).toBe(202);
    expect(await t.handle.db.selectFrom('follows').select('id').where('email', '=', 'not-an-address').execute()).toHaveLength(0);
  });

  it('takes 20 follow requests per client address in 10 minutes', async () => {
    // The window is fixed on the clock: 21 requests take a second or two, so start with 10 s of it left at least.
    await awaitRoomInRateWindow(600, 10);
    const post = await postWithCampaign(t);
    const ip = freshIp();
    for (let index = 0; index < 20; index += 1) expect((await follow(t, post.slug, uniqueEmail(), ip)).status).toBe(202);
    const refused = await follow(t, post.slug, uniqueEmail(), ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'RATE_LIMITED' });
  }, 30_000);

  it('erases every follow of an address with its newsletter subscription', async () => {
    const email = uniqueEmail('erased');
    const first = await postWithCampaign(t);
    const second = await postWithCampaign(t);
    await follow(t, first.slug, email);
    await follow(t, second.slug, email);
    await t.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() });
    const subscriber = await t.handle.db.selectFrom('newsletter_subscribers').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const erased = await t.request('DELETE', `/admin/submissions/newsletter/${subscriber.id}`, { token: await t.adminToken() });
    expect(erased.status).toBe(204);
    expect(await t.handle.db.selectFrom('follows').select('id').where('email', '=', email).execute()).toHaveLength(0);
  });
});

describe('POST /api/posts/{slug}/follow without confirmation by mail', () => {
  const t = useTestApp({ env: { NEWSLETTER_DOUBLE_OPT_IN: 'false' } });

  it('follows at once and mails nothing', async () => {
    const post = await postWithCampaign(t);
    const email = uniqueEmail('at-once');
    const response = await follow(t, post.slug, email);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ status: 'following' });
    expect((await follow(t, post.slug, email)).body).toEqual({ status: 'following' });
    const row = await t.handle.db.selectFrom('follows').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.status).toBe('following');
    expect(row.confirm_token_hash).toBeNull();
    expect(await mailsTo(t, email)).toHaveLength(0);
  });
});

/**
 * The creator keeps the numbers fresh: a sponsored post with a campaign,
 * once live, mails its sponsor a private link; the link answers and changes
 * the campaign (pledged, backers, state, end: nothing else) as the
 * creator's facts, kept in the post's revisions and the audit log; wrong,
 * revoked and expired links get 404 and change nothing; staff reissue and
 * revoke it; requests are rate-limited per address and per link. The
 * sponsored payload's campaign fields are carried into the drafted post.
 * Runs on SQLite and on PostgreSQL.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CampaignJson } from '../../common/campaign.ts';
import type { SponsoredSubmissionDetailsJson } from '../../common/answers.ts';
import { settleTestCheckout } from '../../server/services/sponsors/payments.ts';
import { ADMIN_EMAIL, freshIp, serverWithAnotherKey, useTestApp } from '../helpers/test-app.ts';

const PER_LINK = 4;
const PER_IP = 12;
const t = useTestApp({
  rateLimits: {
    campaignUpdatePerLink: { name: 'campaign-update-link', max: PER_LINK, windowSeconds: 3600 },
    campaignUpdatePerIp: { name: 'campaign-update-ip', max: PER_IP, windowSeconds: 900 },
  },
});

const DAY = 24 * 60 * 60;
let counter = 0;

/** A submission paid through the test checkout, with the campaign fields given; its id and contact address. */
async function paidSubmission(campaign: Record<string, unknown> = {}) {
  counter += 1;
  const email = `creator.${counter}.${Date.now()}@example.com`;
  const started = await t.request('POST', '/payments/create-checkout', {
    ip: freshIp(),
    body: {
      project_name: `Tide Lamp ${counter} ${Date.now()}`,
      project_url: 'https://www.kickstarter.com/projects/tide-lamp',
      contact_name: 'Ada Lovelace',
      contact_email: email,
      description: 'A lamp that shows the tide.',
      terms_accepted: true,
      ...campaign,
    },
  });
  expect(started.status).toBe(201);
  await settleTestCheckout(t.deps, started.body.session_id, 'pay');
  const row = await t.handle.db
    .selectFrom('payment_transactions')
    .select('submission_id')
    .where('provider_session_id', '=', started.body.session_id)
    .executeTakeFirstOrThrow();
  return { id: row.submission_id, email };
}

const admin = async (method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: await t.adminToken(), ...(body === undefined ? {} : { body }) });

async function draftOf(submissionId: number) {
  const details = (await admin('GET', `/admin/submissions/sponsored/${submissionId}`)).body as SponsoredSubmissionDetailsJson;
  expect((await admin('PATCH', `/admin/submissions/sponsored/${submissionId}`, { status: 'approved', version: details.version })).status).toBe(200);
  const drafted = await admin('POST', `/admin/submissions/sponsored/${submissionId}/draft`);
  expect(drafted.status).toBe(201);
  return drafted.body as { id: number; slug: string; title: string; campaign: CampaignJson | null };
}

/** Saves the post as it is, published now, as the editor does, and lets the sponsor's mails go. */
async function publish(postId: number) {
  const current = (await admin('GET', `/admin/posts/${postId}`)).body;
  const { id: _id, ...rest } = current;
  const answer = await admin('PUT', `/admin/posts/${postId}`, {
    title: rest.title,
    slug: rest.slug,
    excerpt: rest.excerpt,
    content: rest.content,
    cover_image: rest.cover_image,
    campaign_url: rest.campaign_url,
    read_time: rest.read_time,
    category_ids: rest.category_ids,
    status: 'published',
    published_at: Math.floor(Date.now() / 1000),
    version: rest.version,
  });
  expect(answer.status).toBe(200);
  await t.deps.jobs.whenIdle();
}

const mailsTo = (to: string) =>
  t.handle.db.selectFrom('outbox').select(['kind', 'subject', 'text_body']).where('to_address', '=', to).orderBy('id').execute();

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** A live sponsored post with a campaign, its sponsor mailed their link. */
async function livePostWithLink() {
  const endsAt = Math.floor(Date.now() / 1000) + 20 * DAY;
  const { id, email } = await paidSubmission({ campaign_goal: 2_000_000, campaign_currency: 'usd', campaign_ends_at: endsAt });
  const post = await draftOf(id);
  await publish(post.id);
  const mail = (await mailsTo(email)).find((sent) => sent.kind === 'sponsor_live');
  expect(mail).toBeDefined();
  const url = /http:\/\/localhost\/campaign-update\/\S+/.exec(mail?.text_body ?? '')?.[0] ?? '';
  expect(url).not.toBe('');
  return { submissionId: id, email, post, endsAt, url, token: tokenOf(url) };
}

const openLink = (token: string, ip = freshIp()) => t.request('GET', `/campaign-update/${token}`, { ip });
const updateLink = (token: string, body: unknown, ip = freshIp()) => t.request('PUT', `/campaign-update/${token}`, { ip, body });

async function factsOf(postId: number): Promise<CampaignJson> {
  const post = (await admin('GET', `/admin/posts/${postId}`)).body as { campaign: CampaignJson };
  return post.campaign;
}

describe('the sponsored payload carries the campaign into the draft', () => {
  it('keeps goal, currency and end on the submission and starts the draft with them', async () => {
    const endsAt = Math.floor(Date.now() / 1000) + 30 * DAY;
    const { id } = await paidSubmission({ campaign_goal: 2_000_050, campaign_currency: 'eur', campaign_ends_at: endsAt });
    const details = (await admin('GET', `/admin/submissions/sponsored/${id}`)).body as SponsoredSubmissionDetailsJson;
    expect(details).toMatchObject({ campaign_goal: 2_000_050, campaign_currency: 'EUR', campaign_ends_at: endsAt });
    const post = await draftOf(id);
    expect(post.campaign).toMatchObject({ platform: 'kickstarter', currency: 'EUR', goal: 2_000_050, ends_at: endsAt, state: 'live', pledged: null });
  });

  it('drafts no campaign when the sponsor gave none', async () => {
    const { id } = await paidSubmission();
    expect((await draftOf(id)).campaign).toBeNull();
  });

  it.each([
    [{ campaign_goal: -1, campaign_currency: 'USD' }, 'Campaign goal'],
    [{ campaign_goal: 10.5, campaign_currency: 'USD' }, 'Campaign goal'],
    [{ campaign_goal: '1000', campaign_currency: 'USD' }, 'Campaign goal'],
    [{ campaign_goal: 1000 }, 'Campaign currency'],
    [{ campaign_currency: 'DOLLARS' }, 'Campaign currency'],
    [{ campaign_ends_at: 'next week' }, 'Campaign end'],
    [{ campaign_ends_at: 1.5 }, 'Campaign end'],
  ])('refuses %j with 400 naming %s, storing nothing', async (campaign, field) => {
    const before = await t.handle.db.selectFrom('sponsored_submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const answer = await t.request('POST', '/submissions/sponsored', {
      ip: freshIp(),
      body: {
        project_name: 'Refused',
        project_url: 'https://www.kickstarter.com/projects/refused',
        contact_name: 'Ada',
        contact_email: 'ada@example.com',
        terms_accepted: true,
        ...campaign,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('VALIDATION_FAILED');
    expect(answer.body.message).toContain(field);
    const after = await t.handle.db.selectFrom('sponsored_submissions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('the link mailed when the sponsored post goes live', () => {
  it('mails the sponsor once, on the timeline, and answers the campaign without the link', async () => {
    const { submissionId, email, post, url, token } = await livePostWithLink();
    const timeline = ((await admin('GET', `/admin/submissions/sponsored/${submissionId}`)).body as SponsoredSubmissionDetailsJson).timeline;
    expect(timeline.map((event) => event.kind).slice(-3)).toEqual(['live_mail', 'campaign_link_mail', 'report_link_mail']);
    const mail = (await mailsTo(email)).find((sent) => sent.kind === 'sponsor_live');
    expect(mail?.text_body).toContain(`http://localhost/${post.slug}`);

    // The link is the one staff see on the post; the public answer never has it.
    expect((await factsOf(post.id)).update_url).toBe(url);
    const publicPost = await t.request('GET', `/posts/${post.slug}`);
    expect(JSON.stringify(publicPost.body)).not.toContain(token);

    const opened = await openLink(token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
    expect(opened.body).toMatchObject({ goal: 2_000_000, currency: 'USD', state: 'live' });
    expect(opened.body).not.toHaveProperty('update_url');

    // Saved again while live: no second mail, the same link.
    await publish(post.id);
    expect((await mailsTo(email)).filter((sent) => sent.kind === 'sponsor_live')).toHaveLength(1);
    expect((await openLink(token)).status).toBe(200);
  });

  it('mails no link for a post without a campaign', async () => {
    const { id, email } = await paidSubmission();
    const post = await draftOf(id);
    await publish(post.id);
    const live = (await mailsTo(email)).filter((sent) => sent.kind === 'sponsor_live');
    expect(live).toHaveLength(1);
    expect(live[0]?.text_body).not.toContain('/campaign-update/');
    expect(live[0]?.text_body).toContain('/sponsor-report/');
  });
});

describe('updates through the link', () => {
  it("applies pledged, backers, state and end as the creator's facts, with a revision and an audit entry", async () => {
    const { post, token, endsAt } = await livePostWithLink();
    const revisionsBefore = ((await admin('GET', `/admin/posts/${post.id}/revisions`)).body as { revisions: unknown[] }).revisions.length;
    const answer = await updateLink(token, { pledged: 4_821_000, backers: 241, ends_at: endsAt + DAY });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ pledged: 4_821_000, backers: 241, ends_at: endsAt + DAY, facts_source: 'creator', percent_funded: 241 });
    expect(answer.body).not.toHaveProperty('update_url');
    expect(await factsOf(post.id)).toMatchObject({ pledged: 4_821_000, backers: 241, facts_source: 'creator' });
    const revisionsAfter = ((await admin('GET', `/admin/posts/${post.id}/revisions`)).body as { revisions: unknown[] }).revisions.length;
    expect(revisionsAfter).toBeGreaterThan(revisionsBefore);
    const audit = await t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'campaign.update')
      .where('entity_id', '=', String(post.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ entity: 'post', user_id: null });
    expect(JSON.stringify(audit.detail)).toContain('creator');
    const history = await t.request('GET', `/posts/${post.slug}/campaign/history`);
    expect(history.body.points.at(-1)).toMatchObject({ pledged: 4_821_000, backers: 241 });

    const state = await updateLink(token, { state: 'successful' });
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ state: 'successful', pledged: 4_821_000 });

    // No ADMIN_NOTIFY_EMAIL here: the owner's account address hears of each update (decision 083).
    const notices = (await mailsTo(ADMIN_EMAIL)).filter((mail) => mail.kind === 'campaign_update_notification' && mail.text_body.includes(`/admin/posts/${post.id}`));
    expect(notices.map((mail) => mail.subject)).toEqual([`Campaign updated by its creator: ${post.title}`, `Campaign updated by its creator: ${post.title}`]);
    expect(notices[0]?.text_body).toContain('changed pledged, backers, ends_at');
  });

  it('makes one point of history per update on different days, each at its own time', async () => {
    const { post, token } = await livePostWithLink();
    const before = (await t.request('GET', `/posts/${post.slug}/campaign/history`)).body.points as unknown[];
    const firstDay = Date.now() + 1000;
    vi.useFakeTimers({ toFake: ['Date'], now: firstDay });
    try {
      expect((await updateLink(token, { pledged: 1_000_000, backers: 90 })).status).toBe(200);
      vi.setSystemTime(firstDay + DAY * 1000);
      expect((await updateLink(token, { pledged: 1_250_000, backers: 110 })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const points = (await t.request('GET', `/posts/${post.slug}/campaign/history`)).body.points as unknown[];
    const at = Math.floor(firstDay / 1000);
    expect(points.slice(before.length)).toEqual([
      { at, pledged: 1_000_000, backers: 90 },
      { at: at + DAY, pledged: 1_250_000, backers: 110 },
    ]);
  });

  it('refuses any other field with 400 naming it, and changes nothing', async () => {
    const { post, token } = await livePostWithLink();
    const before = await factsOf(post.id);
    for (const body of [{ goal: 1 }, { pledged: 5, title: 'Mine now' }, { currency: 'EUR' }]) {
      const answer = await updateLink(token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('VALIDATION_FAILED');
      expect(answer.body.message).toContain(Object.keys(body).find((field) => field !== 'pledged'));
    }
    for (const body of [{}, { pledged: -5 }, { backers: 1.5 }, { state: 'won' }]) {
      expect((await updateLink(token, body)).status).toBe(400);
    }
    expect(await factsOf(post.id)).toEqual({ ...before, seconds_left: expect.any(Number) });
  });

  it('answers 404 to a wrong token and changes nothing', async () => {
    const { post, token } = await livePostWithLink();
    const before = await factsOf(post.id);
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, 'nonsense', 'x'.repeat(500)]) {
      expect((await openLink(bad)).status).toBe(404);
      expect((await updateLink(bad, { pledged: 1 })).status).toBe(404);
    }
    expect((await factsOf(post.id)).pledged).toBe(before.pledged);
  });

  it('answers 404 to an expired link and changes nothing', async () => {
    const { post, token } = await livePostWithLink();
    await t.handle.db
      .updateTable('post_campaigns')
      .set({ update_token_expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('post_id', '=', post.id)
      .execute();
    expect((await openLink(token)).status).toBe(404);
    expect((await updateLink(token, { pledged: 1 })).status).toBe(404);
    expect((await factsOf(post.id)).pledged).toBeNull();
    expect((await factsOf(post.id)).update_url ?? null).toBeNull();
  });

  it('refuses updates past the limit of one link with 429, and requests past the limit of one address', async () => {
    const { token } = await livePostWithLink();
    for (let index = 0; index < PER_LINK; index += 1) expect((await updateLink(token, { backers: index })).status).toBe(200);
    const limited = await updateLink(token, { backers: 99 });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);

    const ip = freshIp();
    for (let index = 0; index < PER_IP; index += 1) expect((await openLink('not-a-token', ip)).status).toBe(404);
    expect((await openLink(token, ip)).status).toBe(429);
  });
});

describe("staff and the creator's link", () => {
  it('reissues: the old token gets 404 and changes nothing, the new one works and is on the post', async () => {
    const { post, token } = await livePostWithLink();
    const reissued = await admin('POST', `/admin/posts/${post.id}/campaign/update-link`);
    expect(reissued.status).toBe(201);
    const newUrl: string = reissued.body.update_url;
    expect(newUrl).toMatch(/^http:\/\/localhost\/campaign-update\/[A-Za-z0-9_-]{43}$/);
    expect(tokenOf(newUrl)).not.toBe(token);
    expect((await openLink(token)).status).toBe(404);
    expect((await updateLink(token, { pledged: 1 })).status).toBe(404);
    expect((await factsOf(post.id)).pledged).toBeNull();
    expect((await factsOf(post.id)).update_url).toBe(newUrl);
    expect((await updateLink(tokenOf(newUrl), { pledged: 1 })).status).toBe(200);

    const audit = await t.handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'campaign_link.issue').orderBy('id', 'desc').executeTakeFirst();
    expect(audit).toMatchObject({ entity: 'post', entity_id: String(post.id) });
    expect(JSON.stringify(audit)).not.toContain(tokenOf(newUrl));
  });

  it('revokes: the link gets 404 and the post carries none', async () => {
    const { post, token } = await livePostWithLink();
    expect((await admin('DELETE', `/admin/posts/${post.id}/campaign/update-link`)).status).toBe(204);
    expect((await openLink(token)).status).toBe(404);
    expect((await updateLink(token, { backers: 3 })).status).toBe(404);
    expect((await factsOf(post.id)).update_url ?? null).toBeNull();
    expect((await factsOf(post.id)).backers).toBeNull();
  });

  it('opens by its hash on a server whose key did not seal it, where staff read that it was sealed with another key', async () => {
    const { post, token } = await livePostWithLink();
    const other = serverWithAnotherKey(t);

    expect((await other.request('GET', `/campaign-update/${token}`, { ip: freshIp() })).status).toBe(200);
    // The creator's page is rendered from the service.
    expect((await other.services.campaignUpdates.page(token, { clientIp: freshIp() })).expires_at).toBeGreaterThan(Date.now() / 1000);
    expect((await other.request('PUT', `/campaign-update/${token}`, { ip: freshIp(), body: { backers: 7 } })).status).toBe(200);
    const seen = (await other.request('GET', `/admin/posts/${post.id}`, { token: await t.adminToken() })).body as { campaign: CampaignJson };
    expect(seen.campaign.backers).toBe(7);
    expect(seen.campaign.update_url).toBeNull();
    expect(seen.campaign.update_url_problem).toMatch(/^Sealed with another key: .*TOTP_ENCRYPTION_KEY/);
    expect((await factsOf(post.id)).update_url_problem ?? null).toBeNull();
  });

  it('refuses a link for a post without a campaign, and answers 401 without sign-in', async () => {
    const { id } = await paidSubmission();
    const post = await draftOf(id);
    expect((await admin('POST', `/admin/posts/${post.id}/campaign/update-link`)).status).toBe(409);
    expect((await t.request('POST', `/admin/posts/${post.id}/campaign/update-link`)).status).toBe(401);
  });
});

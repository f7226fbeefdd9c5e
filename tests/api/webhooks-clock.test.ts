/**
 * The webhooks the clock makes (decision 100), on both engines (the api and
 * api-postgres projects), on a controlled clock: a scheduled post's
 * `post.published` at the second it goes live, not at its save; a
 * campaign's `campaign.ended` at the second its end passes, once, not again
 * when a later save records the platform's result, again for a new end
 * staff give it; told once however many servers look; and what was
 * already live or over when the migration ran is not told at all.
 */
import { Migrator, type Migration } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrationsFor } from '../../server/db/migrate.ts';
import { DEFAULT_JOBS_OPTIONS, Jobs } from '../../server/jobs/jobs.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { campaignFacts, postWithCampaign } from '../helpers/follows.ts';
import { createPost, type SavedPost } from '../helpers/posts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

let t: TestApp;
let receiver: WebhookReceiver;
const admin = adminCalls(() => t, { prefix: '/admin/webhooks' });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' }, webhookSendLimits: { timeoutMs: 2000 } });
  await t.services.webhookClock.start();
  await t.deps.jobs.whenIdle();
});

afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

afterEach(async () => {
  vi.useRealTimers();
  receiver.received.length = 0;
  for (const endpoint of (await admin('GET', '')).body.endpoints) await admin('DELETE', `/${endpoint.id}`);
  await t.deps.jobs.whenIdle();
});

async function createEndpoint(events: string[]) {
  const response = await admin('POST', '', { url: receiver.url, events });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

/** The clock held at the real second, from which a test moves it. */
const startClock = () => {
  vi.useRealTimers();
  const start = Math.floor(Date.now() / 1000);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start * 1000);
  return start;
};
const setClock = (second: number) => vi.setSystemTime(second * 1000);

/** The second an event says it happened. */
const secondOf = (request: { event: { timestamp: string } } | undefined) => Math.floor(new Date(request?.event.timestamp ?? 0).getTime() / 1000);

const editCampaign = async (post: SavedPost, campaign: Record<string, unknown>) =>
  t.request<SavedPost>('PUT', `/admin/posts/${post.id}`, { token: await t.adminToken(), body: { ...post, category_ids: [], campaign } });

describe('The webhooks the clock makes', () => {
  it("tell of a scheduled post when it goes live, at that second, and not when it is saved", async () => {
    const start = startClock();
    await createEndpoint(['post.published', 'post.updated', 'post.unpublished']);
    const post = await createPost(t, { published_at: start + 30 });
    const edited = await t.request<SavedPost>('PUT', `/admin/posts/${post.id}`, { token: await t.adminToken(), body: { ...post, title: 'Still to come', category_ids: [] } });
    expect(edited.status).toBe(200);
    await t.deps.jobs.whenIdle();
    expect(receiver.received).toEqual([]);

    setClock(start + 29);
    await t.deps.jobs.whenIdle();
    expect(receiver.received).toEqual([]);

    setClock(start + 30);
    await t.deps.jobs.whenIdle();
    expect(receiver.received.map((request) => request.event.type)).toEqual(['post.published']);
    const [published] = receiver.received;
    expect(published?.event.data).toMatchObject({ id: post.id, title: 'Still to come', state: 'published', published_at: start + 30 });
    expect(Math.abs(secondOf(published) - (start + 30))).toBeLessThanOrEqual(1);

    // Told once: a later look, and a save of the live post, tell no second publication.
    setClock(start + 90);
    await t.deps.jobs.whenIdle();
    expect((await t.request('PUT', `/admin/posts/${post.id}`, { token: await t.adminToken(), body: { ...edited.body, title: 'Live now', category_ids: [] } })).status).toBe(200);
    await t.deps.jobs.whenIdle();
    expect(receiver.received.map((request) => request.event.type)).toEqual(['post.published', 'post.updated']);
  });

  it("tell of a campaign's end at the second it passes, once, and again for a new end", async () => {
    const start = startClock();
    await createEndpoint(['campaign.updated', 'campaign.ended']);
    const facts = campaignFacts({ ends_at: start + 40 });
    const post = await postWithCampaign(t, facts);
    await t.deps.jobs.whenIdle();

    setClock(start + 39);
    await t.deps.jobs.whenIdle();
    expect(receiver.ofType('campaign.ended')).toEqual([]);

    setClock(start + 40);
    await t.deps.jobs.whenIdle();
    const [ended] = receiver.ofType('campaign.ended');
    expect(receiver.ofType('campaign.ended')).toHaveLength(1);
    expect(ended?.event.data).toMatchObject({ post_id: post.id, state: 'live', ends_at: start + 40 });
    expect(Math.abs(secondOf(ended) - (start + 40))).toBeLessThanOrEqual(1);

    // The platform's result recorded later: its facts changed, but that end was told.
    setClock(start + 60);
    const recorded = await editCampaign(post, { ...facts, state: 'successful', pledged: 2_500_000 });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    await t.deps.jobs.whenIdle();
    expect(receiver.ofType('campaign.updated').map((request) => request.event.data.state)).toEqual(['successful']);
    expect(receiver.ofType('campaign.ended')).toHaveLength(1);

    // Staff give it a later end: when that passes, it is a new end.
    const extended = await editCampaign(recorded.body, { ...facts, state: 'live', ends_at: start + 100 });
    expect(extended.status).toBe(200);
    await t.deps.jobs.whenIdle();
    expect(receiver.ofType('campaign.ended')).toHaveLength(1);
    setClock(start + 100);
    await t.deps.jobs.whenIdle();
    expect(receiver.ofType('campaign.ended').map((request) => request.event.data.ends_at)).toEqual([start + 40, start + 100]);
  });

  it('tell nothing, and queue nothing, with no endpoint of the event', async () => {
    const start = startClock();
    await createEndpoint(['post.updated']);
    await createPost(t, { published_at: start + 10 });
    await postWithCampaign(t, campaignFacts({ ends_at: start + 10 }));
    setClock(start + 10);
    await t.deps.jobs.whenIdle();
    const deliveries = await t.handle.db.selectFrom('webhook_deliveries').select('event_type').where('event_type', 'in', ['post.published', 'campaign.ended']).execute();
    expect(deliveries).toEqual([]);
    expect(receiver.received).toEqual([]);
  });

  it('tell an end once however many servers look', async () => {
    const start = startClock();
    await createEndpoint(['campaign.ended']);
    const logger = pino({ level: 'silent' });
    const servers = [0, 1, 2].map(() => new Jobs({ db: t.handle.db, engine: t.handle.engine, logger }, DEFAULT_JOBS_OPTIONS));
    for (const server of servers) {
      server.register(t.services.webhookClock.clockJob);
      server.register(t.services.webhooks.deliveryJob);
    }
    // The writes' own process does not run them: the three others race for them, and each starts the clock.
    await t.deps.jobs.stop(1000);
    try {
      const post = await postWithCampaign(t, campaignFacts({ ends_at: start + 20 }));
      await Promise.all(servers.map(() => t.services.webhookClock.start()));
      await Promise.all(servers.map((server) => server.whenIdle()));
      setClock(start + 20);
      await Promise.all(servers.map((server) => server.whenIdle()));
      await Promise.all(servers.map((server) => server.whenIdle()));
      expect(receiver.ofType('campaign.ended').map((request) => request.event.data.post_id)).toEqual([post.id]);
    } finally {
      t.deps.jobs.start();
    }
  });

  it('count what was live or over when their migration ran as told', async () => {
    const start = startClock();
    const m = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' }, webhookSendLimits: { timeoutMs: 2000 } });
    try {
      const live = await createPost(m, { published_at: start - 3600 });
      const ended = await createPost(m, {
        published_at: start - 3600,
        campaign_url: 'https://www.kickstarter.com/projects/someone/over',
        campaign: campaignFacts({ launched_at: start - 7200, ends_at: start - 10 }),
      });
      const scheduled = await createPost(m, { published_at: start + 30 });
      await m.deps.jobs.whenIdle();
      // As before the migration: nothing kept of what was told.
      const { db, engine } = m.handle;
      await db.deleteFrom('webhook_clock_events').execute();
      const migrator = new Migrator({ db, provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrationsFor(engine) } });
      expect((await migrator.migrateTo('2026-12-07-0039-author-slug-history')).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const told = await db.selectFrom('webhook_clock_events').select(['event', 'post_id']).orderBy('event').orderBy('post_id').execute();
      expect(told.map((row) => [row.event, Number(row.post_id)])).toEqual([
        ['campaign.ended', ended.id],
        ['post.published', live.id],
        ['post.published', ended.id],
      ]);

      const endpoint = await m.request('POST', '/admin/webhooks', { token: await m.adminToken(), body: { url: receiver.url, events: ['post.published', 'campaign.ended'] } });
      expect(endpoint.status).toBe(201);
      await m.services.webhookClock.start();
      setClock(start + 30);
      await m.deps.jobs.whenIdle();
      expect(receiver.received.map((request) => [request.event.type, request.event.data.id])).toEqual([['post.published', scheduled.id]]);
    } finally {
      await m.close();
    }
  });
});

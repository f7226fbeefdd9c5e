/**
 * The webhooks the clock makes (decision 100): a scheduled post's
 * `post.published` at the second it goes live, and a campaign's
 * `campaign.ended` at the second its end passes, though no one saves
 * anything then. One recurring durable job for all servers (one row by its
 * key, like the CDN's clock), waiting for the next such second, brought
 * forward by every write (which may schedule a post or move an end) and
 * started by every server's start. What was told is kept
 * (`webhook_clock_events`), in the transaction of its deliveries, so a save
 * that notices first, a run taken over from a dead server or a result
 * recorded later never tells it again; a save that takes the post off the
 * site, or gives its campaign a new end to run to, forgets it, so the next
 * one is news. With no endpoint of an event nothing is queued, but what
 * happened is still kept as told: an endpoint added later is not told of
 * the past.
 */
import type { PostJson } from '../../../common/answers.ts';
import { nextMomentAt, type FollowMoment } from '../../../common/follow.ts';
import { siteOrigin } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import { listCampaignClocks } from '../../db/queries/cdn-purges.ts';
import { readNextPublication } from '../../db/queries/content.ts';
import { forgetTold, listCampaignsEndedSince, listPostsGoneLive, markTold, type ClockEvent } from '../../db/queries/webhook-clock.ts';
import type { Db } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { JobKind, JobOutcome } from '../../jobs/jobs.ts';
import { campaignData, isCampaignEnded, isLive, postData, postRemoveEvents, postSaveEvents } from '../../webhooks/events.ts';
import type { WebhooksService } from './webhooks.ts';

/** The clock's job looks again at least this often, whatever it expects. */
const CLOCK_LOOK_SECONDS = 60 * 60;
/**
 * How far back a run looks for what the clock made so and no one told (all
 * servers down, a write during a run): a day. Older, it is no longer news.
 */
const LOOK_BACK_SECONDS = 24 * 60 * 60;
const CLOCK_KEY = 'webhook-clock';
/** Only the end is the clock's to tell; the other moments are the follow alerts'. */
const END_ONLY: ReadonlySet<FollowMoment> = new Set(['launched', 'ending', 'funded']);

interface ClockPayload {
  /** The second of the write that brought the job forward; null at a start. */
  after: number | null;
}

export function webhookClockService(deps: AppDeps, webhooks: WebhooksService, posts: { findById(id: number): Promise<PostJson> }) {
  const { db, jobs } = deps;
  const origin = siteOrigin(deps.config);

  /** Tells `event` of a post unless it was told, in one transaction with its deliveries; false when it was. */
  async function tellOnce(post: PostJson, event: ClockEvent, now: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await markTold(trx, event, post.id, now))) return false;
      await webhooks.emit(trx, event, event === 'post.published' ? postData(post, origin) : campaignData(post, origin));
      return true;
    });
  }

  const readPost = (id: number) => posts.findById(id).catch(() => null);

  const clockJob: JobKind<ClockPayload> = {
    name: 'webhook-clock',
    maxAttempts: 40,
    async run(): Promise<JobOutcome> {
      const now = nowSeconds();
      const since = now - LOOK_BACK_SECONDS;
      let told = false;
      for (const id of await listPostsGoneLive(db, since, now)) {
        const post = await readPost(id);
        if (post && isLive(post, now)) told = (await tellOnce(post, 'post.published', now)) || told;
      }
      for (const campaign of await listCampaignsEndedSince(db, since, now)) {
        const post = await readPost(campaign.post_id);
        if (post && isLive(post, now) && isCampaignEnded(post, now)) told = (await tellOnce(post, 'campaign.ended', now)) || told;
      }
      if (told) webhooks.wake();
      const [nextPublication, clocks] = await Promise.all([readNextPublication(db, now), listCampaignClocks(db, now)]);
      const next = clocks.reduce<number | null>((earliest, clock) => {
        const at = nextMomentAt({ ...clock, backers: null }, now, END_ONLY);
        return at !== null && (earliest === null || at < earliest) ? at : earliest;
      }, nextPublication);
      return { runAgainAt: Math.min(next ?? now + CLOCK_LOOK_SECONDS, now + CLOCK_LOOK_SECONDS) };
    },
  };

  // A write may schedule a post or move an end: the clock looks again once it has committed.
  deps.contentChanges.alsoRecord('webhook-clock', (trx: Db) => jobs.runSoon(trx, clockJob, { after: nowSeconds() }, CLOCK_KEY).then(() => undefined));

  return {
    clockJob,

    /** Starts the clock's job unless it is waiting already (every server's start; one row for all). */
    async start(): Promise<void> {
      if (await jobs.ensure(db, clockJob, { after: null }, CLOCK_KEY, nowSeconds())) jobs.wake();
    },

    /**
     * A post's save, in its transaction: its events, with what was told
     * kept, so the clock does not tell a post the save made live, nor an
     * end the save told, and the save does not tell an end the clock told.
     */
    async postChanged(trx: Db, post: PostJson, before: PostJson | undefined): Promise<void> {
      const now = nowSeconds();
      for (const event of postSaveEvents(before, post, origin, now)) {
        if (event.type === 'post.published' || event.type === 'post.updated') {
          // Live by the clock and not yet told by it: this save tells it.
          const first = await markTold(trx, 'post.published', post.id, now);
          await webhooks.emit(trx, first ? 'post.published' : event.type, event.data);
        } else if (event.type === 'campaign.ended') {
          if (await markTold(trx, 'campaign.ended', post.id, now)) await webhooks.emit(trx, event.type, event.data);
        } else await webhooks.emit(trx, event.type, event.data);
      }
      if (!isLive(post, now)) await forgetTold(trx, 'post.published', post.id);
      if (!isCampaignEnded(post, now)) await forgetTold(trx, 'campaign.ended', post.id);
      // Put on the site with its campaign already over: that end is not news.
      else if (isLive(post, now) && !isLive(before, now)) await markTold(trx, 'campaign.ended', post.id, now);
    },

    /** A post about to be removed, in its transaction (what was told goes with it). */
    async postRemoved(trx: Db, post: PostJson): Promise<void> {
      for (const event of postRemoveEvents(post, origin, nowSeconds())) await webhooks.emit(trx, event.type, event.data);
    },
  };
}

export type WebhookClockService = ReturnType<typeof webhookClockService>;

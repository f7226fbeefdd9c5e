/**
 * Reading campaigns from their platforms, off until the owner turns it on
 * (decision 061): an editor's pasted URL gives the page's title, image and
 * description; a Kickstarter campaign's pledged, backers and state are read
 * from its stats document when staff ask and every 6 hours while it is live,
 * for a week after its end at most. Each refresh is a durable job, one per
 * campaign (its key is the post's), and its result is written only through
 * `campaigns.applyFacts`, as a creator's is. A refresh that fails keeps the
 * stored facts and leaves its error on the campaign for staff to see.
 */
import type { CampaignFetchingSettingsJson, CampaignPreviewJson, CampaignRefreshJson, PostJson } from '../../../common/answers.ts';
import { lastRefreshAt } from '../../../common/campaign.ts';
import { parseVideoUrl } from '../../../common/campaign-video.ts';
import { DomainError, notFound } from '../../../common/errors.ts';
import { campaignFetchingSettingsSchema, campaignPreviewSchema } from '../../../common/schemas/campaign-fetching.ts';
import { validate } from '../../../common/validate.ts';
import type { Caller, Staff } from '../../auth/caller.ts';
import { parseKickstarterStats, statsUrl } from '../../campaigns/kickstarter-stats.ts';
import { readOpenGraph } from '../../campaigns/open-graph.ts';
import { nextRefreshAt, refreshesAt, isRefreshable, REFRESH_INTERVAL_SECONDS } from '../../campaigns/refresh-schedule.ts';
import { anyAddress, DEFAULT_FETCH_LIMITS, fetchFailed, publicOnly, safeFetch, safeFetchBytes, type FetchPolicy } from '../../campaigns/safe-fetch.ts';
import { posterLookup, thumbnailOfOembed, VIDEO_POSTER_SOURCES } from '../../campaigns/video-poster.ts';
import { siteOrigin } from '../../config.ts';
import { nowSeconds } from '../../db/database.ts';
import { findRefreshTarget, listRefreshTargets } from '../../db/queries/campaign-refreshes.ts';
import { findCampaign, setVideoPoster } from '../../db/queries/campaigns.ts';
import type { Db } from '../../db/schema.ts';
import { sniffRasterFormat, SNIFF_BYTES } from '../../storage/image-type.ts';
import type { AppDeps } from '../../deps.ts';
import type { JobKind, JobOutcome } from '../../jobs/jobs.ts';
import type { AuditLogService } from '../site/audit-log.ts';
import type { MediaService } from '../site/media.ts';
import type { ContentService } from '../content/content.ts';
import type { CampaignsService } from './campaigns.ts';
import { ownerSwitch } from '../owner-switch.ts';


export const FETCHING_OFF_MESSAGE =
  'Reading campaign pages is off. The owner can turn it on in Settings, under Campaign pages.';

export interface RefreshPayload {
  postId: number;
}

const refreshKey = (postId: number) => `campaign-refresh:${postId}`;

/** Printable ASCII only: a header value cannot carry the rest. */
const headerText = (text: string) => text.replace(/[^\x20-\x7e]/g, '').trim();

/** A campaign video whose poster is to be read: the post, and the video it is for. */
export interface PosterPayload {
  postId: number;
  videoUrl: string;
}

const posterKey = (postId: number) => `video-poster:${postId}`;

/** Raster formats a poster may be stored as, by what its bytes are. */
const POSTER_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

export function campaignRefreshService(
  deps: AppDeps,
  audit: AuditLogService,
  campaigns: Pick<CampaignsService, 'applyFacts' | 'refreshFailed'>,
  posters: { media: Pick<MediaService, 'importImage'>; posts: Pick<ContentService, 'touchBeside'> },
) {
  const { db, jobs, config, siteProfileCache } = deps;
  const fetching = ownerSwitch({ db, audit }, { key: 'campaign_fetching', enabledByDefault: false, schema: campaignFetchingSettingsSchema });
  const fetchingSettings = (fresh = false): Promise<CampaignFetchingSettingsJson> => fetching.read(fresh);

  async function requireFetching(): Promise<void> {
    if (!(await fetchingSettings()).enabled) throw new DomainError('CAMPAIGN_FETCHING_OFF', FETCHING_OFF_MESSAGE);
  }

  /** The site names itself in every request, so the platform knows who reads and where to complain. */
  async function policy(accept: string): Promise<FetchPolicy> {
    const name = headerText(await siteProfileCache.siteName()) || 'Crowdfunding Showcase';
    return {
      ...DEFAULT_FETCH_LIMITS,
      ...deps.campaignFetchLimits,
      isAllowedAddress: config.CAMPAIGN_FETCH_ALLOW_PRIVATE ? anyAddress : publicOnly,
      userAgent: `${name} (+${siteOrigin(config)})`,
      accept,
    };
  }

  /** Reads the stats and applies them; a failure of the platform's is kept on the campaign, never thrown. */
  async function refresh({ postId }: RefreshPayload): Promise<JobOutcome | undefined> {
    // Turned off meanwhile: nothing is read, and the schedule ends until it is turned on again.
    if (!(await fetchingSettings(true)).enabled) return undefined;
    const target = await findRefreshTarget(db, postId);
    if (!target || !isRefreshable(target)) return undefined;
    try {
      const page = await safeFetch(statsUrl(target.url), await policy('application/json'));
      if (page.status !== 200) {
        throw fetchFailed(
          page.status === 403 || page.status === 429
            ? `Kickstarter refused the request (${page.status}): it limits automated reading`
            : `Kickstarter answered ${page.status}`,
        );
      }
      if (/html/i.test(page.contentType) || /^\s*</.test(page.body)) {
        throw fetchFailed('Kickstarter answered a web page instead of the stats (a challenge page)');
      }
      // Applied as a creator's would be: a snapshot, a revision, an audit entry; the last error cleared.
      await campaigns.applyFacts(postId, parseKickstarterStats(page.body, target.currency), { source: 'refresh' });
    } catch (error) {
      // The database or a bug: the job is tried again later.
      if (!(error instanceof DomainError)) throw error;
      await campaigns.refreshFailed(postId, error.message);
    }
    // The next one comes 6 hours after this one, unless the schedule has ended by then.
    const after = await findRefreshTarget(db, postId);
    const last = after ? lastRefreshAt(after) : null;
    const next = after && last !== null ? nextRefreshAt(after, last) : null;
    return next === null ? undefined : { runAgainAt: next };
  }

  const refreshJob: JobKind<RefreshPayload> = { name: 'campaign-refresh', maxAttempts: 3, run: refresh };

  /**
   * Reads a campaign video's poster from its host and stores it here,
   * resized like covers (decision 094). Nothing is read while reading
   * campaign pages is off; a host that fails leaves the neutral
   * placeholder, logged, never a link to the host's image.
   */
  async function readPoster({ postId, videoUrl }: PosterPayload): Promise<undefined> {
    if (!(await fetchingSettings(true)).enabled) return undefined;
    const stored = await findCampaign(db, postId);
    const video = parseVideoUrl(videoUrl);
    if (!stored || stored.video_url !== videoUrl || stored.video_poster !== null || !video) return undefined;
    const sources = deps.videoPosterSources ?? VIDEO_POSTER_SOURCES;
    try {
      const lookup = posterLookup(video, videoUrl, sources);
      let thumbnail: string;
      if ('oembed' in lookup) {
        const answer = await safeFetch(lookup.oembed, await policy('application/json'));
        if (answer.status !== 200) throw fetchFailed(`The video host answered ${answer.status}`);
        thumbnail = thumbnailOfOembed(answer.body);
      } else {
        thumbnail = lookup.thumbnail;
      }
      const image = await safeFetchBytes(thumbnail, await policy('image/webp,image/jpeg,image/png'));
      if (image.status !== 200) throw fetchFailed(`The video host answered ${image.status} for the poster`);
      const format = sniffRasterFormat(image.body.subarray(0, SNIFF_BYTES));
      if (format === null || format === 'gif') throw fetchFailed('The video host answered no JPEG, PNG or WebP image for the poster');
      const key = await posters.media.importImage(`${video.host}-${video.id}-poster.${format === 'jpeg' ? 'jpg' : format}`, POSTER_TYPES[format], image.body);
      // The post's pages show it from now: their kept copies go, as for any change of the post.
      await posters.posts.touchBeside(postId, async (trx) => {
        await setVideoPoster(trx, postId, videoUrl, `/${key}`);
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      deps.logger.warn({ postId, videoUrl, reason: error.message }, 'campaign video: the poster could not be read; the placeholder stays');
    }
    return undefined;
  }

  const posterJob: JobKind<PosterPayload> = { name: 'video-poster', maxAttempts: 3, run: readPoster };

  /**
   * Gives every campaign that is refreshed on schedule its job, at 6 hours
   * after its last refresh (now, for one never refreshed); one that has a
   * job keeps it. Run hourly and when the owner turns reading on.
   */
  async function scheduleRefreshes(): Promise<number> {
    if (!(await fetchingSettings(true)).enabled) return 0;
    const now = nowSeconds();
    let added = 0;
    for (const target of await listRefreshTargets(db)) {
      const last = lastRefreshAt(target);
      const runAt = last === null ? now : Math.max(now, last + REFRESH_INTERVAL_SECONDS);
      // Due by the schedule at the time it would run, not just now: the last one may have been the last.
      if (!refreshesAt(target, runAt)) continue;
      if (await jobs.ensure(db, refreshJob, { postId: target.post_id }, refreshKey(target.post_id), runAt)) added += 1;
    }
    if (added > 0) jobs.wake();
    return added;
  }

  return {
    refreshJob,
    posterJob,
    scheduleRefreshes,

    /** In a post's save: a video without its poster gets a job to read one (which does nothing while reading is off). */
    async notePoster(trx: Db, post: PostJson): Promise<void> {
      const campaign = post.campaign;
      if (!campaign?.video_url || (campaign.video_poster ?? null) !== null) return;
      await jobs.enqueue(trx, posterJob, { postId: post.id, videoUrl: campaign.video_url }, { dedupeKey: posterKey(post.id) });
    },

    settings: (): Promise<CampaignFetchingSettingsJson> => fetchingSettings(true),

    async updateSettings(staff: Staff, values: unknown, caller: Caller): Promise<CampaignFetchingSettingsJson> {
      const { before, after } = await fetching.write(staff, values, caller);
      if (after.enabled && !before.enabled) await scheduleRefreshes();
      return after;
    },

    /** The title, image and description a campaign page gives for sharing, for the editor to fill empty fields with. */
    async preview(values: unknown): Promise<CampaignPreviewJson> {
      const { url } = validate(campaignPreviewSchema, values);
      await requireFetching();
      const page = await safeFetch(url, await policy('text/html,application/xhtml+xml'));
      if (page.status !== 200) throw fetchFailed(`The campaign page answered ${page.status}`);
      if (!/html/i.test(page.contentType)) throw fetchFailed('The campaign URL is not a web page');
      return readOpenGraph(page.body, page.url);
    },

    /** Staff's "Refresh now": the campaign's job, due at once (false when one is running). */
    async refreshNow(postId: number): Promise<CampaignRefreshJson> {
      await requireFetching();
      const target = await findRefreshTarget(db, postId);
      if (!target) throw notFound('This post has no campaign');
      if (!isRefreshable(target)) {
        const message = 'Only a Kickstarter campaign with a URL can be refreshed';
        throw new DomainError('VALIDATION_FAILED', message, { fieldErrors: { campaign: message } });
      }
      const queued = await jobs.runSoon(db, refreshJob, { postId }, refreshKey(postId));
      jobs.wake();
      return { queued };
    },
  };
}

export type CampaignRefreshService = ReturnType<typeof campaignRefreshService>;

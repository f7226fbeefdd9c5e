/**
 * Campaigns beside the editor's form: the history of a campaign's numbers,
 * and the one way its creator or a refresh from the platform changes its
 * facts. An editor's facts come with the post's own save (services/content/content.ts);
 * these come on the same path (a revision of the post, its next version,
 * the caches told) plus an audit entry saying who gave them.
 */
import type { CampaignFacts, FactsSource } from '../../../common/campaign.ts';
import type { CampaignHistoryJson, PostJson } from '../../../common/answers.ts';
import { DomainError, notFound } from '../../../common/errors.ts';
import { nowSeconds } from '../../db/database.ts';
import {
  factsOf,
  findCampaign,
  listSnapshots,
  nextCampaignFilterChange,
  saveCampaign,
  setRefreshError,
  type CampaignRow,
} from '../../db/queries/campaigns.ts';
import type { Db } from '../../db/schema.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuditLogService } from '../site/audit-log.ts';
import type { ContentService } from '../content/content.ts';

/** What a creator or a refresh may change. */
export type FactChanges = Partial<Pick<CampaignFacts, 'pledged' | 'backers' | 'state' | 'ends_at'>>;

/** Who gives the facts: the creator (through their link, from an address) or a refresh; staff when they asked for it. */
export interface FactsGiver {
  source: Exclude<FactsSource, 'editor'>;
  ipAddress?: string | null;
  userId?: number | null;
  userEmail?: string | null;
}

const CHANGEABLE = ['pledged', 'backers', 'state', 'ends_at'] as const;

export function campaignsService(deps: AppDeps, posts: ContentService, auditLog: AuditLogService) {
  const { db } = deps;
  const noCampaign = () => notFound('Campaign not found');

  return {
    /** The history of a published post's campaign, oldest first (GET /api/posts/{slug}/campaign/history). */
    async history(slug: string): Promise<CampaignHistoryJson> {
      const post = (await posts.findPublished(slug)) as PostJson | undefined;
      if (!post?.campaign) throw noCampaign();
      return { points: await listSnapshots(db, post.id) };
    },

    /**
     * The next second at which the clock alone moves a campaign into or out
     * of a list filter (a launch, 72 hours after it, the last 48 hours, an
     * end); null when none is ahead. A list filtered or ordered by campaign
     * expires then, whether or not it shows that campaign yet.
     */
    nextListChange(): Promise<number | null> {
      return nextCampaignFilterChange(db, nowSeconds());
    },

    /** The history of any post's campaign, by id (the back office, the post page's loader). */
    async historyOf(postId: number): Promise<CampaignHistoryJson> {
      return { points: await listSnapshots(db, postId) };
    },

    /**
     * Applies the changes of a creator or a refresh: the facts are stamped
     * with their source and the time, the numbers recorded as a point of
     * history, the post keeps a revision and moves to its next version.
     * Changes that change nothing only stamp the facts as confirmed.
     */
    async applyFacts(postId: number, changes: FactChanges, giver: FactsGiver): Promise<PostJson> {
      const now = nowSeconds();
      const stamp = { facts_updated_at: now, facts_source: giver.source };
      const changedIn = (before: CampaignRow) =>
        CHANGEABLE.filter((field) => changes[field] !== undefined && changes[field] !== before[field]);
      const stored = await findCampaign(db, postId);
      if (!stored) throw noCampaign();
      let changed = changedIn(stored);
      let saved: PostJson;
      let versions: { before: number; after: number };
      if (changed.length === 0) {
        // Confirmed numbers are stamped fresh, without a revision of nothing; every server shows the new "as of".
        await posts.touchBeside(postId, async (trx) => {
          await saveCampaign(trx, postId, { ...factsOf(stored), ...stamp });
          if (giver.source === 'refresh') await setRefreshError(trx, postId, null, now);
        });
        saved = (await posts.findById(postId)) as PostJson;
        versions = { before: saved.version, after: saved.version };
      } else {
        const actor = giver.userId ? { userId: giver.userId } : undefined;
        let before = 0;
        saved = (await posts.editBeside(postId, actor, async (trx: Db, current) => {
          const latest = await findCampaign(trx, postId);
          if (!latest) throw noCampaign();
          const facts = { ...factsOf(latest), ...changes };
          if (facts.ends_at !== null && facts.launched_at !== null && facts.ends_at < facts.launched_at) {
            const message = 'Ends at must not be before the launch';
            throw new DomainError('VALIDATION_FAILED', message, { fieldErrors: { ends_at: message } });
          }
          changed = changedIn(latest);
          await saveCampaign(trx, postId, { ...facts, ...stamp });
          if (giver.source === 'refresh') await setRefreshError(trx, postId, null, stamp.facts_updated_at);
          before = current.version;
          return true;
        })) as PostJson;
        versions = { before, after: saved.version };
      }
      await auditLog.record({
        userId: giver.userId ?? null,
        userEmail: giver.userEmail ?? null,
        ipAddress: giver.ipAddress ?? null,
        action: 'campaign.update',
        entity: 'post',
        entityId: postId,
        versionBefore: versions.before,
        versionAfter: versions.after,
        detail: { source: giver.source, fields: changed },
      });
      return saved;
    },

    /** Keeps the facts and records why a refresh failed, for staff to see. */
    async refreshFailed(postId: number, error: string): Promise<void> {
      await posts.touchBeside(postId, (trx) => setRefreshError(trx, postId, error.slice(0, 500), nowSeconds()));
    },
  };
}

export type CampaignsService = ReturnType<typeof campaignsService>;

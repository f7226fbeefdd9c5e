/**
 * The campaigns a refresh from the platform reads: their facts with the
 * post's link (`posts.campaign_url`) and the last refresh's error time.
 */
import type { CampaignFacts } from '../../../common/campaign.ts';
import type { Db } from '../schema.ts';

export interface RefreshTarget extends Pick<CampaignFacts, 'platform' | 'url' | 'currency' | 'state' | 'ends_at' | 'facts_source' | 'facts_updated_at'> {
  post_id: number;
  refresh_error_at: number | null;
}

function targets(db: Db) {
  return db
    .selectFrom('post_campaigns')
    .innerJoin('posts', 'posts.id', 'post_campaigns.post_id')
    .select([
      'post_campaigns.post_id',
      'post_campaigns.platform',
      'posts.campaign_url as url',
      'post_campaigns.currency',
      'post_campaigns.state',
      'post_campaigns.ends_at',
      'post_campaigns.facts_source',
      'post_campaigns.facts_updated_at',
      'post_campaigns.refresh_error_at',
    ]);
}

export async function findRefreshTarget(db: Db, postId: number): Promise<RefreshTarget | undefined> {
  return targets(db).where('post_campaigns.post_id', '=', postId).executeTakeFirst();
}

/** Every Kickstarter campaign with a link, whatever its state: the schedule decides which are due. */
export async function listRefreshTargets(db: Db): Promise<RefreshTarget[]> {
  return targets(db)
    .where('post_campaigns.platform', '=', 'kickstarter')
    .where('posts.campaign_url', 'is not', null)
    .orderBy('post_campaigns.post_id')
    .execute();
}

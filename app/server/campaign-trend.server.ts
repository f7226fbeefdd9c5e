/**
 * A post's campaign trend for its page: the history of pledges, thinned out
 * for the chart, and what is still needed a day, through the campaigns
 * service in process (one read of the whole history, whatever its length).
 */
import type { AppLoadContext } from 'react-router';
import { neededPerDay, type CampaignJson } from '../../common/campaign.ts';
import { downsamplePoints, packHistory, type CampaignTrend, type PledgedPoint } from '../lib/campaign-chart.ts';

/** The trend of a post's campaign; null for a post without one. */
export async function loadCampaignTrend(
  context: AppLoadContext,
  post: { id: number; campaign: CampaignJson | null },
): Promise<CampaignTrend | null> {
  const { campaign } = post;
  if (!campaign) return null;
  const [history, profile] = await Promise.all([context.services.campaigns.historyOf(post.id), context.services.siteProfile.current()]);
  // The chart draws pledges only: backers stay out of the page's data, and so do points without an amount.
  const points = history.points.flatMap(({ at, pledged }): PledgedPoint[] => (pledged === null ? [] : [{ at, pledged }]));
  return {
    history: packHistory(downsamplePoints(points, { goal: campaign.goal })),
    goal: campaign.goal,
    currency: campaign.currency,
    timeZone: profile.time_zone,
    neededPerDay: neededPerDay(campaign, Math.floor(Date.now() / 1000)),
  };
}

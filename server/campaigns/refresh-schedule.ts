/**
 * When a campaign's facts are read again from its platform: Kickstarter
 * only (the one platform with a stats document), every 6 hours while the
 * campaign is live, and for a week after its end (the final numbers and
 * state settle then), never later.
 */
import type { CampaignFacts } from '../../common/campaign.ts';

export const REFRESH_INTERVAL_SECONDS = 6 * 60 * 60;
export const REFRESH_AFTER_END_SECONDS = 7 * 24 * 60 * 60;

export type ScheduleFacts = Pick<CampaignFacts, 'platform' | 'url' | 'state' | 'ends_at'>;

/** Whether the campaign's facts can be read from its platform at all. */
export function isRefreshable<Facts extends Pick<CampaignFacts, 'platform' | 'url'>>(facts: Facts): facts is Facts & { url: string } {
  return facts.platform === 'kickstarter' && facts.url !== null && facts.url !== '';
}

/** Whether scheduled refreshes still run at `now`. */
export function refreshesAt(facts: ScheduleFacts, now: number): boolean {
  if (!isRefreshable(facts)) return false;
  if (facts.ends_at !== null && now >= facts.ends_at + REFRESH_AFTER_END_SECONDS) return false;
  if (facts.state === 'live') return true;
  // Over, but less than a week ago: the platform may still be settling the numbers.
  return facts.ends_at !== null && now >= facts.ends_at && (facts.state === 'successful' || facts.state === 'failed' || facts.state === 'late_pledge');
}

/** The refresh after one at `lastAt`, or null when scheduled refreshes stop by then. */
export function nextRefreshAt(facts: ScheduleFacts, lastAt: number): number | null {
  const next = lastAt + REFRESH_INTERVAL_SECONDS;
  return refreshesAt(facts, next) ? next : null;
}

/**
 * A post's crowdfunding campaign: the facts stored about it and what the
 * clock makes of them. Every rule that turns facts into a badge, a
 * percentage or a countdown is here once, so the pages, the cards, the
 * API, the mails and the page cache's expiry agree to the second.
 *
 * Amounts are integers in the currency's minor unit (common/money.ts);
 * times are Unix seconds.
 */
import { formatPrice, minorUnitDigits } from './money.ts';

export const CAMPAIGN_PLATFORMS = ['kickstarter', 'indiegogo', 'gamefound', 'backerkit', 'other'] as const;
export type CampaignPlatform = (typeof CAMPAIGN_PLATFORMS)[number];

const PLATFORM_HOSTS: [host: string, platform: CampaignPlatform][] = [
  ['kickstarter.com', 'kickstarter'],
  ['kck.st', 'kickstarter'],
  ['indiegogo.com', 'indiegogo'],
  ['gamefound.com', 'gamefound'],
  ['backerkit.com', 'backerkit'],
];

/** The platform a campaign's address is on, by its host (`www.kickstarter.com` and the like); `other` for anything else. */
export function platformOfUrl(url: string): CampaignPlatform {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'other';
  }
  const found = PLATFORM_HOSTS.find(([known]) => host === known || host.endsWith(`.${known}`));
  return found ? found[1] : 'other';
}

/** The platform's name as readers know it. */
export const PLATFORM_LABELS: Record<CampaignPlatform, string> = {
  kickstarter: 'Kickstarter',
  indiegogo: 'Indiegogo',
  gamefound: 'Gamefound',
  backerkit: 'BackerKit',
  other: 'Other',
};

/** Stored by whoever knows (the editor, the creator, a refresh); the clock only adds to it. */
export const CAMPAIGN_STATES = ['upcoming', 'live', 'successful', 'failed', 'canceled', 'late_pledge'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const CAMPAIGN_STATE_LABELS: Record<CampaignState, string> = {
  upcoming: 'Upcoming',
  live: 'Live',
  successful: 'Successful',
  failed: 'Failed',
  canceled: 'Canceled',
  late_pledge: 'Late pledge',
};

/** Who gave the facts last: the editor in the back office, the creator through their link, or a refresh from the platform. */
export const FACTS_SOURCES = ['editor', 'creator', 'refresh'] as const;
export type FactsSource = (typeof FACTS_SOURCES)[number];

export const CAMPAIGN_BADGES = ['pre_launch', 'just_launched', 'ending_soon', 'funded', 'late_pledge', 'ended', 'canceled'] as const;
export type CampaignBadge = (typeof CAMPAIGN_BADGES)[number];

export const BADGE_LABELS: Record<CampaignBadge, string> = {
  pre_launch: 'Pre-launch',
  just_launched: 'Just launched',
  ending_soon: 'Ending soon',
  funded: 'Funded',
  late_pledge: 'Late pledge',
  ended: 'Ended',
  canceled: 'Canceled',
};

/** The list filters of `GET /api/posts?campaign=`, the category pages and `/projects`. */
export const CAMPAIGN_FILTERS = ['live', 'ending_soon', 'just_launched', 'funded', 'ended'] as const;
export type CampaignFilter = (typeof CAMPAIGN_FILTERS)[number];

/**
 * The orders of a public list of posts besides newest first: by campaign
 * end, every campaign's end soonest first (`GET /api/posts?sort=`); the
 * campaigns still running by their end, then the others, the last to end
 * first; and the most funded (percentage of the goal) first.
 */
export const POST_LIST_SORTS = ['ends_at', 'ending_first', 'percent_funded'] as const;
export type PostListSort = (typeof POST_LIST_SORTS)[number];

const HOUR = 3600;
const DAY = 24 * HOUR;
/** A live campaign launched at most this long ago is "just launched". */
export const JUST_LAUNCHED_SECONDS = 72 * HOUR;
/** A live campaign ending at most this far ahead is "ending soon". */
export const ENDING_SOON_SECONDS = 48 * HOUR;

/** The facts as stored; unknown numbers are null. */
export interface CampaignFacts {
  platform: CampaignPlatform;
  /** The post's `campaign_url`: one stored value. */
  url: string | null;
  /** ISO 4217, upper case. */
  currency: string;
  goal: number | null;
  pledged: number | null;
  backers: number | null;
  launched_at: number | null;
  ends_at: number | null;
  state: CampaignState;
  facts_updated_at: number;
  facts_source: FactsSource;
  /** The creator's referral tag, added as `ref=` to every link to the campaign (common/outbound.ts); null for none (left out by facts from before tags). */
  ref_tag?: string | null;
  // The campaign's basics (decision 094): null for not known; left out by facts from before them.
  /** Who runs the campaign, as they name themselves ("Loomwright"). */
  creator_name?: string | null;
  /** Where they are ("Lisbon, Portugal"). */
  location?: string | null;
  /** The lowest pledge that gets the product, in minor units of `currency`. */
  reward_from?: number | null;
  /** The month the rewards are expected to ship, `YYYY-MM`. */
  delivery_estimate?: string | null;
  /** A YouTube or Vimeo video, in its canonical form (common/campaign-video.ts). */
  video_url?: string | null;
  /** The video's poster stored here (an upload's path, resized like covers); null shows the neutral placeholder. */
  video_poster?: string | null;
}

/** A campaign as the API answers it: the facts and what the clock makes of them at the moment of the answer. */
export interface CampaignJson extends CampaignFacts {
  /** Pledged as a whole percentage of the goal, rounded down; may pass 100. Null without both numbers. */
  percent_funded: number | null;
  /** Seconds until the end, 0 once it has passed; null without an end. */
  seconds_left: number | null;
  badges: CampaignBadge[];
  /** Staff only: the creator's private link to keep the numbers fresh. */
  update_url?: string | null;
  /** Staff only: why the link in use cannot be shown (sealed with another key; it still works); null when it can or there is none. */
  update_url_problem?: string | null;
  /** Staff only: why the last refresh from the platform failed (null after one that worked), and when. */
  refresh_error?: string | null;
  refresh_error_at?: number | null;
  /** Staff only: confirmed follows of the campaign, ever (decision 097); never on a public answer. */
  followers?: number;
}

/**
 * When the campaign was last read from its platform, null if never: a
 * refresh that worked stamps the facts as `refresh`, one that failed
 * leaves its error's time.
 */
export function lastRefreshAt(campaign: Pick<CampaignFacts, 'facts_source' | 'facts_updated_at'> & { refresh_error_at?: number | null }): number | null {
  const worked = campaign.facts_source === 'refresh' ? campaign.facts_updated_at : null;
  const failed = campaign.refresh_error_at ?? null;
  if (worked === null) return failed;
  return failed === null ? worked : Math.max(worked, failed);
}

type ClockFacts = Pick<CampaignFacts, 'state' | 'goal' | 'pledged' | 'launched_at' | 'ends_at'>;

export function percentFunded(facts: Pick<CampaignFacts, 'goal' | 'pledged'>): number | null {
  if (facts.goal === null || facts.pledged === null || facts.goal <= 0) return null;
  return Math.floor((facts.pledged * 100) / facts.goal);
}

export function secondsLeft(facts: Pick<CampaignFacts, 'ends_at'>, now: number): number | null {
  return facts.ends_at === null ? null : Math.max(0, facts.ends_at - now);
}

/** Whether the funding period is over: the state says so, or a live campaign's end has passed. */
function hasEnded(facts: ClockFacts, now: number): boolean {
  if (facts.state === 'successful' || facts.state === 'failed') return true;
  return facts.state === 'live' && facts.ends_at !== null && now >= facts.ends_at;
}

/** Whether a live campaign is taking pledges at `now` (its end, if known, still ahead). */
export function isRunning(facts: ClockFacts, now: number): boolean {
  return facts.state === 'live' && !hasEnded(facts, now);
}

/**
 * The badges of a campaign at `now`, from the stored facts and the clock
 * only. Boundaries are inclusive: launched exactly 72 h ago is still "just
 * launched", ending exactly 48 h from now is already "ending soon", and at
 * its end second a live campaign has ended.
 */
export function campaignBadges(facts: ClockFacts, now: number): CampaignBadge[] {
  const badges: CampaignBadge[] = [];
  if (facts.state === 'upcoming') badges.push('pre_launch');
  const running = isRunning(facts, now);
  if (running && facts.launched_at !== null && now >= facts.launched_at && now - facts.launched_at <= JUST_LAUNCHED_SECONDS) {
    badges.push('just_launched');
  }
  if (running && facts.ends_at !== null && facts.ends_at - now <= ENDING_SOON_SECONDS) badges.push('ending_soon');
  if (facts.goal !== null && facts.goal > 0 && facts.pledged !== null && facts.pledged >= facts.goal) badges.push('funded');
  if (facts.state === 'late_pledge') badges.push('late_pledge');
  if (hasEnded(facts, now)) badges.push('ended');
  if (facts.state === 'canceled') badges.push('canceled');
  return badges;
}

/**
 * What a post's call to action may offer at `now`: backing only while the
 * campaign takes pledges (running, or late pledges), its pre-launch page
 * before the launch, and otherwise its page to look at, worded by how it
 * ended.
 */
export type CampaignAction = 'back' | 'pre_launch' | 'ended' | 'failed' | 'canceled';

export function campaignAction(facts: ClockFacts, now: number): CampaignAction {
  switch (facts.state) {
    case 'upcoming':
      return 'pre_launch';
    case 'canceled':
      return 'canceled';
    case 'failed':
      return 'failed';
    case 'late_pledge':
      return 'back';
    case 'successful':
      return 'ended';
    case 'live':
      return isRunning(facts, now) ? 'back' : 'ended';
  }
}

/** The stored facts with what the clock makes of them at `now`. */
export function campaignAt(facts: CampaignFacts, now: number): CampaignJson {
  return {
    ...facts,
    percent_funded: percentFunded(facts),
    seconds_left: secondsLeft(facts, now),
    badges: campaignBadges(facts, now),
  };
}

/** Whether a campaign matches a list filter at `now` (the SQL of the lists says the same). */
export function matchesCampaignFilter(facts: ClockFacts, filter: CampaignFilter, now: number): boolean {
  switch (filter) {
    case 'live':
      return isRunning(facts, now);
    case 'ending_soon':
      return campaignBadges(facts, now).includes('ending_soon');
    case 'just_launched':
      return campaignBadges(facts, now).includes('just_launched');
    case 'funded':
      return campaignBadges(facts, now).includes('funded');
    case 'ended':
      return hasEnded(facts, now);
  }
}

/**
 * The countdown as words: "12 days left" (whole days while at least one is
 * left), then "5 hours left", then "40 minutes left", then "Less than a
 * minute left"; null when the campaign is not running or has no end.
 * Rounded down, so it never promises more time than there is.
 */
export function countdownText(facts: ClockFacts, now: number): string | null {
  if (!isRunning(facts, now) || facts.ends_at === null) return null;
  const left = facts.ends_at - now;
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} left`;
  if (left >= DAY) return plural(Math.floor(left / DAY), 'day');
  if (left >= HOUR) return plural(Math.floor(left / HOUR), 'hour');
  if (left >= 60) return plural(Math.floor(left / 60), 'minute');
  return 'Less than a minute left';
}

/**
 * The first second after `now` at which anything the clock decides about
 * this campaign (its badges, its countdown's words) reads differently;
 * null when nothing will change without a new fact. A cached page showing
 * the campaign expires then.
 */
export function nextCampaignChange(facts: ClockFacts, now: number): number | null {
  const candidates: number[] = [];
  if (facts.state === 'live') {
    if (facts.launched_at !== null) {
      if (facts.launched_at > now) candidates.push(facts.launched_at);
      candidates.push(facts.launched_at + JUST_LAUNCHED_SECONDS + 1);
    }
    if (facts.ends_at !== null) {
      candidates.push(facts.ends_at - ENDING_SOON_SECONDS, facts.ends_at);
      const left = facts.ends_at - now;
      // The countdown's words change when the whole count of its unit drops.
      if (left >= 60) {
        const unit = left >= DAY ? DAY : left >= HOUR ? HOUR : 60;
        candidates.push(facts.ends_at - Math.floor(left / unit) * unit + 1);
      }
    }
  }
  const future = candidates.filter((at) => at > now);
  return future.length === 0 ? null : Math.min(...future);
}

/** The earliest `nextCampaignChange` of several campaigns (none: null). */
export function nextChangeOfAll(campaigns: readonly (ClockFacts | null)[], now: number): number | null {
  let earliest: number | null = null;
  for (const campaign of campaigns) {
    const at = campaign === null ? null : nextCampaignChange(campaign, now);
    if (at !== null && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest;
}

const wholeFormats = new Map<string, Intl.NumberFormat>();

/** An amount rounded down to whole units, as a fact line shows it: `$48,210`. */
export function formatWholeAmount(amountInMinorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = wholeFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 0, maximumFractionDigits: 0 });
    wholeFormats.set(code, format);
  }
  return format.format(Math.floor(amountInMinorUnits / 10 ** minorUnitDigits(code)));
}

/**
 * A whole percentage as pages, charts and mails show it: "241 %", joined by
 * a no-break space so a narrow column never leaves the sign alone on the
 * next line.
 */
export function formatPercent(percent: number): string {
  return `${percent}\u00a0%`;
}

/** "$48,210 pledged of $20,000 · 241 %", with what is known of it; null when nothing is. */
export function fundingLine(facts: Pick<CampaignFacts, 'currency' | 'goal' | 'pledged'>): string | null {
  const percent = percentFunded(facts);
  if (facts.pledged !== null && facts.goal !== null) {
    const line = `${formatWholeAmount(facts.pledged, facts.currency)} pledged of ${formatWholeAmount(facts.goal, facts.currency)}`;
    return percent === null ? line : `${line} · ${formatPercent(percent)}`;
  }
  if (facts.pledged !== null) return `${formatWholeAmount(facts.pledged, facts.currency)} pledged`;
  if (facts.goal !== null) return `Goal ${formatWholeAmount(facts.goal, facts.currency)}`;
  return null;
}

const dayMonthFormats = new Map<string, Intl.DateTimeFormat>();

/** "2 Nov" on the site's clocks. */
export function formatDayMonth(at: number, timeZone: string): string {
  let format = dayMonthFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short' });
    dayMonthFormats.set(timeZone, format);
  }
  return format.format(new Date(at * 1000));
}

/**
 * What the fact box says of time: the countdown while running, "Ended 2 Nov"
 * once over, "Launches 3 Dec" before the launch; null when nothing is known.
 * `formatDate` words the dates (cards use their own format).
 */
export function timeLine(
  facts: ClockFacts,
  now: number,
  timeZone: string,
  formatDate: (at: number, timeZone: string) => string = formatDayMonth,
): string | null {
  const countdown = countdownText(facts, now);
  if (countdown !== null) return countdown;
  if (facts.state === 'upcoming') return facts.launched_at === null ? null : `Launches ${formatDate(facts.launched_at, timeZone)}`;
  if (facts.state === 'canceled') return null;
  if (hasEnded(facts, now) || facts.state === 'late_pledge') {
    return facts.ends_at === null ? null : `Ended ${formatDate(facts.ends_at, timeZone)}`;
  }
  return null;
}

/** "from the editor", "from the creator", "refreshed from Kickstarter". */
export function factsSourceText(facts: Pick<CampaignFacts, 'facts_source' | 'platform'>): string {
  switch (facts.facts_source) {
    case 'editor':
      return 'from the editor';
    case 'creator':
      return 'from the creator';
    case 'refresh':
      return `refreshed from ${PLATFORM_LABELS[facts.platform]}`;
  }
}

/**
 * What a live campaign short of its goal needs per remaining day to fund,
 * in minor units rounded up; null when it is funded, over, or a number is
 * missing. The days are those the countdown says ("12 days left"), and the
 * last, partial day counts as one: the figure changes at the very second
 * the countdown's words do, so a page showing both expires in time
 * (`nextCampaignChange`).
 */
export function neededPerDay(facts: ClockFacts, now: number): number | null {
  if (!isRunning(facts, now) || facts.goal === null || facts.pledged === null || facts.ends_at === null) return null;
  const short = facts.goal - facts.pledged;
  if (short <= 0) return null;
  const days = Math.max(1, Math.floor((facts.ends_at - now) / DAY));
  return Math.ceil(short / days);
}

/** `YYYY-MM`, months 01 to 12. */
export const DELIVERY_ESTIMATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 2027" for `2027-03`; null for anything else. */
export function formatDeliveryEstimate(estimate: string): string | null {
  if (!DELIVERY_ESTIMATE_PATTERN.test(estimate)) return null;
  const [year, month] = estimate.split('-');
  return `${MONTHS[Number(month) - 1]} ${year}`;
}

type BasicsFacts = Pick<CampaignFacts, 'currency' | 'creator_name' | 'location' | 'reward_from' | 'delivery_estimate'>;

/**
 * The basics as the fact box says them, in order: "By Loomwright",
 * "Lisbon, Portugal", "Rewards from €89", "Ships Mar 2027"; what is not
 * known is left out (an empty list when nothing is).
 */
export function basicsParts(facts: BasicsFacts): string[] {
  const parts: string[] = [];
  if (facts.creator_name) parts.push(`By ${facts.creator_name}`);
  if (facts.location) parts.push(facts.location);
  if (facts.reward_from !== null && facts.reward_from !== undefined) parts.push(`Rewards from ${formatPrice(facts.reward_from, facts.currency)}`);
  const ships = facts.delivery_estimate ? formatDeliveryEstimate(facts.delivery_estimate) : null;
  if (ships !== null) parts.push(`Ships ${ships}`);
  return parts;
}

/** Whether a code is an ISO 4217 currency this runtime knows (upper case). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency').includes(code) : true;
}

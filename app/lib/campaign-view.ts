/**
 * A post's campaign as the public pages show it: the words and numbers made
 * on the server from the facts and the clock (common/campaign.ts has every
 * rule), so loader data carries text, hydration always matches, and the
 * browser only has to keep a countdown current.
 */
import {
  PLATFORM_LABELS,
  basicsParts,
  campaignAction,
  campaignBadges,
  countdownText,
  factsSourceText,
  formatDayMonth,
  formatPercent,
  formatWholeAmount,
  fundingLine,
  nextCampaignChange,
  percentFunded,
  timeLine,
  type CampaignAction,
  type CampaignBadge,
  type CampaignFacts,
} from '../../common/campaign.ts';
import { parseVideoUrl, VIDEO_HOST_LABELS } from '../../common/campaign-video.ts';
import { campaignFeeLinks } from '../../common/fee-calculators.ts';
import { formatPrice } from '../../common/money.ts';
import { formatSiteDateTime } from '../../common/site-time.ts';

/** A countdown the browser keeps current: its end, and what it says once that has passed. */
export interface CountdownView {
  /** The end, in Unix seconds. */
  endsAt: number;
  /** "Ended 2 Nov", on the site's clocks. */
  endedText: string;
}

/** What a card or tile shows: the badges, the percentage, the time line. */
export interface CampaignCardView {
  /** Worded by BADGE_LABELS where shown. */
  badges: CampaignBadge[];
  /** May pass 100; null without a goal and an amount pledged. */
  percent: number | null;
  /** "12 days left", "Ended 2 Nov", "Launches 3 Dec", at the moment given by `datetime`; null when nothing is known. */
  time: { text: string; datetime: string; countdown: CountdownView | null } | null;
}

/** The campaign's video, played from its host only once the reader asks (decision 094). */
export interface CampaignVideoView {
  /** "YouTube", "Vimeo". */
  host: string;
  /** The video's own page: the way to it without JavaScript, and what the player is made from on a click (the page carries no address of the player before). */
  pageUrl: string;
  /** The poster stored here (an upload's path); null for the neutral placeholder. */
  poster: string | null;
}

/** The three figures the fact box leads with. */
export interface CampaignStatsView {
  /** "$48,210"; null when not known. */
  pledged: string | null;
  /** "of $20,000 goal · 241 %" (or "of $20,000 goal"), under the amount pledged; null without both. */
  goal: string | null;
  /** "$20,000", the figure itself when nothing is pledged yet. */
  goalAmount: string | null;
  /** "512"; null when not known. */
  backers: string | null;
  /** "backers", or "backer" for one. */
  backersLabel: string;
}

/** What the fact box near a post's title shows. */
export interface CampaignBoxView extends CampaignCardView {
  platform: string;
  /** "By Loomwright · Lisbon, Portugal · Rewards from €89 · Ships Mar 2027": what is known of the basics; null when nothing is. */
  basics: string | null;
  video: CampaignVideoView | null;
  stats: CampaignStatsView;
  /** The countdown as a figure ("12" over "days to go") while the campaign runs; null otherwise. */
  timeFigure: { value: string; label: string } | null;
  /** "$48,210 pledged of $20,000 · 241 %". */
  funding: string | null;
  /** "241 backers". */
  backers: string | null;
  /** "as of Nov 26, 2026, 09:00 UTC · from the editor". */
  asOf: { datetime: string; text: string };
  /** What the post's call to action offers: backing only while pledges are taken. */
  action: CampaignAction;
  /** The platform's fee calculator for this campaign; null without a calculator or figures to fill it with. */
  fees: FeeLinksView | null;
}

/** The fact box's way to the platform's fee calculator. */
export interface FeeLinksView {
  /** "Fees on the $33,100 pledged so far", and while short of the goal "Fees if it funds at its $30,000 goal". */
  links: { href: string; text: string }[];
  /** When the calculator does not compute in the campaign's currency: where it is, and what to call it and the currency. */
  otherCurrency: { href: string; calculator: string; currency: string } | null;
}

const isoOf = (at: number) => new Date(at * 1000).toISOString();

/** The facts a countdown needs to say its words: a live campaign and its end. */
export const countdownFacts = (endsAt: number) =>
  ({ state: 'live', goal: null, pledged: null, launched_at: null, ends_at: endsAt }) as const;

/** The countdown's words at `now`: the time left while running, then the end's date. */
export function countdownWords(countdown: CountdownView, now: number): string {
  return countdownText(countdownFacts(countdown.endsAt), now) ?? countdown.endedText;
}

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/**
 * The countdown as the fact box's third figure: "12" over "days to go",
 * then hours, then minutes, "<1" minute at the last; rounded down as the
 * words are, so it changes when they do. Null once the end has passed.
 */
export function countdownFigure(endsAt: number, now: number): { value: string; label: string } | null {
  const left = endsAt - now;
  if (left <= 0) return null;
  const figure = (count: number, unit: string) => ({ value: count.toLocaleString('en-US'), label: `${unit}${count === 1 ? '' : 's'} to go` });
  if (left >= DAY_SECONDS) return figure(Math.floor(left / DAY_SECONDS), 'day');
  if (left >= HOUR_SECONDS) return figure(Math.floor(left / HOUR_SECONDS), 'hour');
  if (left >= 60) return figure(Math.floor(left / 60), 'minute');
  return { value: '<1', label: 'minute to go' };
}

const cardDateFormats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 2, 2026" on the site's clocks: a card's dates in the format of its publication date (SPEC.md: 'MMM d, yyyy'). */
export function formatCardDate(at: number, timeZone: string): string {
  let format = cardDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
    cardDateFormats.set(timeZone, format);
  }
  return format.format(new Date(at * 1000));
}

/**
 * The card's part of a campaign at `now`, dates on the clocks of `timeZone`,
 * worded by `formatDate` (a card's own format unless the fact box asks for its).
 */
export function campaignCardView(
  facts: CampaignFacts,
  now: number,
  timeZone: string,
  formatDate: (at: number, timeZone: string) => string = formatCardDate,
): CampaignCardView {
  const text = timeLine(facts, now, timeZone, formatDate);
  const running = countdownText(facts, now) !== null;
  const at = facts.state === 'upcoming' ? facts.launched_at : facts.ends_at;
  return {
    badges: campaignBadges(facts, now),
    percent: percentFunded(facts),
    time:
      text === null || at === null
        ? null
        : {
            text,
            datetime: isoOf(at),
            countdown:
              running && facts.ends_at !== null
                ? { endsAt: facts.ends_at, endedText: `Ended ${formatDate(facts.ends_at, timeZone)}` }
                : null,
          },
  };
}

/**
 * The fact box's links to the fee calculator (decision 079): each with an
 * amount and the backers that go with it, so the fees are those on that
 * amount; none at all rather than an empty form under a link that promises
 * this campaign's fees.
 */
function feeLinksView(facts: CampaignFacts, slug: string): FeeLinksView | null {
  const links = campaignFeeLinks({ slug, ...facts });
  if (!links) return null;
  if (links.otherCurrency) {
    return { links: [], otherCurrency: { href: links.otherCurrency, calculator: `${PLATFORM_LABELS[facts.platform]} fee calculator`, currency: facts.currency.toUpperCase() } };
  }
  const shown: FeeLinksView['links'] = [];
  if (links.pledged && facts.pledged !== null) {
    shown.push({ href: links.pledged, text: `Fees on the ${formatPrice(facts.pledged, facts.currency)} pledged so far` });
  }
  if (links.atGoal && facts.goal !== null) {
    shown.push({ href: links.atGoal, text: `Fees if it funds at its ${formatPrice(facts.goal, facts.currency)} goal` });
  }
  return shown.length === 0 ? null : { links: shown, otherCurrency: null };
}

function statsView(facts: CampaignFacts): CampaignStatsView {
  const percent = percentFunded(facts);
  const goal = facts.goal === null ? null : formatWholeAmount(facts.goal, facts.currency);
  return {
    pledged: facts.pledged === null ? null : formatWholeAmount(facts.pledged, facts.currency),
    goal: goal === null || facts.pledged === null ? null : `of ${goal} goal${percent === null ? '' : ` · ${formatPercent(percent)}`}`,
    goalAmount: goal,
    backers: facts.backers === null ? null : facts.backers.toLocaleString('en-US'),
    backersLabel: facts.backers === 1 ? 'backer' : 'backers',
  };
}

function videoView(facts: CampaignFacts): CampaignVideoView | null {
  const video = facts.video_url ? parseVideoUrl(facts.video_url) : null;
  if (!video || !facts.video_url) return null;
  return { host: VIDEO_HOST_LABELS[video.host], pageUrl: facts.video_url, poster: facts.video_poster ?? null };
}

/** The fact box's view of a campaign at `now`; `slug` is its post's, for the calculator to name it and link back. */
export function campaignBoxView(facts: CampaignFacts, now: number, timeZone: string, slug: string): CampaignBoxView {
  return {
    ...campaignCardView(facts, now, timeZone, formatDayMonth),
    platform: PLATFORM_LABELS[facts.platform],
    basics: basicsParts(facts).join(' · ') || null,
    video: videoView(facts),
    stats: statsView(facts),
    timeFigure: countdownText(facts, now) !== null && facts.ends_at !== null ? countdownFigure(facts.ends_at, now) : null,
    funding: fundingLine(facts),
    backers: facts.backers === null ? null : `${facts.backers.toLocaleString('en-US')} ${facts.backers === 1 ? 'backer' : 'backers'}`,
    asOf: {
      datetime: isoOf(facts.facts_updated_at),
      text: `as of ${formatSiteDateTime(facts.facts_updated_at, timeZone)} · ${factsSourceText(facts)}`,
    },
    action: campaignAction(facts, now),
    fees: feeLinksView(facts, slug),
  };
}

/** The first second after `now` at which any of these campaigns reads differently; null when none will without a new fact. */
export function earliestCampaignChange(campaigns: readonly (CampaignFacts | null)[], now: number): number | null {
  let earliest: number | null = null;
  for (const facts of campaigns) {
    const at = facts ? nextCampaignChange(facts, now) : null;
    if (at !== null && (earliest === null || at < earliest)) earliest = at;
  }
  return earliest;
}

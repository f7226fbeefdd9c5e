/**
 * Following a campaign (decision 097): the four moments a follower is told
 * of, worked out from the campaign's stored facts and the clock alone, so
 * whatever changed the facts (the editor, the creator's link, a refresh)
 * and whenever the clock passes a boundary, the same rule decides.
 * Boundaries are the badges' (common/campaign.ts): ending exactly 48 hours
 * from now is already "ending", and at its end second a live campaign has
 * ended.
 */
import {
  ENDING_SOON_SECONDS,
  formatPercent,
  percentFunded,
  type CampaignFacts,
} from './campaign.ts';

export const FOLLOW_STATUSES = ['pending', 'following', 'ended'] as const;
export type FollowStatus = (typeof FOLLOW_STATUSES)[number];

export const FOLLOW_MOMENTS = ['launched', 'ending', 'funded', 'ended'] as const;
export type FollowMoment = (typeof FOLLOW_MOMENTS)[number];

/** What a follow is sent, as the confirmation page and mail say it. */
export const FOLLOW_PROMISE =
  'You will get at most four mails about this campaign: when it launches, 48 hours before it ends, when it reaches its goal, and its final result when it ends. Then the follow ends by itself.';

type MomentFacts = Pick<CampaignFacts, 'state' | 'goal' | 'pledged' | 'backers' | 'launched_at' | 'ends_at'>;

const isFunded = (facts: MomentFacts) => facts.goal !== null && facts.goal > 0 && facts.pledged !== null && facts.pledged >= facts.goal;

/** Whether the campaign's funding is over for good (its result known, canceled, or past its end). */
export function isCampaignOver(facts: MomentFacts, now: number): boolean {
  if (facts.state === 'live') return facts.ends_at !== null && now >= facts.ends_at;
  return facts.state !== 'upcoming';
}

/** Whether a reader may start following it at `now`: before its launch or while it runs. */
export function isFollowable(facts: MomentFacts, now: number): boolean {
  return (facts.state === 'upcoming' || facts.state === 'live') && !isCampaignOver(facts, now);
}

/**
 * The moments a new follow has no use for: the launch of a campaign that
 * already runs, the goal of one already funded. "ending" is never among
 * them: a campaign already inside its last 48 hours is told at once.
 */
export function momentsAlreadyPast(facts: MomentFacts): FollowMoment[] {
  const past: FollowMoment[] = [];
  if (facts.state !== 'upcoming') past.push('launched');
  if (isFunded(facts)) past.push('funded');
  return past;
}

export interface MomentsDue {
  /** To tell the follower now, in one mail. */
  send: FollowMoment[];
  /** No longer true, so never sent: handled without a mail. */
  skip: FollowMoment[];
  /** The follow ends with this mail (its campaign is over). */
  ends: boolean;
}

/**
 * What a confirmed follow is due at `now`, given the moments already done.
 * Once the campaign is over only the final result is sent: the launch, the
 * last 48 hours and the goal it never got to tell of are skipped (the
 * result says whether it funded). A campaign gone from its post ends the
 * follow without a mail.
 */
export function momentsDue(facts: MomentFacts | null, now: number, done: ReadonlySet<FollowMoment>): MomentsDue {
  const open = FOLLOW_MOMENTS.filter((moment) => !done.has(moment));
  if (facts === null) return { send: [], skip: open, ends: true };
  if (isCampaignOver(facts, now)) {
    return { send: open.includes('ended') ? ['ended'] : [], skip: open.filter((moment) => moment !== 'ended'), ends: true };
  }
  const send: FollowMoment[] = [];
  if (facts.state === 'live') {
    const launched = facts.launched_at === null || now >= facts.launched_at;
    if (open.includes('launched') && launched) send.push('launched');
    if (open.includes('ending') && facts.ends_at !== null && facts.ends_at - now <= ENDING_SOON_SECONDS) send.push('ending');
    if (open.includes('funded') && isFunded(facts)) send.push('funded');
  }
  return { send, skip: [], ends: false };
}

/**
 * The next second after `now` at which the clock alone makes a moment due
 * (a launch time passing, the 48-hour point, the end); null when only a new
 * fact can.
 */
export function nextMomentAt(facts: MomentFacts, now: number, done: ReadonlySet<FollowMoment>): number | null {
  if (facts.state !== 'live') return null;
  const candidates: number[] = [];
  if (!done.has('launched') && facts.launched_at !== null) candidates.push(facts.launched_at);
  if (facts.ends_at !== null) {
    if (!done.has('ending')) candidates.push(facts.ends_at - ENDING_SOON_SECONDS);
    candidates.push(facts.ends_at);
  }
  const future = candidates.filter((at) => at > now);
  return future.length === 0 ? null : Math.min(...future);
}

const whole = new Intl.NumberFormat('en-US');

/** "funded at 241 % with 1,873 backers", "ended at 62 % of its goal", "was canceled". */
export function finalResultText(facts: MomentFacts): string {
  if (facts.state === 'canceled') return 'was canceled';
  const percent = percentFunded(facts);
  const backers = facts.backers === null ? '' : ` with ${whole.format(facts.backers)} backer${facts.backers === 1 ? '' : 's'}`;
  const funded = facts.state === 'successful' || facts.state === 'late_pledge' || (facts.state !== 'failed' && isFunded(facts));
  if (funded) return percent === null ? `funded${backers}` : `funded at ${formatPercent(percent)}${backers}`;
  return percent === null ? 'ended without reaching its goal' : `ended at ${formatPercent(percent)} of its goal`;
}

/** One line of an alert: what happened to the campaign called `title`. */
export function momentLine(moment: FollowMoment, title: string, facts: MomentFacts): string {
  const percent = percentFunded(facts);
  const funding = percent === null ? '' : ` (${formatPercent(percent)} funded)`;
  switch (moment) {
    case 'launched':
      return `${title} has launched${funding}.`;
    case 'ending':
      return `${title} ends in less than 48 hours${funding}.`;
    case 'funded':
      return `${title} has reached its goal${funding}.`;
    case 'ended':
      return `${title} ${finalResultText(facts)}.`;
  }
}

/** The subject of an alert telling of `moments` (one campaign's, or several). */
export function alertSubject(items: readonly { moment: FollowMoment; title: string }[]): string {
  const titles = [...new Set(items.map((item) => item.title))];
  if (titles.length > 1) return `News of ${titles.length} campaigns you follow`;
  const title = titles[0] ?? 'a campaign you follow';
  const last = items.some((item) => item.moment === 'ended')
    ? 'ended'
    : items.some((item) => item.moment === 'ending')
      ? 'ending'
      : items.some((item) => item.moment === 'funded')
        ? 'funded'
        : 'launched';
  switch (last) {
    case 'ended':
      return `${title} has ended`;
    case 'ending':
      return `Last 48 hours: ${title}`;
    case 'funded':
      return `${title} is funded`;
    default:
      return `${title} has launched`;
  }
}

/** The moments stored as JSON, read back; anything unknown is left out. */
export function readMoments(json: string): Set<FollowMoment> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return new Set();
  }
  const known = new Set<string>(FOLLOW_MOMENTS);
  return new Set(Array.isArray(parsed) ? parsed.filter((item): item is FollowMoment => typeof item === 'string' && known.has(item)) : []);
}

/** The moments as stored: JSON, in their order. */
export const writeMoments = (moments: ReadonlySet<FollowMoment>): string => JSON.stringify(FOLLOW_MOMENTS.filter((moment) => moments.has(moment)));

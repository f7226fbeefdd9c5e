/**
 * The campaign rules of common/campaign.ts with a fixed clock, each at its
 * boundary and one second either side.
 */
import { describe, expect, it } from 'vitest';
import {
  campaignAction,
  campaignBadges,
  countdownText,
  factsSourceText,
  fundingLine,
  matchesCampaignFilter,
  neededPerDay,
  nextCampaignChange,
  percentFunded,
  secondsLeft,
  timeLine,
  type CampaignFacts,
} from '../../common/campaign.ts';

const NOW = 1_800_000_000;
const HOUR = 3600;
const DAY = 24 * HOUR;

const facts = (overrides: Partial<CampaignFacts> = {}): CampaignFacts => ({
  platform: 'kickstarter',
  url: null,
  currency: 'USD',
  goal: 2_000_000,
  pledged: 100_000,
  backers: 10,
  launched_at: NOW - 10 * DAY,
  ends_at: NOW + 20 * DAY,
  state: 'live',
  facts_updated_at: NOW,
  facts_source: 'editor',
  ...overrides,
});

describe('what the call to action offers', () => {
  it('backing only while pledges are taken, up to the end second of a live campaign', () => {
    expect(campaignAction(facts(), NOW)).toBe('back');
    expect(campaignAction(facts({ state: 'late_pledge' }), NOW)).toBe('back');
    expect(campaignAction(facts({ ends_at: NOW + 1 }), NOW)).toBe('back');
    expect(campaignAction(facts({ ends_at: NOW }), NOW)).toBe('ended');
    expect(campaignAction(facts({ state: 'successful', ends_at: NOW - DAY }), NOW)).toBe('ended');
    expect(campaignAction(facts({ state: 'failed', ends_at: NOW - DAY }), NOW)).toBe('failed');
    expect(campaignAction(facts({ state: 'canceled' }), NOW)).toBe('canceled');
    expect(campaignAction(facts({ state: 'upcoming', launched_at: NOW + DAY }), NOW)).toBe('pre_launch');
  });
});

describe('badges at their boundaries', () => {
  it('just_launched: live and launched at most 72 h ago', () => {
    const launched = NOW - 72 * HOUR;
    expect(campaignBadges(facts({ launched_at: launched }), NOW - 1)).toContain('just_launched');
    expect(campaignBadges(facts({ launched_at: launched }), NOW)).toContain('just_launched');
    expect(campaignBadges(facts({ launched_at: launched }), NOW + 1)).not.toContain('just_launched');
    // Not before the launch, and not unless live.
    expect(campaignBadges(facts({ launched_at: NOW + 1 }), NOW)).not.toContain('just_launched');
    expect(campaignBadges(facts({ launched_at: NOW }), NOW)).toContain('just_launched');
    expect(campaignBadges(facts({ launched_at: NOW - HOUR, state: 'upcoming' }), NOW)).not.toContain('just_launched');
  });

  it('ending_soon: live and ending at most 48 h from now', () => {
    const ends = NOW + 48 * HOUR;
    expect(campaignBadges(facts({ ends_at: ends }), NOW - 1)).not.toContain('ending_soon');
    expect(campaignBadges(facts({ ends_at: ends }), NOW)).toContain('ending_soon');
    expect(campaignBadges(facts({ ends_at: ends }), NOW + 1)).toContain('ending_soon');
    expect(campaignBadges(facts({ ends_at: ends, state: 'late_pledge' }), NOW)).not.toContain('ending_soon');
  });

  it('ended: at the end second of a live campaign, or a final state', () => {
    expect(campaignBadges(facts({ ends_at: NOW + 1 }), NOW)).toEqual(['ending_soon']);
    expect(campaignBadges(facts({ ends_at: NOW }), NOW)).toEqual(['ended']);
    expect(campaignBadges(facts({ ends_at: NOW - 1 }), NOW)).toEqual(['ended']);
    expect(campaignBadges(facts({ state: 'failed' }), NOW)).toEqual(['ended']);
    expect(campaignBadges(facts({ state: 'successful', pledged: 2_000_000 }), NOW)).toEqual(['funded', 'ended']);
  });

  it('funded: pledged reaches the goal, by one minor unit', () => {
    expect(campaignBadges(facts({ pledged: 1_999_999 }), NOW)).not.toContain('funded');
    expect(campaignBadges(facts({ pledged: 2_000_000 }), NOW)).toContain('funded');
    expect(campaignBadges(facts({ pledged: 2_000_001 }), NOW)).toContain('funded');
    expect(campaignBadges(facts({ goal: null, pledged: 5 }), NOW)).not.toContain('funded');
  });

  it('pre_launch, late_pledge and canceled come from the state', () => {
    expect(campaignBadges(facts({ state: 'upcoming', launched_at: NOW + DAY }), NOW)).toEqual(['pre_launch']);
    expect(campaignBadges(facts({ state: 'late_pledge', ends_at: NOW - DAY }), NOW)).toEqual(['late_pledge']);
    expect(campaignBadges(facts({ state: 'canceled' }), NOW)).toEqual(['canceled']);
  });
});

describe('numbers and words', () => {
  it('percentage rounds down and may pass 100; time left stops at 0', () => {
    expect(percentFunded({ goal: 2_000_000, pledged: 4_821_000 })).toBe(241);
    expect(percentFunded({ goal: 3, pledged: 2 })).toBe(66);
    expect(percentFunded({ goal: 0, pledged: 2 })).toBeNull();
    expect(secondsLeft({ ends_at: NOW + 5 }, NOW)).toBe(5);
    expect(secondsLeft({ ends_at: NOW - 5 }, NOW)).toBe(0);
  });

  it('the funding line', () => {
    expect(fundingLine({ currency: 'USD', goal: 2_000_000, pledged: 4_821_099 })).toBe('$48,210 pledged of $20,000 · 241\u00a0%');
    expect(fundingLine({ currency: 'EUR', goal: null, pledged: 150 })).toBe('€1 pledged');
    expect(fundingLine({ currency: 'JPY', goal: 1000, pledged: null })).toBe('Goal ¥1,000');
    expect(fundingLine({ currency: 'USD', goal: null, pledged: null })).toBeNull();
  });

  it('the countdown counts whole days while one is left, then hours, then minutes', () => {
    const live = (left: number) => countdownText(facts({ ends_at: NOW + left }), NOW);
    expect(live(12 * DAY + 5)).toBe('12 days left');
    expect(live(DAY)).toBe('1 day left');
    expect(live(DAY - 1)).toBe('23 hours left');
    expect(live(HOUR)).toBe('1 hour left');
    expect(live(HOUR - 1)).toBe('59 minutes left');
    expect(live(61)).toBe('1 minute left');
    expect(live(60)).toBe('1 minute left');
    expect(live(59)).toBe('Less than a minute left');
    expect(live(1)).toBe('Less than a minute left');
    expect(live(0)).toBeNull();
  });

  it('the time line: countdown, ended, launches', () => {
    expect(timeLine(facts({ ends_at: Date.UTC(2026, 10, 2, 12) / 1000, launched_at: null }), NOW * 2, 'UTC')).toBe('Ended 2 Nov');
    expect(timeLine(facts({ state: 'upcoming', launched_at: Date.UTC(2026, 11, 3, 12) / 1000 }), NOW, 'UTC')).toBe('Launches 3 Dec');
    expect(timeLine(facts({ state: 'canceled' }), NOW, 'UTC')).toBeNull();
  });

  it('says where the facts came from', () => {
    expect(factsSourceText(facts())).toBe('from the editor');
    expect(factsSourceText(facts({ facts_source: 'creator' }))).toBe('from the creator');
    expect(factsSourceText(facts({ facts_source: 'refresh' }))).toBe('refreshed from Kickstarter');
  });

  it('what a live campaign short of its goal needs per day', () => {
    expect(neededPerDay(facts({ goal: 1000, pledged: 0, ends_at: NOW + 3 * DAY }), NOW)).toBe(334);
    expect(neededPerDay(facts({ goal: 1000, pledged: 0, ends_at: NOW + HOUR }), NOW)).toBe(1000);
    expect(neededPerDay(facts({ goal: 1000, pledged: 1000 }), NOW)).toBeNull();
    expect(neededPerDay(facts({ state: 'failed' }), NOW)).toBeNull();
  });
});

describe('the next change', () => {
  // Whatever the clock decides, read at a second.
  const view = (item: CampaignFacts, at: number) => JSON.stringify([campaignBadges(item, at), countdownText(item, at)]);

  it.each([
    ['ending in 12 days and a bit', facts({ ends_at: NOW + 12 * DAY + 5 })],
    ['ending in 49 hours', facts({ ends_at: NOW + 49 * HOUR })],
    ['ending in 90 seconds', facts({ ends_at: NOW + 90 })],
    ['launched 71 h 59 min ago', facts({ launched_at: NOW - 72 * HOUR + 60 })],
    ['launching in 10 seconds', facts({ launched_at: NOW + 10, ends_at: NOW + 30 * DAY })],
  ])('is the first second the view changes: %s', (_name, item) => {
    const next = nextCampaignChange(item, NOW);
    expect(next).not.toBeNull();
    const at = next as number;
    expect(view(item, at - 1)).toBe(view(item, NOW));
    expect(view(item, at)).not.toBe(view(item, NOW));
  });

  it('covers what is needed per day, which changes with the days the countdown shows', () => {
    const item = facts({ goal: 2_000_000, pledged: 500_000, ends_at: NOW + 12 * DAY + 5 });
    const at = nextCampaignChange(item, NOW) as number;
    expect(countdownText(item, NOW)).toBe('12 days left');
    expect(neededPerDay(item, NOW)).toBe(125_000);
    expect(neededPerDay(item, at - 1)).toBe(125_000);
    expect(neededPerDay(item, at)).toBe(136_364);
  });

  it('is null when only a new fact can change the view', () => {
    expect(nextCampaignChange(facts({ state: 'successful' }), NOW)).toBeNull();
    expect(nextCampaignChange(facts({ ends_at: NOW - 1, launched_at: NOW - 30 * DAY }), NOW)).toBeNull();
  });

  it('the list filters agree with the badges', () => {
    expect(matchesCampaignFilter(facts({ ends_at: NOW }), 'live', NOW)).toBe(false);
    expect(matchesCampaignFilter(facts({ ends_at: NOW }), 'ended', NOW)).toBe(true);
    expect(matchesCampaignFilter(facts({ ends_at: NOW + 48 * HOUR }), 'ending_soon', NOW)).toBe(true);
    expect(matchesCampaignFilter(facts({ pledged: 2_000_000 }), 'funded', NOW)).toBe(true);
  });
});

/**
 * What the public pages make of a campaign's facts: the fact box's and the
 * card's words, the countdown the browser keeps current, and the second a
 * page showing several campaigns next reads differently.
 */
import { describe, expect, it } from 'vitest';
import { nextCampaignChange, type CampaignFacts } from '../../common/campaign.ts';
import {
  campaignBoxView,
  campaignCardView,
  countdownWords,
  earliestCampaignChange,
} from '../../app/lib/campaign-view.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** 2026-11-20 12:00 UTC. */
const NOW = Date.UTC(2026, 10, 20, 12) / 1000;

const facts = (overrides: Partial<CampaignFacts> = {}): CampaignFacts => ({
  platform: 'kickstarter',
  url: 'https://www.kickstarter.com/projects/a/b',
  currency: 'USD',
  goal: 2_000_000,
  pledged: 4_821_000,
  backers: 241,
  launched_at: NOW - 10 * DAY,
  ends_at: NOW + 12 * DAY + 5 * HOUR,
  state: 'live',
  facts_updated_at: Date.UTC(2026, 10, 19, 9, 5) / 1000,
  facts_source: 'editor',
  ...overrides,
});

describe('the fact box of a campaign', () => {
  it('words a live, funded campaign with its countdown', () => {
    const view = campaignBoxView(facts(), NOW, 'UTC', 'lantern');
    expect(view).toMatchObject({
      platform: 'Kickstarter',
      funding: '$48,210 pledged of $20,000 · 241\u00a0%',
      percent: 241,
      backers: '241 backers',
      badges: ['funded'],
      action: 'back',
      fees: {
        links: [{ href: '/instant-kickstarter-fee-calculator?funds=48210&backers=241&campaign=lantern', text: 'Fees on the $48,210 pledged so far' }],
        otherCurrency: null,
      },
      time: { text: '12 days left', datetime: '2026-12-02T17:00:00.000Z', countdown: { endsAt: NOW + 12 * DAY + 5 * HOUR, endedText: 'Ended 2 Dec' } },
      asOf: { datetime: '2026-11-19T09:05:00.000Z', text: 'as of Nov 19, 2026, 09:05 UTC · from the editor' },
    });
  });

  it('leads with the figures: the amount pledged, the goal and percentage under it, the backers and the days to go', () => {
    const view = campaignBoxView(facts(), NOW, 'UTC', 'lantern');
    expect(view.stats).toEqual({ pledged: '$48,210', goal: 'of $20,000 goal · 241\u00a0%', goalAmount: '$20,000', backers: '241', backersLabel: 'backers' });
    expect(view.timeFigure).toEqual({ value: '12', label: 'days to go' });
    expect(campaignBoxView(facts({ ends_at: NOW + 5 * HOUR }), NOW, 'UTC', 'lantern').timeFigure).toEqual({ value: '5', label: 'hours to go' });
    expect(campaignBoxView(facts({ ends_at: NOW + 30 }), NOW, 'UTC', 'lantern').timeFigure).toEqual({ value: '<1', label: 'minute to go' });
    expect(campaignBoxView(facts({ state: 'successful' }), NOW, 'UTC', 'lantern').timeFigure).toBeNull();
    expect(campaignBoxView(facts({ backers: 1, pledged: null }), NOW, 'UTC', 'lantern').stats).toMatchObject({ pledged: null, goal: null, backersLabel: 'backer' });
  });

  it('says the basics in one line, and shows the video as our poster', () => {
    const basics = { creator_name: 'Loomwright', location: 'Lisbon, Portugal', reward_from: 8900, delivery_estimate: '2027-03', currency: 'EUR' };
    const view = campaignBoxView(facts({ ...basics, video_url: 'https://vimeo.com/76979871', video_poster: null }), NOW, 'UTC', 'lantern');
    expect(view.basics).toBe('By Loomwright · Lisbon, Portugal · Rewards from €89 · Ships Mar 2027');
    expect(view.video).toEqual({ host: 'Vimeo', pageUrl: 'https://vimeo.com/76979871', poster: null });
    expect(campaignBoxView(facts(), NOW, 'UTC', 'lantern')).toMatchObject({ basics: null, video: null });
    expect(campaignBoxView(facts({ location: 'Porto', reward_from: 0 }), NOW, 'UTC', 'lantern').basics).toBe('Porto · Rewards from $0');
  });

  it('says when an ended campaign ended, on the site clocks, and counts nothing down', () => {
    const view = campaignBoxView(facts({ state: 'successful', ends_at: Date.UTC(2026, 10, 1, 23, 30) / 1000 }), NOW, 'Asia/Tokyo', 'lantern');
    expect(view.time).toEqual({ text: 'Ended 2 Nov', datetime: '2026-11-01T23:30:00.000Z', countdown: null });
    expect(view.badges).toEqual(['funded', 'ended']);
  });

  it('says when an upcoming campaign launches: on a card in the format of its publication date', () => {
    const upcoming = facts({ state: 'upcoming', launched_at: NOW + 13 * DAY, pledged: null });
    expect(campaignCardView(upcoming, NOW, 'UTC')).toEqual({
      badges: ['pre_launch'],
      percent: null,
      time: { text: 'Launches Dec 3, 2026', datetime: '2026-12-03T12:00:00.000Z', countdown: null },
    });
    expect(campaignBoxView(upcoming, NOW, 'UTC', 'lantern').time?.text).toBe('Launches 3 Dec');
  });

  it('marks a canceled campaign, which has no time line', () => {
    const view = campaignBoxView(facts({ state: 'canceled', facts_source: 'creator' }), NOW, 'UTC', 'lantern');
    expect(view.action).toBe('canceled');
    expect(view.time).toBeNull();
    expect(view.asOf.text).toContain('from the creator');
  });

  it("links to the platform's fee calculator with figures to fill it, or says it computes in USD only", () => {
    expect(campaignBoxView(facts({ pledged: 1_500_000, backers: 100 }), NOW, 'UTC', 'lantern').fees?.links).toEqual([
      { href: '/instant-kickstarter-fee-calculator?funds=15000&backers=100&campaign=lantern', text: 'Fees on the $15,000 pledged so far' },
      { href: '/instant-kickstarter-fee-calculator?funds=20000&backers=134&campaign=lantern', text: 'Fees if it funds at its $20,000 goal' },
    ]);
    expect(campaignBoxView(facts({ platform: 'indiegogo', currency: 'EUR' }), NOW, 'UTC', 'lantern').fees).toEqual({
      links: [],
      otherCurrency: { href: '/free-indiegogo-fee-calculator', calculator: 'Indiegogo fee calculator', currency: 'EUR' },
    });
    expect(campaignBoxView(facts({ pledged: null, backers: null }), NOW, 'UTC', 'lantern').fees).toBeNull();
    expect(campaignBoxView(facts({ platform: 'gamefound' }), NOW, 'UTC', 'lantern').fees).toBeNull();
  });

  it('counts one backer as one', () => {
    expect(campaignBoxView(facts({ backers: 1 }), NOW, 'UTC', 'lantern').backers).toBe('1 backer');
    expect(campaignBoxView(facts({ backers: 12_040 }), NOW, 'UTC', 'lantern').backers).toBe('12,040 backers');
  });
});

describe('the countdown the browser keeps current', () => {
  const countdown = { endsAt: NOW + 2 * HOUR, endedText: 'Ended 20 Nov' };

  it('words the time left as the shared rule does, then the end once it has passed', () => {
    expect(countdownWords(countdown, NOW)).toBe('2 hours left');
    expect(countdownWords(countdown, NOW + HOUR + 60)).toBe('59 minutes left');
    expect(countdownWords(countdown, NOW + 2 * HOUR - 60)).toBe('1 minute left');
    expect(countdownWords(countdown, NOW + 2 * HOUR - 1)).toBe('Less than a minute left');
    expect(countdownWords(countdown, NOW + 2 * HOUR)).toBe('Ended 20 Nov');
  });
});

describe('when a page showing campaigns next reads differently', () => {
  it('is the earliest change among them, ignoring posts without a campaign or a change', () => {
    const soon = facts({ ends_at: NOW + 3 * HOUR });
    const later = facts();
    const over = facts({ state: 'successful' });
    expect(earliestCampaignChange([later, null, soon, over], NOW)).toBe(nextCampaignChange(soon, NOW));
    expect(earliestCampaignChange([over, null], NOW)).toBeNull();
    expect(earliestCampaignChange([], NOW)).toBeNull();
  });
});

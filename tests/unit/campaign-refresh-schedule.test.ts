/**
 * When a campaign is read again from Kickstarter: every 6 hours while it is
 * live, for a week after its end at most, at the boundaries to the second;
 * and what a campaign page fills in the editor (empty fields only).
 */
import { describe, expect, it } from 'vitest';
import { campaignPrefill } from '../../app/lib/campaign-prefill.ts';
import { EMPTY_CAMPAIGN_DRAFT } from '../../app/lib/content-payload.ts';
import { lastRefreshAt } from '../../common/campaign.ts';
import {
  nextRefreshAt,
  REFRESH_AFTER_END_SECONDS,
  REFRESH_INTERVAL_SECONDS,
  refreshesAt,
  type ScheduleFacts,
} from '../../server/campaigns/refresh-schedule.ts';

const NOW = 1_800_000_000;
const HOUR = 3600;
const DAY = 24 * HOUR;
const live: ScheduleFacts = { platform: 'kickstarter', url: 'https://www.kickstarter.com/projects/a/b', state: 'live', ends_at: NOW + 10 * DAY };

describe('the refresh schedule', () => {
  it('comes back every 6 hours while live', () => {
    expect(REFRESH_INTERVAL_SECONDS).toBe(6 * HOUR);
    expect(nextRefreshAt(live, NOW)).toBe(NOW + 6 * HOUR);
    expect(nextRefreshAt({ ...live, ends_at: null }, NOW)).toBe(NOW + 6 * HOUR);
  });

  it('goes on after the end for 7 days, and stops at the second they are over', () => {
    expect(REFRESH_AFTER_END_SECONDS).toBe(7 * DAY);
    const end = live.ends_at ?? 0;
    const stop = end + 7 * DAY;
    for (const state of ['live', 'successful', 'failed', 'late_pledge'] as const) {
      expect(refreshesAt({ ...live, state }, end + DAY)).toBe(true);
      expect(refreshesAt({ ...live, state }, stop - 1)).toBe(true);
      expect(refreshesAt({ ...live, state }, stop)).toBe(false);
    }
    // The last refresh is the one that still falls before the stop.
    expect(nextRefreshAt(live, stop - 6 * HOUR - 1)).toBe(stop - 1);
    expect(nextRefreshAt(live, stop - 6 * HOUR)).toBeNull();
    expect(nextRefreshAt({ ...live, state: 'successful' }, stop - 6 * HOUR)).toBeNull();
  });

  it('does not refresh what is not live or just over', () => {
    expect(refreshesAt({ ...live, state: 'upcoming' }, NOW)).toBe(false);
    expect(refreshesAt({ ...live, state: 'canceled' }, NOW)).toBe(false);
    // Successful or failed before the end date: nothing more to read.
    expect(refreshesAt({ ...live, state: 'successful' }, NOW)).toBe(false);
    expect(refreshesAt({ ...live, state: 'failed', ends_at: null }, NOW)).toBe(false);
  });

  it('refreshes Kickstarter campaigns with a URL only', () => {
    expect(refreshesAt({ ...live, platform: 'indiegogo' }, NOW)).toBe(false);
    expect(refreshesAt({ ...live, url: null }, NOW)).toBe(false);
    expect(nextRefreshAt({ ...live, platform: 'gamefound' }, NOW)).toBeNull();
  });
});

describe('the last refresh', () => {
  it('is the facts\' time when a refresh gave them, the error\'s when one failed, whichever is later', () => {
    expect(lastRefreshAt({ facts_source: 'editor', facts_updated_at: NOW, refresh_error_at: null })).toBeNull();
    expect(lastRefreshAt({ facts_source: 'refresh', facts_updated_at: NOW, refresh_error_at: null })).toBe(NOW);
    expect(lastRefreshAt({ facts_source: 'creator', facts_updated_at: NOW + 5, refresh_error_at: NOW })).toBe(NOW);
    expect(lastRefreshAt({ facts_source: 'refresh', facts_updated_at: NOW, refresh_error_at: NOW + 6 * HOUR })).toBe(NOW + 6 * HOUR);
    expect(lastRefreshAt({ facts_source: 'refresh', facts_updated_at: NOW + 6 * HOUR, refresh_error_at: NOW })).toBe(NOW + 6 * HOUR);
  });
});

describe('filling the editor from a campaign page', () => {
  const noBasics = { creator_name: null, location: null, video_url: null, reward_from: null };
  const preview = { title: 'Tiny Forest', description: 'A game.', image: 'https://example.org/cover.jpg', ...noBasics };
  const empty = { title: '', slug: '', excerpt: '', cover_image: null };

  it('fills every empty field, the slug with the title', () => {
    expect(campaignPrefill(empty, preview)).toEqual({
      title: 'Tiny Forest',
      slug: 'tiny-forest',
      excerpt: 'A game.',
      cover_image: 'https://example.org/cover.jpg',
    });
  });

  it('keeps what the editor wrote', () => {
    expect(campaignPrefill({ title: 'Mine', slug: 'mine', excerpt: ' x ', cover_image: '/uploads/a.png' }, preview)).toEqual({});
    expect(campaignPrefill({ ...empty, slug: 'chosen' }, preview)).toMatchObject({ title: 'Tiny Forest' });
    expect(campaignPrefill({ ...empty, slug: 'chosen' }, preview)).not.toHaveProperty('slug');
  });

  it('takes only an https image, and nothing the page did not give', () => {
    expect(campaignPrefill(empty, { ...preview, image: 'http://example.org/cover.jpg' })).not.toHaveProperty('cover_image');
    expect(campaignPrefill(empty, { title: null, description: null, image: null, ...noBasics })).toEqual({});
  });

  it('fills the empty campaign basics, starting facts on the pasted link\'s platform when there are none', () => {
    const basics = {
      creator_name: 'Loomwright',
      location: 'Lisbon, Portugal',
      video_url: 'https://vimeo.com/76979871',
      reward_from: { amount: '89.00', currency: 'EUR' },
    };
    const started = campaignPrefill({ ...empty, campaign: null, campaign_url: 'https://www.indiegogo.com/projects/loom' }, { ...preview, ...basics });
    expect(started.campaign).toEqual({
      ...EMPTY_CAMPAIGN_DRAFT,
      platform: 'indiegogo',
      currency: 'EUR',
      creator_name: 'Loomwright',
      location: 'Lisbon, Portugal',
      video_url: 'https://vimeo.com/76979871',
      reward_from: '89',
    });
    // What the editor typed stays; a price in another currency than the campaign's is left out.
    const typed = { ...EMPTY_CAMPAIGN_DRAFT, currency: 'USD', creator_name: 'Mine' };
    const kept = campaignPrefill({ ...empty, campaign: typed }, { ...preview, ...basics });
    expect(kept.campaign).toEqual({ ...typed, location: 'Lisbon, Portugal', video_url: 'https://vimeo.com/76979871' });
    // Nothing missing that the page gives: the facts are not touched.
    expect(campaignPrefill({ ...empty, campaign: { ...typed, location: 'x', video_url: 'y', reward_from: '1' } }, { ...preview, ...basics })).not.toHaveProperty('campaign');
  });
});

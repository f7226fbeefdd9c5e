import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_POSTS } from '../../app/lib/admin-content.ts';
import {
  campaignProblems,
  contentPayload,
  EMPTY_CAMPAIGN_DRAFT,
  EMPTY_DRAFT,
  publicationProblem,
  readTimeValue,
  stageOf,
  type ContentDraft,
} from '../../app/lib/content-payload.ts';
import type { PostJson, ResourceJson } from '../../common/answers.ts';
import { postInputSchema, postUpdateSchema } from '../../common/schemas/post.ts';
import { resourceInputSchema } from '../../common/schemas/resource.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const NOW_SECONDS = NOW / 1000;

/** A stored post as the API answers it. */
const POST_JSON = {
  id: 7,
  slug: 'solar-kettle',
  title: 'Solar Kettle',
  excerpt: null,
  content: 'Body',
  cover_image: null,
  campaign_url: null,
  campaign: null,
  sponsored: false,
  sponsored_submission_id: null,
  review: null,
  status: 'published',
  read_time: 1,
  published_at: null,
  created_at: NOW_SECONDS - 86_400,
  updated_at: NOW_SECONDS - 3600,
  version: 4,
  category_ids: [],
  post_categories: [],
} as unknown as PostJson & ResourceJson;

const draft = (changes: Partial<ContentDraft> = {}): ContentDraft => ({
  ...EMPTY_DRAFT,
  title: 'Solar Kettle',
  slug: 'solar-kettle',
  content: 'Body',
  ...changes,
});

describe('the editor payload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a new published post with published_at now, its categories, its own read time and no version', () => {
    const payload = contentPayload(
      'post',
      draft({ stage: 'published', category_ids: ['tech', 'design'], read_time: '7', readTimeOverridden: true }),
      null,
    );
    expect(payload).toEqual({
      title: 'Solar Kettle',
      slug: 'solar-kettle',
      excerpt: null,
      content: 'Body',
      cover_image: null,
      campaign_url: null,
      campaign: null,
      status: 'published',
      read_time: 7,
      published_at: NOW_SECONDS,
      category_ids: ['tech', 'design'],
      sponsored: false,
      pinned: false,
      review: null,
    });
    expect(postInputSchema.safeParse(payload).success).toBe(true);
  });

  it("sends a post's pin to the home page, which a resource has not", () => {
    const pinned = contentPayload('post', draft({ stage: 'published', pinned: true }), 4);
    expect(pinned).toMatchObject({ pinned: true, version: 4 });
    expect(postUpdateSchema.parse(pinned).pinned).toBe(true);
    expect(contentPayload('resource', draft({ pinned: true }), 4)).not.toHaveProperty('pinned');
  });

  it('sends an edited draft post with its version and without published_at', () => {
    const payload = contentPayload('post', draft({ stage: 'draft', campaign_url: 'https://example.com/k' }), 3);
    expect(payload).toMatchObject({ version: 3, campaign_url: 'https://example.com/k', category_ids: [] });
    expect(payload).not.toHaveProperty('published_at');
    expect(postUpdateSchema.safeParse(payload).success).toBe(true);
  });

  it('keeps the publication time the editor holds, and schedules one still ahead', () => {
    const kept = contentPayload('post', draft({ stage: 'published', publish_at: Date.UTC(2026, 2, 14, 12) / 1000 }), 3);
    expect(kept).toMatchObject({ version: 3, status: 'published', published_at: Date.UTC(2026, 2, 14, 12) / 1000 });
    const scheduled = contentPayload('post', draft({ stage: 'scheduled', publish_at: Date.UTC(2026, 10, 23, 9, 30) / 1000 }), null);
    expect(scheduled).toMatchObject({ status: 'published', published_at: Date.UTC(2026, 10, 23, 9, 30) / 1000 });
    expect(postInputSchema.safeParse(scheduled).success).toBe(true);
    // None: now.
    expect(contentPayload('post', draft({ stage: 'published' }), 3)).toMatchObject({ published_at: NOW_SECONDS });
    const resource = contentPayload('resource', draft({ stage: 'scheduled', publish_at: Date.UTC(2026, 10, 23, 9, 30) / 1000 }), 2);
    expect(resource).toMatchObject({ published_at: Date.UTC(2026, 10, 23, 9, 30) / 1000, version: 2 });
  });

  it('publishes a post taken offline again on its first publication date, not now', () => {
    const firstPublished = Date.UTC(2026, 2, 14, 12) / 1000;
    const stored = { ...POST_JSON, status: 'draft' as const, published_at: firstPublished };
    const offline = ADMIN_POSTS.draftOf(stored);
    expect(offline).toMatchObject({ stage: 'draft', publish_at: firstPublished });
    expect(contentPayload('post', { ...offline, stage: 'published' }, stored.version)).toMatchObject({
      status: 'published',
      published_at: firstPublished,
    });
  });

  it('reads the stage of a stored item: scheduled is published with its time ahead', () => {
    expect(stageOf({ status: 'published', published_at: NOW_SECONDS + 60 })).toBe('scheduled');
    expect(stageOf({ status: 'published', published_at: NOW_SECONDS })).toBe('published');
    expect(stageOf({ status: 'draft', published_at: NOW_SECONDS + 60 })).toBe('draft');
  });

  it('asks a schedule for a time ahead, and Published for a time reached or none', () => {
    expect(publicationProblem({ stage: 'scheduled', publish_at: null })).toBe('Choose a publication time ahead to schedule');
    expect(publicationProblem({ stage: 'scheduled', publish_at: NOW_SECONDS })).toBe('Choose a publication time ahead to schedule');
    expect(publicationProblem({ stage: 'scheduled', publish_at: NOW_SECONDS + 60 })).toBeUndefined();
    expect(publicationProblem({ stage: 'published', publish_at: NOW_SECONDS + 60 })).toBe(
      'This time is ahead: choose Scheduled to publish then, or clear it to publish now',
    );
    expect(publicationProblem({ stage: 'published', publish_at: null })).toBeUndefined();
    expect(publicationProblem({ stage: 'draft', publish_at: NOW_SECONDS + 60 })).toBeUndefined();
  });

  it('sends a resource with nulls for an empty excerpt, cover and overridden read time, published_at only when published', () => {
    expect(contentPayload('resource', draft({ excerpt: '  ', read_time: 'abc', readTimeOverridden: true }), null)).toEqual({
      title: 'Solar Kettle',
      slug: 'solar-kettle',
      excerpt: null,
      content: 'Body',
      cover_image: null,
      read_time: null,
      status: 'draft',
      published_at: null,
    });
    const published = contentPayload('resource', draft({ stage: 'published', cover_image: '/uploads/a.png' }), 5);
    expect(published).toMatchObject({ published_at: NOW_SECONDS, cover_image: '/uploads/a.png', version: 5 });
    expect(published).not.toHaveProperty('campaign_url');
    expect(resourceInputSchema.safeParse(published).success).toBe(true);
  });

  it('sends the read time estimated from the content unless the author overrides it', () => {
    const long = Array.from({ length: 500 }, () => 'word').join(' ');
    expect(contentPayload('post', draft({ content: long, read_time: '9' }), null)).toMatchObject({ read_time: 3 });
    expect(contentPayload('resource', draft({ content: 'Short.' }), 2)).toMatchObject({ read_time: 1 });
    expect(contentPayload('post', draft({ content: long, read_time: '9', readTimeOverridden: true }), null)).toMatchObject({ read_time: 9 });
    expect(contentPayload('post', draft({ content: long, read_time: '', readTimeOverridden: true }), null)).toMatchObject({ read_time: null });
  });

  it('reads read time as whole minutes, or null when empty or not a number', () => {
    expect(readTimeValue('')).toBeNull();
    expect(readTimeValue('  ')).toBeNull();
    expect(readTimeValue('12')).toBe(12);
    expect(readTimeValue('4.7')).toBe(4);
    expect(readTimeValue('Infinity')).toBeNull();
  });
});

describe('the campaign facts in the editor', () => {
  const stored = {
    platform: 'indiegogo',
    url: null,
    currency: 'EUR',
    goal: 2_000_000,
    pledged: 4_821_050,
    backers: 512,
    launched_at: 1_800_000_000,
    ends_at: 1_801_000_000,
    state: 'live',
    facts_updated_at: 1_800_000_000,
    facts_source: 'creator',
  } as const;

  it('shows stored amounts in major units and sends them back as the same minor units', () => {
    const draft = ADMIN_POSTS.draftOf({ ...POST_JSON, campaign: { ...stored, percent_funded: 241, seconds_left: 1, badges: [] } });
    expect(draft.campaign).toMatchObject({ goal: '20000', pledged: '48210.50', backers: '512', currency: 'EUR' });
    const payload = contentPayload('post', draft, 4) as { campaign: unknown };
    expect(payload.campaign).toEqual({
      platform: 'indiegogo',
      state: 'live',
      currency: 'EUR',
      goal: 2_000_000,
      pledged: 4_821_050,
      backers: 512,
      launched_at: 1_800_000_000,
      ends_at: 1_801_000_000,
      // Sent as null when there is none, so clearing the field clears the stored tag.
      ref_tag: null,
      // The basics alike: none known is null.
      creator_name: null,
      location: null,
      reward_from: null,
      delivery_estimate: null,
      video_url: null,
    });
    expect(postUpdateSchema.safeParse(payload).success).toBe(true);
  });

  it('shows the stored basics and sends them back, the reward in minor units and the poster left to the server', () => {
    const basics = {
      creator_name: 'Loomwright',
      location: 'Lisbon, Portugal',
      reward_from: 8_950,
      delivery_estimate: '2027-03',
      video_url: 'https://vimeo.com/76979871',
    };
    const draft = ADMIN_POSTS.draftOf({
      ...POST_JSON,
      campaign: { ...stored, ...basics, video_poster: '/uploads/x.jpg', percent_funded: 241, seconds_left: 1, badges: [] },
    });
    expect(draft.campaign).toMatchObject({ ...basics, reward_from: '89.50' });
    const payload = contentPayload('post', draft, 4) as { campaign: Record<string, unknown> };
    expect(payload.campaign).toMatchObject(basics);
    expect(payload.campaign).not.toHaveProperty('video_poster');
    expect(postUpdateSchema.safeParse(payload).success).toBe(true);
    const typo = { ...EMPTY_CAMPAIGN_DRAFT, currency: 'EUR', reward_from: '89.505' };
    expect(campaignProblems(typo)).toEqual({ 'campaign.reward_from': 'Reward from must be an amount in EUR, such as 20000 or 20000.50' });
    const wrong = { ...EMPTY_CAMPAIGN_DRAFT, delivery_estimate: 'March', video_url: 'https://www.dailymotion.com/video/x7tgad0' };
    expect(campaignProblems(wrong)).toEqual({
      'campaign.delivery_estimate': 'Delivery estimate must be a month written YYYY-MM, such as 2027-03',
      'campaign.video_url': 'Video URL must be a YouTube or Vimeo video address',
    });
  });

  it('sends the referral tag back as stored, trimmed', () => {
    const draft = ADMIN_POSTS.draftOf({ ...POST_JSON, campaign: { ...stored, ref_tag: 'showcase', percent_funded: 241, seconds_left: 1, badges: [] } });
    expect(draft.campaign?.ref_tag).toBe('showcase');
    const edited = { ...draft, campaign: draft.campaign && { ...draft.campaign, ref_tag: '  news-1  ' } };
    expect((contentPayload('post', edited, 4) as { campaign: { ref_tag: unknown } }).campaign.ref_tag).toBe('news-1');
  });

  it('refuses amounts the currency cannot hold, by field, before anything is sent', () => {
    const campaign = { ...EMPTY_CAMPAIGN_DRAFT, currency: 'JPY', goal: '1000.5', pledged: '12,000', backers: 'many' };
    expect(campaignProblems(campaign)).toEqual({
      'campaign.goal': 'Goal must be an amount in JPY, such as 20000 or 20000.50',
      'campaign.backers': 'Backers must be a whole number, zero or more',
    });
    expect(campaignProblems(null)).toEqual({});
  });
});

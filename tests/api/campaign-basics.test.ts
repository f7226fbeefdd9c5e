/**
 * A campaign's basics through the API (decision 094): who runs it, where,
 * from how much, when it ships and its video, each at its limits and one
 * past them; a refusal names the field and changes nothing. Runs on both
 * engines (the api-postgres project).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PostJson } from '../../common/answers.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { BASE_TIME, contentHelpers, POST_KIND, uniqueSlug } from './content-kinds.ts';

const t = useTestApp();
const { create } = contentHelpers<PostJson>(t, POST_KIND);
let token: string;
beforeAll(async () => {
  token = await t.adminToken();
});

const BASICS = {
  creator_name: 'Loomwright',
  location: 'Lisbon, Portugal',
  reward_from: 8900,
  delivery_estimate: '2027-03',
  video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
};

const campaignWith = (overrides: Record<string, unknown> = {}) => ({
  platform: 'kickstarter',
  currency: 'EUR',
  goal: 2_000_000,
  pledged: 1_000_000,
  backers: 120,
  state: 'live',
  ...BASICS,
  ...overrides,
});

async function update(post: PostJson, changes: Record<string, unknown>) {
  const { id, version, created_at: _c, updated_at: _u, post_categories: _p, campaign: _campaign, sponsored_submission_id: _s, ...fields } = post;
  return t.request<PostJson>('PUT', `/admin/posts/${id}`, { token, body: { ...fields, version, ...changes } });
}

describe('the campaign basics', () => {
  it('are stored with the campaign and answered on the public and back-office answers', async () => {
    const post = await create({ published_at: BASE_TIME, campaign: campaignWith() });
    expect(post.campaign).toMatchObject({ ...BASICS, video_poster: null });
    const detail = await t.request<PostJson>('GET', `/posts/${post.slug}`);
    expect(detail.body.campaign).toMatchObject(BASICS);
    const admin = await t.request<PostJson>('GET', `/admin/posts/${post.id}`, { token });
    expect(admin.body.campaign).toMatchObject(BASICS);
  });

  it('are all optional: left out or empty, they are null', async () => {
    const post = await create({
      published_at: BASE_TIME,
      campaign: { platform: 'kickstarter', currency: 'USD', goal: 100, creator_name: '  ', location: '', video_url: '' },
    });
    expect(post.campaign).toMatchObject({ creator_name: null, location: null, reward_from: null, delivery_estimate: null, video_url: null });
  });

  it('keep a video in one canonical form, from each YouTube and Vimeo spelling', async () => {
    const cases: [string, string][] = [
      ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      ['https://vimeo.com/76979871', 'https://vimeo.com/76979871'],
      ['https://player.vimeo.com/video/76979871', 'https://vimeo.com/76979871'],
    ];
    for (const [given, stored] of cases) {
      const post = await create({ published_at: BASE_TIME, campaign: campaignWith({ video_url: given }) });
      expect(post.campaign?.video_url).toBe(stored);
    }
  });

  it.each([
    ['a creator name of 120 characters', { creator_name: 'c'.repeat(120) }],
    ['a location of 120 characters', { location: 'l'.repeat(120) }],
    ['a reward from 0', { reward_from: 0 }],
    ['the largest reward a number holds exactly', { reward_from: Number.MAX_SAFE_INTEGER }],
    ['a delivery in January', { delivery_estimate: '2027-01' }],
    ['a delivery in December', { delivery_estimate: '2027-12' }],
  ])('take %s', async (_name, basics) => {
    const post = await create({ published_at: BASE_TIME, campaign: campaignWith(basics) });
    expect(post.campaign).toMatchObject(basics);
  });

  it.each([
    ['a creator name of 121 characters', { creator_name: 'c'.repeat(121) }, 'Creator name must be at most 120 characters'],
    ['a creator name on two lines', { creator_name: 'Loom\nwright' }, 'Creator name must be a single line'],
    ['a location of 121 characters', { location: 'l'.repeat(121) }, 'Location must be at most 120 characters'],
    ['a negative reward', { reward_from: -1 }, 'Reward from must be a whole number, zero or more'],
    ['a reward in major units with cents', { reward_from: 89.5 }, 'Reward from must be a whole number, zero or more'],
    ['a reward past what a number holds exactly', { reward_from: Number.MAX_SAFE_INTEGER + 1 }, 'Reward from must be a whole number'],
    ['a reward as text', { reward_from: '89' }, 'Reward from must be a whole number'],
    ['a delivery in month 13', { delivery_estimate: '2027-13' }, 'Delivery estimate must be a month written YYYY-MM'],
    ['a delivery in month 00', { delivery_estimate: '2027-00' }, 'Delivery estimate must be a month written YYYY-MM'],
    ['a delivery as a day', { delivery_estimate: '2027-03-01' }, 'Delivery estimate must be a month written YYYY-MM'],
    ['a delivery in words', { delivery_estimate: 'Mar 2027' }, 'Delivery estimate must be a month written YYYY-MM'],
    ['a video on another host', { video_url: 'https://www.dailymotion.com/video/x7tgad0' }, 'Video URL must be a YouTube or Vimeo video address'],
    ['a look-alike host', { video_url: 'https://youtube.com.example.com/watch?v=dQw4w9WgXcQ' }, 'Video URL must be a YouTube or Vimeo'],
    ['a YouTube address that names no video', { video_url: 'https://www.youtube.com/@loomwright' }, 'Video URL must be a YouTube or Vimeo'],
    ['a YouTube id one character short', { video_url: 'https://youtu.be/dQw4w9WgXc' }, 'Video URL must be a YouTube or Vimeo'],
    ['a script address', { video_url: 'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ' }, 'Video URL must be a YouTube or Vimeo'],
    ['a Vimeo address with credentials', { video_url: 'https://user:pw@vimeo.com/76979871' }, 'Video URL must be a YouTube or Vimeo'],
  ])('refuse %s with 400 naming the field, and change nothing', async (_name, basics, message) => {
    const post = await create({ published_at: BASE_TIME, campaign: campaignWith() });
    const response = await update(post, { title: 'Should not be saved', campaign: campaignWith(basics) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
    const stored = await t.request<PostJson>('GET', `/admin/posts/${post.id}`, { token });
    expect(stored.body).toMatchObject({ title: post.title, version: post.version });
    expect(stored.body.campaign).toMatchObject(BASICS);

    const created = await t.request('POST', '/admin/posts', {
      token,
      body: { ...POST_KIND.payload(uniqueSlug('refused-basics')), campaign: campaignWith(basics) },
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ error: 'VALIDATION_FAILED', message: expect.stringContaining(message) });
  });

  it('stay when the creator updates the numbers through their link', async () => {
    const post = await create({ published_at: BASE_TIME, campaign: campaignWith() });
    const link = await t.request<{ update_url: string }>('POST', `/admin/posts/${post.id}/campaign/update-link`, { token });
    expect(link.status).toBe(201);
    const updated = await t.request('PUT', new URL(link.body.update_url).pathname, { body: { pledged: 1_500_000 }, ip: '203.0.113.94' });
    expect(updated.status).toBe(200);
    const after = await t.request<PostJson>('GET', `/posts/${post.slug}`);
    expect(after.body.campaign).toMatchObject({ ...BASICS, pledged: 1_500_000 });
  });

  it('change nothing about the numbers\' freshness when only they change', async () => {
    const post = await create({ published_at: BASE_TIME, campaign: campaignWith() });
    await t.handle.db.updateTable('post_campaigns').set({ facts_updated_at: 1_700_000_000 }).where('post_id', '=', post.id).execute();
    const fresh = (await t.request<PostJson>('GET', `/admin/posts/${post.id}`, { token })).body;
    const response = await update(fresh, { campaign: campaignWith({ creator_name: 'Loomwright Studio' }) });
    expect(response.status).toBe(200);
    expect(response.body.campaign).toMatchObject({ creator_name: 'Loomwright Studio', facts_updated_at: 1_700_000_000 });
  });
});

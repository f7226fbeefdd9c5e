// Campaigns to follow and follows made as a reader makes them, through the API (decision 097).
import { createPost } from './posts.ts';
import { freshIp, type TestApp } from './test-app.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;
const now = () => Math.floor(Date.now() / 1000);

/** A live campaign's facts, 20 days from its end, over what `overrides` say. */
export const campaignFacts = (overrides: Record<string, unknown> = {}) => ({
  platform: 'kickstarter',
  currency: 'usd',
  goal: 2_000_000,
  pledged: 500_000,
  backers: 80,
  launched_at: now() - 2 * DAY,
  ends_at: now() + 20 * DAY,
  state: 'live',
  ...overrides,
});

/** A published post with `campaign` (none for null). */
export async function postWithCampaign(t: Pick<TestApp, 'request' | 'adminToken'>, campaign: Record<string, unknown> | null = campaignFacts()) {
  return createPost(t, { campaign_url: 'https://www.kickstarter.com/projects/someone/something', campaign });
}

/** A reader's follow request, from a client address of its own unless given. */
export const follow = (t: Pick<TestApp, 'request'>, slug: string, email: string, ip = freshIp()) =>
  t.request('POST', `/posts/${slug}/follow`, { body: { email }, ip });

/** The token of the confirmation link in a mail's text. */
export const confirmTokenOf = (text: string) => /follow\/confirm\?token=([\w-]{43})/.exec(text)?.[1] ?? '';

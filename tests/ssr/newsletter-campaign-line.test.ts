/**
 * An "ending soon" issue once sent: its web version shows each post's
 * campaign fact line, as the mail did, and a post without a campaign shows
 * none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { saveCampaign } from '../../server/db/queries/campaigns.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { decodeHtml, seedPost, textsOf, useSiteApp } from './site-app.ts';

const DAY = 86_400;
const HOUR = 3600;

const { t, site } = useSiteApp({ app: { env: { NEWSLETTER_DOUBLE_OPT_IN: 'false' } } });

const admin = adminCalls(t, { prefix: '/admin/newsletters' });

let slug: string;

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  const drone = await seedPost(t, { slug: 'pocket-drone', title: 'Pocket Drone' });
  await t.deps.db.transaction().execute((trx) =>
    saveCampaign(trx, drone.id, {
      platform: 'kickstarter',
      currency: 'USD',
      goal: 2_000_000,
      pledged: 4_821_000,
      backers: 241,
      launched_at: now - 20 * DAY,
      // Whole days left, an hour off the boundary, so the seconds a test takes do not change the words.
      ends_at: now + 5 * DAY + HOUR,
      state: 'live',
      facts_updated_at: now,
      facts_source: 'editor',
    }),
  );
  await t.request('POST', '/submissions/newsletter', { body: { email: `line.reader.${Date.now()}@example.com` } });
  const drafted = await admin('POST', '/ending-soon');
  expect(drafted.status, JSON.stringify(drafted.body)).toBe(201);
  const plain = await seedPost(t, { slug: 'plain-review', title: 'Plain Review' });
  const edited = await admin('PUT', `/${drafted.body.id}`, {
    subject: drafted.body.subject,
    intro: drafted.body.intro,
    post_ids: [...drafted.body.post_ids, plain.id],
    version: drafted.body.version,
  });
  expect(edited.status).toBe(200);
  slug = edited.body.slug;
  expect((await admin('POST', `/${drafted.body.id}/send`)).status).toBe(202);
  await t.deps.jobs.whenIdle();
});

describe('the web version of an issue with campaigns', () => {
  it("shows each campaign's fact line under its post's title, and none for a post without one", async () => {
    const response = await site.get(`/newsletter/${slug}`);
    expect(response.status).toBe(200);
    const html = decodeHtml(await response.text());
    expect(textsOf(html, 'h1')).toEqual(['Ending soon: 1 campaign to back this week']);
    const drone = html.slice(html.indexOf('Pocket Drone</a>'), html.indexOf('Plain Review</a>'));
    expect(drone).toContain('<p class="mt-2 font-medium">$48,210 pledged of $20,000 · 241\u00a0% · 5 days left</p>');
    const plain = html.slice(html.indexOf('Plain Review</a>'));
    expect(plain.slice(0, plain.indexOf('</li>'))).not.toContain('pledged');
  });
});

/**
 * "Start from ending soon": a draft issue of the live campaigns ending
 * within 7 days, refused (and nothing created) when none does; and each
 * campaign's fact line in the issue's preview and in the mail it sends
 * through the usual flow. Runs on SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const SITE = 'https://showcase.example';
const HOUR = 3600;
const DAY = 24 * HOUR;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: SITE, NEWSLETTER_DOUBLE_OPT_IN: 'false', NEWSLETTER_RATE_PER_SECOND: '0' } });
  token = await t.adminToken();
});

afterAll(async () => {
  await t?.close();
});

const now = () => Math.floor(Date.now() / 1000);

let counter = 0;

/** A post with a campaign; published unless said otherwise. */
async function createCampaignPost(title: string, campaign: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const response = await t.request('POST', '/admin/posts', {
    token,
    body: {
      title,
      slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${++counter}`,
      content: `About ${title}.`,
      excerpt: `${title} in one line.`,
      status: 'published',
      category_ids: [],
      campaign: {
        platform: 'kickstarter',
        url: 'https://www.kickstarter.com/projects/example',
        currency: 'USD',
        goal: 2_000_000,
        pledged: 4_821_000,
        backers: 241,
        launched_at: now() - 20 * DAY,
        state: 'live',
        ...campaign,
      },
      ...overrides,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; slug: string; title: string };
}

const draftEndingSoon = () => t.request('POST', '/admin/newsletters/ending-soon', { token });
const countIssues = async () =>
  Number((await t.handle.db.selectFrom('newsletter_issues').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);

describe('starting an issue from the campaigns ending soon', () => {
  it('refuses the back office API without a token', async () => {
    expect((await t.request('POST', '/admin/newsletters/ending-soon')).status).toBe(401);
  });

  it('is refused clearly, and creates nothing, when no live campaign ends within 7 days', async () => {
    // Near misses: too late, already over, not live, not public, canceled.
    await createCampaignPost('Ends Next Month', { ends_at: now() + 8 * DAY });
    await createCampaignPost('Ended Yesterday', { ends_at: now() - DAY, state: 'successful' });
    await createCampaignPost('Past Its End', { launched_at: now() - 30 * DAY, ends_at: now() - HOUR });
    await createCampaignPost('Not Launched', { state: 'upcoming', launched_at: now() + DAY, ends_at: now() + 3 * DAY });
    await createCampaignPost('Canceled Drone', { state: 'canceled', ends_at: now() + 2 * DAY });
    await createCampaignPost('Draft Review', { ends_at: now() + 2 * DAY }, { status: 'draft' });
    const before = await countIssues();

    const response = await draftEndingSoon();
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'NO_ENDING_CAMPAIGNS',
      message: 'No live campaign ends within the next 7 days, so there is nothing for an "ending soon" issue. No issue was created.',
    });
    expect(await countIssues()).toBe(before);
  });

  it('drafts an issue of the live campaigns ending within 7 days, the soonest first', async () => {
    // Whole days left, an hour off the boundary, so the seconds a test takes do not change the words.
    const later = await createCampaignPost('Pocket Drone', { ends_at: now() + 6 * DAY - HOUR });
    const sooner = await createCampaignPost('Tabletop Saga', { ends_at: now() + 2 * DAY + HOUR, goal: 5_000_000, pledged: 1_000_000 });
    const before = await countIssues();

    const response = await draftEndingSoon();
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      status: 'draft',
      subject: 'Ending soon: 2 campaigns to back this week',
      intro: 'These 2 campaigns close within the next 7 days. Here is where each one stands: back the ones you like before time runs out.',
      post_ids: [sooner.id, later.id],
      version: 1,
    });
    expect(await countIssues()).toBe(before + 1);
    const stored = await t.handle.db
      .selectFrom('newsletter_issues')
      .select(['subject', 'status'])
      .where('id', '=', response.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.subject).toBe('Ending soon: 2 campaigns to back this week');
    expect(stored.status).toBe('draft');
  });

  it("previews each campaign's fact line under its post, in the HTML and the plain text", async () => {
    const drafted = (await draftEndingSoon()).body;
    const preview = await t.request('POST', '/admin/newsletters/preview', {
      token,
      body: { subject: drafted.subject, intro: drafted.intro, post_ids: drafted.post_ids },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('$10,000 pledged of $50,000 · 20\u00a0% · 2 days left');
    expect(preview.body.html).toContain('$48,210 pledged of $20,000 · 241\u00a0% · 5 days left');
    expect(preview.body.text).toMatch(/Tabletop Saga\n\$10,000 pledged of \$50,000 · 20\u00a0% · 2 days left\n/);
    expect(preview.body.text).toMatch(/Pocket Drone\n\$48,210 pledged of \$20,000 · 241\u00a0% · 5 days left\n/);
  });

  it('sends the edited draft through the usual flow, each fact line in the mail', async () => {
    const email = `ending.${Date.now()}@example.com`;
    expect((await t.request('POST', '/submissions/newsletter', { body: { email }, ip: freshIp() })).status).toBe(201);
    const drafted = (await draftEndingSoon()).body;
    const edited = await t.request('PUT', `/admin/newsletters/${drafted.id}`, {
      token,
      body: { subject: 'Last call: two campaigns', intro: drafted.intro, post_ids: drafted.post_ids, version: drafted.version },
    });
    expect(edited.status).toBe(200);
    expect((await t.request('POST', `/admin/newsletters/${drafted.id}/send`, { token })).status).toBe(202);
    await t.deps.jobs.whenIdle();
    const mail = await t.handle.db
      .selectFrom('outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Last call: two campaigns');
    expect(mail.text_body).toContain('Tabletop Saga\n$10,000 pledged of $50,000 · 20\u00a0% · 2 days left\n');
    expect(mail.html_body).toContain('$48,210 pledged of $20,000 · 241\u00a0% · 5 days left');
  });
});

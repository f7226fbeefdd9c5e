/**
 * The alerts of followed campaigns on a controlled clock (decision 097):
 * each moment at its boundary (one second before: nothing; at it: one
 * mail; after it: nothing more), an end date moved, a moment that no
 * longer holds skipped, two moments due together for one reader in one
 * mail, the last mail ending the follow, and RFC 8058 one-click
 * unsubscribe. The facts are changed in the database itself: the alerts
 * follow the facts, whoever changed them. Mails go to a real SMTP server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uniqueEmail } from '../helpers/emails.ts';
import { campaignFacts, follow, postWithCampaign } from '../helpers/follows.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const SITE = 'https://showcase.example';
const HOUR = 3600;
const DAY = 24 * HOUR;

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    env: { SMTP_URL: sink.url, PUBLIC_URL: SITE, NEWSLETTER_DOUBLE_OPT_IN: 'false', NEWSLETTER_RATE_PER_SECOND: '0' },
  });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The clock held at the real second, from which a test moves it (posts are saved at its start, while sessions hold). */
const startClock = () => {
  vi.useRealTimers();
  const start = Math.floor(Date.now() / 1000);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start * 1000);
  return start;
};

/** The alerts' pass at `at`, run to its end. */
async function passAt(at: number): Promise<void> {
  vi.setSystemTime(at * 1000);
  await t.services.followAlerts.checkSoon();
  await t.deps.jobs.whenIdle();
}

async function recordedAlerts(email: string) {
  const alerts = await t.handle.db.selectFrom('follow_alerts').select(['id', 'status']).where('email', '=', email).orderBy('id').execute();
  const moments = await t.handle.db
    .selectFrom('follow_alert_moments')
    .select(['alert_id', 'moment'])
    .where(
      'alert_id',
      'in',
      alerts.length === 0 ? [0] : alerts.map((alert) => alert.id),
    )
    .execute();
  return alerts.map((alert) => ({
    status: alert.status,
    moments: moments
      .filter((moment) => moment.alert_id === alert.id)
      .map((moment) => moment.moment)
      .sort(),
  }));
}

async function followStatus(email: string, postId: number) {
  return (await t.handle.db.selectFrom('follows').select('status').where('email', '=', email).where('post_id', '=', postId).executeTakeFirstOrThrow()).status;
}

async function setFacts(postId: number, facts: Record<string, unknown>) {
  await t.handle.db.updateTable('post_campaigns').set(facts).where('post_id', '=', postId).execute();
}

async function followed(campaign: Record<string, unknown>, email = uniqueEmail('follower')) {
  const post = await postWithCampaign(t, campaign);
  expect((await follow(t, post.slug, email)).status).toBe(202);
  await t.deps.jobs.whenIdle();
  return { post, email };
}

// Each test moves the clock through several passes, each a run of the job with its mails: a busy machine needs the time.
describe('the alerts of a followed campaign', { timeout: 20_000 }, () => {
  it('sends "ending" at exactly 48 hours before the end, once', async () => {
    const start = startClock();
    const endsAt = start + 10 * DAY;
    const { email } = await followed(campaignFacts({ launched_at: start - DAY, ends_at: endsAt }));

    await passAt(endsAt - 48 * HOUR - 1);
    expect(await recordedAlerts(email)).toEqual([]);
    await passAt(endsAt - 48 * HOUR);
    expect(await recordedAlerts(email)).toEqual([{ status: 'sent', moments: ['ending'] }]);
    const [mail] = await sink.waitForMailsTo(email, 1);
    expect(mail?.parsed.subject).toMatch(/^Last 48 hours: /);
    await passAt(endsAt - 48 * HOUR + 1);
    expect(await recordedAlerts(email)).toHaveLength(1);
  });

  it('sends "ended" with the final result at the end second, as the last mail, which ends the follow', async () => {
    const start = startClock();
    const endsAt = start + 10 * DAY;
    const { post, email } = await followed(campaignFacts({ launched_at: start - DAY, ends_at: endsAt, goal: 2_000_000, pledged: 4_820_000, backers: 1873 }));
    await passAt(endsAt - 48 * HOUR);

    await passAt(endsAt - 1);
    expect(await recordedAlerts(email)).toHaveLength(1);
    expect(await followStatus(email, post.id)).toBe('following');
    await passAt(endsAt);
    expect((await recordedAlerts(email)).map((alert) => alert.moments)).toEqual([['ending'], ['ended']]);
    expect(await followStatus(email, post.id)).toBe('ended');
    const mails = await sink.waitForMailsTo(email, 2);
    expect(mails[1]?.parsed.text).toContain(`${post.title} funded at 241\u00a0% with 1,873 backers.`);

    // Nothing more, whatever happens to the campaign.
    await setFacts(post.id, { state: 'successful', pledged: 5_000_000 });
    await passAt(endsAt + DAY);
    expect(await recordedAlerts(email)).toHaveLength(2);
  });

  it('says "ended at 62 % of its goal" for a campaign that fell short', async () => {
    const start = startClock();
    const { post, email } = await followed(campaignFacts({ launched_at: start - DAY, ends_at: start + DAY, goal: 1_000_000, pledged: 620_000 }));
    await setFacts(post.id, { state: 'failed' });
    await passAt(start + 10);
    // Already inside its last 48 hours when followed: "ending" went at once; then the result.
    expect((await recordedAlerts(email)).map((alert) => alert.moments)).toEqual([['ending'], ['ended']]);
    const mails = await sink.waitForMailsTo(email, 2);
    expect(mails[1]?.parsed.text).toContain(`${post.title} ended at 62\u00a0% of its goal.`);
  });

  it('sends "launched" when a pre-launch campaign goes live, at its launch second', async () => {
    const start = startClock();
    const { post, email } = await followed(campaignFacts({ state: 'upcoming', launched_at: null, ends_at: null }));
    await passAt(start + 60);
    expect(await recordedAlerts(email)).toEqual([]);

    // Live from a set second, as an editor may enter it ahead.
    await setFacts(post.id, { state: 'live', launched_at: start + HOUR, ends_at: start + 30 * DAY });
    await passAt(start + HOUR - 1);
    expect(await recordedAlerts(email)).toEqual([]);
    await passAt(start + HOUR);
    expect(await recordedAlerts(email)).toEqual([{ status: 'sent', moments: ['launched'] }]);
    await passAt(start + HOUR + 1);
    expect(await recordedAlerts(email)).toHaveLength(1);
  });

  it('sends "funded" the first time pledged reaches the goal, and only then', async () => {
    const start = startClock();
    const { post, email } = await followed(campaignFacts({ launched_at: start - DAY, ends_at: start + 20 * DAY, goal: 1_000_000, pledged: 900_000 }));
    await setFacts(post.id, { pledged: 999_999 });
    await passAt(start + 60);
    expect(await recordedAlerts(email)).toEqual([]);
    await setFacts(post.id, { pledged: 1_000_000 });
    await passAt(start + 120);
    expect(await recordedAlerts(email)).toEqual([{ status: 'sent', moments: ['funded'] }]);
    // Falling back under the goal and reaching it again is no news.
    await setFacts(post.id, { pledged: 990_000 });
    await passAt(start + 180);
    await setFacts(post.id, { pledged: 1_200_000 });
    await passAt(start + 240);
    expect(await recordedAlerts(email)).toHaveLength(1);
  });

  it('moves "ending" with the end date', async () => {
    const start = startClock();
    const { post, email } = await followed(campaignFacts({ launched_at: start - DAY, ends_at: start + 10 * DAY }));
    await setFacts(post.id, { ends_at: start + 20 * DAY });
    await passAt(start + 8 * DAY);
    expect(await recordedAlerts(email)).toEqual([]);
    await passAt(start + 18 * DAY - 1);
    expect(await recordedAlerts(email)).toEqual([]);
    await passAt(start + 18 * DAY);
    expect(await recordedAlerts(email)).toEqual([{ status: 'sent', moments: ['ending'] }]);
  });

  it('skips "ending" for a campaign that ended before its 48-hour point, and tells only the result', async () => {
    const start = startClock();
    const { post, email } = await followed(campaignFacts({ launched_at: start - DAY, ends_at: start + 10 * DAY, goal: 1_000_000, pledged: 100_000 }));
    // Canceled by its creator on day 2.
    await setFacts(post.id, { state: 'canceled' });
    await passAt(start + 2 * DAY);
    expect(await recordedAlerts(email)).toEqual([{ status: 'sent', moments: ['ended'] }]);
    const follows = await t.handle.db.selectFrom('follows').select(['status', 'moments_done']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(follows.status).toBe('ended');
    expect(JSON.parse(follows.moments_done)).toEqual(['launched', 'ending', 'funded', 'ended']);
    const [mail] = await sink.waitForMailsTo(email, 1);
    expect(mail?.parsed.text).toContain(`${post.title} was canceled.`);
    await passAt(start + 8 * DAY);
    expect(await recordedAlerts(email)).toHaveLength(1);
  });

  it('tells one reader of two campaigns ending the same evening in one mail', async () => {
    const start = startClock();
    const endsAt = start + 5 * DAY;
    const email = uniqueEmail('two');
    const first = await followed(campaignFacts({ launched_at: start - DAY, ends_at: endsAt }), email);
    const second = await followed(campaignFacts({ launched_at: start - DAY, ends_at: endsAt }), email);
    const other = await followed(campaignFacts({ launched_at: start - DAY, ends_at: endsAt }));

    await passAt(endsAt - 48 * HOUR);
    expect(await recordedAlerts(email)).toEqual([{ status: 'sent', moments: ['ending', 'ending'] }]);
    const [mail] = await sink.waitForMailsTo(email, 1);
    expect(mail?.parsed.subject).toBe('News of 2 campaigns you follow');
    expect(mail?.parsed.text).toContain(first.post.title);
    expect(mail?.parsed.text).toContain(second.post.title);
    // Nobody else's address is in it, nor theirs in anyone else's.
    const [otherMail] = await sink.waitForMailsTo(other.email, 1);
    expect(mail?.to).toEqual([email.toLowerCase()]);
    expect(String(mail?.parsed.html)).not.toContain(other.email);
    expect(String(otherMail?.parsed.html)).not.toContain(email);
    expect(otherMail?.parsed.text).not.toContain(email);
  });

  it('carries RFC 8058 one-click unsubscribe, which ends the follow of that campaign, and a link that ends them all', async () => {
    const start = startClock();
    const email = uniqueEmail('leaving');
    const first = await followed(campaignFacts({ launched_at: start - DAY, ends_at: start + DAY }), email);
    const second = await followed(campaignFacts({ launched_at: start - DAY, ends_at: start + 30 * DAY }), email);
    await passAt(start + 1);
    const [mail] = await sink.waitForMailsTo(email, 1);
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(https:\/\/showcase\.example\/follow\/unsubscribe\?token=[^>]+)>$/.exec(mail?.header('list-unsubscribe') ?? '')?.[1];
    expect(unsubscribe).toBeDefined();
    const token = new URL(unsubscribe ?? '').searchParams.get('token') ?? '';
    // Nothing of the link is stored.
    const stored = JSON.stringify(await t.handle.db.selectFrom('follows').selectAll().where('email', '=', email).execute());
    expect(stored).not.toContain(token);

    await t.services.follows.leave(token, 'one-click');
    expect(await followStatus(email, first.post.id)).toBe('ended');
    expect(await followStatus(email, second.post.id)).toBe('following');

    const all = /Stop following every campaign: (\S+)/.exec(mail?.parsed.text ?? '')?.[1] ?? '';
    await t.services.follows.leave(new URL(all).searchParams.get('token') ?? '', 'link');
    expect(await followStatus(email, second.post.id)).toBe('ended');
    await passAt(start + 29 * DAY);
    expect(await recordedAlerts(email)).toHaveLength(1);
  });

  it('records each moment once when two passes run at the same moment', async () => {
    const start = startClock();
    const { email } = await followed(campaignFacts({ launched_at: start - DAY, ends_at: start + 10 * DAY }));
    vi.setSystemTime((start + 8 * DAY) * 1000);
    const passes = t.services.followAlerts as unknown as { recordDue: () => Promise<unknown> };
    await Promise.all([passes.recordDue(), passes.recordDue(), passes.recordDue()]);
    await passAt(start + 8 * DAY);
    expect(await recordedAlerts(email)).toEqual([{ status: 'sent', moments: ['ending'] }]);
    expect(await sink.waitForMailsTo(email, 1)).toHaveLength(1);
  });
});

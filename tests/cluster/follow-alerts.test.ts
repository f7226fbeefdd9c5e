/**
 * The alerts of followed campaigns on a fleet (decision 097): two built
 * servers on one PostgreSQL, one SMTP server. A reader follows a running
 * campaign through one server; the editor moves its end inside the last
 * 48 hours through the other. The `ending` alert is worked out from the
 * facts by whichever server runs the recurring job, and exactly one mail
 * reaches the reader, with the alert's deterministic Message-ID. Then
 * hundreds of followers' alerts fall due at once and the server sending
 * them is killed part of the way through: the other takes the job and the
 * dead server's claims over once their leases run out, and every follower
 * gets the alert, only those in flight at the kill twice, with the same
 * Message-ID (the newsletter's bound).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailableReason } from '../faults/postgres-cluster.ts';
import { adminToken, cleanUpServers, killServer, type RunningServer } from '../faults/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createDatabase, eventually, fleetEnv, onDatabase, PostgresCluster, startPair } from './cluster.ts';

const unavailable = postgresUnavailableReason();
const SITE_HOST = 'showcase.example';
const HOUR = 3600;
const DAY = 24 * HOUR;
/** The job comes back at least every minute for facts changed without the clock; a busy machine adds to it. */
const ALERT_WITHIN_MS = 150_000;
const FOLLOWERS = 400;
const SMTP_CONNECTIONS = 2;
/** Slow enough that the sending lasts about twenty seconds: the kill lands in the middle of it. */
const RATE_PER_SECOND = 20;
/** The job's lease and then the dead server's claims on the alerts (60 s) run out before the rest is sent. */
const TAKE_OVER_WITHIN_MS = 240_000;

let cluster: PostgresCluster;
let sink: SmtpSink;
let databaseUrl: string;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  if (unavailable) return;
  cluster = await PostgresCluster.create();
  sink = await startSmtpSink();
  databaseUrl = await createDatabase(cluster);
  [a, b] = await startPair({
    ...fleetEnv(databaseUrl),
    SMTP_URL: sink.url,
    PUBLIC_URL: `https://${SITE_HOST}`,
    MAIL_FROM: '"Showcase" <news@showcase.example>',
    // The follow starts at once: the only mails are the alerts.
    NEWSLETTER_DOUBLE_OPT_IN: 'false',
    NEWSLETTER_RATE_PER_SECOND: String(RATE_PER_SECOND),
    NEWSLETTER_SMTP_CONNECTIONS: String(SMTP_CONNECTIONS),
  });
});

afterAll(async () => {
  await cleanUpServers();
  await sink?.close();
  await cluster?.destroy();
});

async function call<T = Record<string, unknown>>(server: RunningServer, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.baseUrl}/api${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

function postPayload(slug: string, title: string, campaign: Record<string, unknown>, now: number) {
  return {
    title,
    slug,
    excerpt: `Why ${title} is worth backing.`,
    content: '## About\n\nA careful review.',
    cover_image: null,
    campaign_url: `https://www.kickstarter.com/projects/${slug}`,
    status: 'published',
    read_time: 4,
    published_at: now - HOUR,
    category_ids: ['tech'],
    campaign,
  };
}

const followerOf = (index: number) => `fleet-follower-${String(index).padStart(3, '0')}@example.com`;

describe.skipIf(unavailable)('follow alerts on two servers', () => {
  it('sends one mail for the ending alert of a campaign whose end was moved inside 48 hours', async () => {
    const [tokenA, tokenB] = await Promise.all([adminToken(a), adminToken(b)]);
    const now = Math.floor(Date.now() / 1000);
    const campaign = { platform: 'kickstarter', currency: 'USD', goal: 2_000_000, pledged: 100_000, backers: 10, state: 'live', launched_at: now - DAY, ends_at: now + 20 * DAY };
    const payload = {
      title: 'Fleet Lamp',
      slug: 'fleet-lamp',
      excerpt: 'A lamp for a fleet.',
      content: '## About\n\nA careful review.',
      cover_image: null,
      campaign_url: 'https://www.kickstarter.com/projects/fleet-lamp',
      status: 'published',
      read_time: 4,
      published_at: now - HOUR,
      category_ids: ['tech'],
    };
    const created = await call<{ id: number }>(a, 'POST', '/admin/posts', { token: tokenA, body: { ...payload, campaign } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const postId = created.body.id;

    const email = 'fleet.follower@example.com';
    const followed = await call(b, 'POST', '/posts/fleet-lamp/follow', { body: { email } });
    expect(followed.status, JSON.stringify(followed.body)).toBe(202);
    expect(followed.body).toEqual({ status: 'following' });

    // Twenty days left: nothing is due.
    const saved = await call<{ version: number }>(b, 'GET', `/admin/posts/${postId}`, { token: tokenB });
    expect(sink.to(email)).toEqual([]);

    // The editor moves the end to a day from now, through the other server.
    const moved = await call(b, 'PUT', `/admin/posts/${postId}`, {
      token: tokenB,
      body: { ...payload, version: saved.body.version, campaign: { ...campaign, ends_at: now + DAY } },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const [mail] = await sink.waitForMailsTo(email, 1, ALERT_WITHIN_MS);
    expect(mail?.parsed.subject).toMatch(/Fleet Lamp/);
    expect(mail?.parsed.text).toMatch(/48 hours|ends/i);

    // Recorded once and marked sent, with no claim left: nothing can follow it.
    const alerts = await eventually('the alert marked sent', 30_000, () =>
      onDatabase(databaseUrl, async (client) => {
        const rows = await client.query<{ id: number; status: string; locked_by: string | null }>(
          'select id, status, locked_by from follow_alerts where email = $1',
          [email],
        );
        return rows.rows.every((row) => row.status === 'sent' && row.locked_by === null) ? rows.rows : undefined;
      }),
    );
    expect(alerts).toHaveLength(1);
    const moments = await onDatabase(databaseUrl, (client) =>
      client.query<{ moment: string }>('select moment from follow_alert_moments where alert_id = $1', [alerts[0]?.id]),
    );
    expect(moments.rows.map((row) => row.moment)).toEqual(['ending']);
    expect(sink.to(email)).toHaveLength(1);
    expect(mail?.header('message-id')).toBe(`<follow-alert-${alerts[0]?.id}@${SITE_HOST}>`);
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  }, ALERT_WITHIN_MS + 60_000);

  it('sends every alert when the server sending them is killed mid-way, only those in flight twice', async () => {
    const token = await adminToken(a);
    const now = Math.floor(Date.now() / 1000);
    // Already inside its last 48 hours, so every follower's `ending` alert is due at once.
    const campaign = { platform: 'kickstarter', currency: 'USD', goal: 2_000_000, pledged: 100_000, backers: 10, state: 'live', launched_at: now - 20 * DAY, ends_at: now + DAY };
    const created = await call<{ id: number }>(a, 'POST', '/admin/posts', { token, body: postPayload('fleet-kettle', 'Fleet Kettle', campaign, now) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Confirmed followers straight into the shared database, as a confirmation leaves them (the launch long past).
    await onDatabase(databaseUrl, (client) =>
      client.query(
        `insert into follows (post_id, email, status, moments_done, created_at, confirmed_at)
         select $1, 'fleet-follower-' || lpad(n::text, 3, '0') || '@example.com', 'following', '["launched"]', $2, $2
         from generate_series(0, $3::int - 1) as n`,
        [created.body.id, now, FOLLOWERS],
      ),
    );
    const isFollower = (address: string) => address.startsWith('fleet-follower-');
    const followerMails = () => sink.messages.filter((message) => message.to.some(isFollower));

    // The server holding claims on the alerts once the sending is under way.
    const sender = await eventually('alerts being sent', ALERT_WITHIN_MS, () =>
      onDatabase(databaseUrl, async (client) => {
        if (followerMails().length < 20) return undefined;
        const held = await client.query<{ locked_by: string }>("select locked_by from follow_alerts where status = 'pending' and locked_by is not null limit 1");
        const pid = held.rows[0]?.locked_by.split('-')[0];
        return [a, b].find((server) => String(server.child.pid) === pid);
      }),
    );
    await killServer(sender);
    const sentAtKill = await onDatabase(databaseUrl, async (client) =>
      Number((await client.query<{ count: string }>("select count(*) as count from follow_alerts where status = 'sent' and email like 'fleet-follower-%'")).rows[0]?.count),
    );
    // Killed part of the way through, not after the end.
    expect(sentAtKill).toBeLessThan(FOLLOWERS);

    // The other server sends the rest: every alert recorded as sent, none claimed.
    await eventually('every alert sent by the other server', TAKE_OVER_WITHIN_MS, () =>
      onDatabase(databaseUrl, async (client) => {
        const rows = await client.query<{ status: string; count: string; locked: string }>(
          "select status, count(*) as count, count(locked_by) as locked from follow_alerts where email like 'fleet-follower-%' group by status",
        );
        const counts = rows.rows.map((row) => ({ status: row.status, count: Number(row.count), locked: Number(row.locked) }));
        return counts.length === 1 && counts[0]?.status === 'sent' && counts[0].count === FOLLOWERS && counts[0].locked === 0 ? counts : undefined;
      }),
    );
    expect(
      await onDatabase(databaseUrl, async (client) =>
        Number((await client.query<{ count: string }>("select count(*) as count from follow_alerts where email like 'fleet-follower-%' and sent_at is not null")).rows[0]?.count),
      ),
    ).toBe(FOLLOWERS);

    // Nobody lost; only mails in flight at the kill twice, each copy with the same Message-ID.
    const byFollower = new Map<string, Set<string>>();
    const copies = new Map<string, number>();
    for (const message of followerMails()) {
      const to = message.to[0] ?? '';
      expect(message.to).toHaveLength(1);
      const ids = byFollower.get(to) ?? new Set<string>();
      ids.add(message.header('message-id') ?? '');
      byFollower.set(to, ids);
      copies.set(to, (copies.get(to) ?? 0) + 1);
    }
    expect([...byFollower.keys()].sort()).toEqual(Array.from({ length: FOLLOWERS }, (_, index) => followerOf(index)));
    expect([...byFollower.values()].every((ids) => ids.size === 1)).toBe(true);
    const twice = [...copies.values()].filter((count) => count > 1);
    expect(twice.every((count) => count === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(SMTP_CONNECTIONS);
  }, ALERT_WITHIN_MS + TAKE_OVER_WITHIN_MS + 60_000);
});

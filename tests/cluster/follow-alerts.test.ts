/**
 * The alerts of followed campaigns on a fleet (decision 097): two built
 * servers on one PostgreSQL, one SMTP server. A reader follows a running
 * campaign through one server; the editor moves its end inside the last
 * 48 hours through the other. The `ending` alert is worked out from the
 * facts by whichever server runs the recurring job, and exactly one mail
 * reaches the reader, with the alert's deterministic Message-ID.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailableReason } from '../faults/postgres-cluster.ts';
import { adminToken, cleanUpServers, type RunningServer } from '../faults/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createDatabase, eventually, fleetEnv, onDatabase, PostgresCluster, startPair } from './cluster.ts';

const unavailable = postgresUnavailableReason();
const SITE_HOST = 'showcase.example';
const HOUR = 3600;
const DAY = 24 * HOUR;
/** The job comes back at least every minute for facts changed without the clock; a busy machine adds to it. */
const ALERT_WITHIN_MS = 150_000;

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
});

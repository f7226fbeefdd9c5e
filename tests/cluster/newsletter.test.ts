/**
 * Newsletter sending on a fleet: two built servers on one PostgreSQL, both
 * sending through one SMTP server as fast as it takes them. Three issues are
 * sent at the same moment: one through each server, so both servers' job
 * workers claim jobs and delivery rows from the same tables at once
 * (`FOR UPDATE SKIP LOCKED`), and one through both servers at once, which
 * only one of them starts. Every active subscriber gets each issue exactly
 * once, with the deterministic Message-ID of its (issue, subscriber), and
 * nobody who left gets anything.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailableReason } from '../faults/postgres-cluster.ts';
import { adminToken, cleanUpServers, type RunningServer } from '../faults/server.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { createDatabase, eventually, fleetEnv, onDatabase, PostgresCluster, sleep, startPair } from './cluster.ts';

const unavailable = postgresUnavailableReason();
const ACTIVE = 500;
const UNSUBSCRIBED = 20;
const SITE_HOST = 'showcase.example';

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
    NEWSLETTER_DOUBLE_OPT_IN: 'false',
    NEWSLETTER_RATE_PER_SECOND: '0',
    NEWSLETTER_SMTP_CONNECTIONS: '2',
  });
});

afterAll(async () => {
  await cleanUpServers();
  await sink?.close();
  await cluster?.destroy();
});

async function api(server: RunningServer, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api/admin/newsletters${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Straight into the shared database: `ACTIVE` active subscribers and `UNSUBSCRIBED` who left. */
async function seedSubscribers(): Promise<Map<string, number>> {
  return onDatabase(databaseUrl, async (client) => {
    const now = Math.floor(Date.now() / 1000);
    await client.query(
      `insert into newsletter_subscribers (email, email_normalized, subscribed_at, status, confirmed_at)
       select 'fleet-reader-' || n || '@example.com', 'fleet-reader-' || n || '@example.com', $1, 'active', $1
       from generate_series(1, $2::int) as n`,
      [now, ACTIVE],
    );
    await client.query(
      `insert into newsletter_subscribers
         (email, email_normalized, subscribed_at, status, confirmed_at, left_at, left_via)
       select 'fleet-gone-' || n || '@example.com', 'fleet-gone-' || n || '@example.com', $1, 'unsubscribed', $1, $1, 'link'
       from generate_series(1, $2::int) as n`,
      [now, UNSUBSCRIBED],
    );
    const rows = await client.query<{ id: number; email: string }>(
      "select id, email from newsletter_subscribers where email like 'fleet-reader-%'",
    );
    return new Map(rows.rows.map((row) => [row.email, Number(row.id)]));
  });
}

interface Issue {
  id: number;
  subject: string;
}

describe.skipIf(unavailable)('newsletter sending on two servers', () => {
  it('sends issues started on the two servers at once exactly once to each active subscriber', async () => {
    const subscribers = await seedSubscribers();
    expect(subscribers.size).toBe(ACTIVE);
    const [tokenA, tokenB] = await Promise.all([adminToken(a), adminToken(b)]);
    const tag = randomBytes(3).toString('hex');
    const issues: Issue[] = [];
    for (const [server, token, name] of [
      [a, tokenA, 'A'],
      [b, tokenB, 'B'],
      [a, tokenA, 'raced'],
    ] as const) {
      const subject = `Fleet issue ${name} ${tag}`;
      const created = await api(server, token, 'POST', '', { subject, intro: `Composed on server ${name}.` });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      issues.push({ id: created.body.id as number, subject });
    }
    const [first, second, raced] = issues as [Issue, Issue, Issue];

    // Which servers' workers hold newsletter jobs and delivery rows while it goes on.
    const workers = new Set<string>();
    let watching = true;
    const watcher = onDatabase(databaseUrl, async (client) => {
      while (watching) {
        const held = await client.query<{ locked_by: string }>(
          `select locked_by from jobs where kind = 'newsletter-send' and status = 'running' and locked_by is not null
           union select locked_by from newsletter_deliveries where status = 'sending' and locked_by is not null`,
        );
        for (const row of held.rows) workers.add(row.locked_by.split('-')[0] ?? '');
        await sleep(20);
      }
    });

    // Sent at the same moment: the first issue through server A, the second
    // through server B, the third through both (one starts it, the other is refused).
    const [sendA, sendB, ...racedSends] = await Promise.all([
      api(a, tokenA, 'POST', `/${first.id}/send`),
      api(b, tokenB, 'POST', `/${second.id}/send`),
      api(a, tokenA, 'POST', `/${raced.id}/send`),
      api(b, tokenB, 'POST', `/${raced.id}/send`),
    ]);
    for (const send of [sendA, sendB]) {
      expect(send.status, JSON.stringify(send.body)).toBe(202);
      expect(send.body).toMatchObject({ status: 'sending', recipients: ACTIVE });
    }
    expect(racedSends.map((send) => send.status).sort()).toEqual([202, 409]);
    expect(racedSends.find((send) => send.status === 202)?.body).toMatchObject({ status: 'sending', recipients: ACTIVE });

    // Both done, as either server tells.
    try {
      for (const [issue, server, token] of [
        [first, b, tokenB],
        [second, a, tokenA],
        [raced, b, tokenB],
      ] as const) {
        const done = await eventually(`issue ${issue.id} sent`, 60_000, async () => {
          const answer = await api(server, token, 'GET', `/${issue.id}`);
          return answer.body.status === 'sent' ? answer.body : undefined;
        });
        expect(done).toMatchObject({ status: 'sent', recipients: ACTIVE, sent: ACTIVE, failed: 0, pending: 0 });
      }
    } finally {
      watching = false;
      await watcher;
    }
    // Both servers took part.
    expect([...workers].sort()).toEqual([String(a.child.pid), String(b.child.pid)].sort());

    // Exactly once per (recipient, issue), each with its own deterministic Message-ID.
    expect(sink.messages).toHaveLength(issues.length * ACTIVE);
    const seen = new Map<string, number>();
    const messageIds = new Set<string>();
    for (const message of sink.messages) {
      expect(message.to).toHaveLength(1);
      const to = message.to[0] ?? '';
      const issue = issues.find((candidate) => candidate.subject === message.parsed.subject);
      expect(issue, `subject ${message.parsed.subject}`).toBeDefined();
      const subscriberId = subscribers.get(to);
      expect(subscriberId, `recipient ${to}`).toBeDefined();
      const key = `${to} ${issue?.id}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const messageId = message.header('message-id') ?? '';
      expect(messageId).toBe(`<newsletter-${issue?.id}-${subscriberId}@${SITE_HOST}>`);
      messageIds.add(messageId);
    }
    expect(messageIds.size).toBe(issues.length * ACTIVE);
    expect(seen.size).toBe(issues.length * ACTIVE);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect(sink.messages.some((message) => message.to.some((to) => to.startsWith('fleet-gone-')))).toBe(false);

    // Every delivery row has its outcome and no claim left.
    const rows = await onDatabase(databaseUrl, (client) =>
      client.query<{ issue_id: number; status: string; count: string; locked: string }>(
        `select issue_id, status, count(*) as count, count(locked_by) as locked from newsletter_deliveries
         where issue_id = any($1) group by issue_id, status order by issue_id`,
        [issues.map((issue) => issue.id)],
      ),
    );
    expect(rows.rows.map((row) => ({ ...row, count: Number(row.count), locked: Number(row.locked) }))).toEqual(
      issues.map((issue) => ({ issue_id: issue.id, status: 'sent', count: ACTIVE, locked: 0 })),
    );
  });
});

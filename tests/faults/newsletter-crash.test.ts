/**
 * A crash in the middle of a newsletter sending (SQLite): the built server
 * sends an issue to 2,000 subscribers through a real SMTP server at 200
 * messages a second over two connections, and is killed with SIGKILL part of
 * the way through. Restarted on the same data, it takes the sending job over
 * once the job's lease runs out, sends what was never claimed, and, once the
 * dead worker's row leases (60 s) run out, the rows it had claimed.
 *
 * Decision 023 promises: nobody is forgotten, and only the messages the SMTP
 * server had taken but whose outcome was not yet recorded (at most one per
 * connection) go out twice, with the same Message-ID both times.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { adminToken, cleanUpServers, killServer, sleep, startServer, type RunningServer } from './server.ts';

const SUBSCRIBERS = 2000;
const SMTP_CONNECTIONS = 2;
const SITE = 'https://showcase.example';

let sink: SmtpSink | undefined;

afterEach(async () => {
  await cleanUpServers();
  await sink?.close();
  sink = undefined;
});

const addressOf = (index: number) => `reader-${String(index).padStart(4, '0')}@example.com`;

/** Straight into the server's database file, beside the running server (WAL lets both in). */
function seedSubscribers(dataDir: string, count: number): void {
  const db = new SQLite(path.join(dataDir, 'site.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const now = Math.floor(Date.now() / 1000);
    const insert = db.prepare(
      `insert into newsletter_subscribers
         (email, email_normalized, subscribed_at, status, confirmed_at)
       values (?, ?, ?, 'active', ?)`,
    );
    db.transaction(() => {
      for (let index = 0; index < count; index++) {
        const email = addressOf(index);
        insert.run(email, email.toLowerCase(), now, now);
      }
    })();
  } finally {
    db.close();
  }
}

/** The deliveries of the issue by status, and the addresses of the rows claimed but not recorded. */
function inspectDeliveries(dataDir: string, issueId: number) {
  const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    const byStatus = Object.fromEntries(
      (
        db
          .prepare('select status, count(*) as count from newsletter_deliveries where issue_id = ? group by status')
          .all(issueId) as { status: string; count: number }[]
      ).map((row) => [row.status, row.count]),
    );
    const claimed = (
      db
        .prepare(
          `select s.email from newsletter_deliveries d join newsletter_subscribers s on s.id = d.subscriber_id
           where d.issue_id = ? and d.status = 'sending'`,
        )
        .all(issueId) as { email: string }[]
    ).map((row) => row.email.toLowerCase());
    return { byStatus, claimed, integrity: db.pragma('integrity_check', { simple: true }) };
  } finally {
    db.close();
  }
}

async function api(server: RunningServer, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api/admin/newsletters${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface IssueProgress {
  status: string;
  recipients: number;
  sent: number;
  failed: number;
  pending: number;
}

describe('a crash during a newsletter sending', () => {
  it('reaches every subscriber after a restart, and sends twice only what was on the wire', { timeout: 180_000 }, async ({ annotate }) => {
    const smtp = await startSmtpSink();
    sink = smtp;
    const env = {
      SMTP_URL: smtp.url,
      PUBLIC_URL: SITE,
      MAIL_FROM: '"Showcase" <news@showcase.example>',
      NEWSLETTER_DOUBLE_OPT_IN: 'false',
      NEWSLETTER_RATE_PER_SECOND: '200',
      NEWSLETTER_SMTP_CONNECTIONS: String(SMTP_CONNECTIONS),
    };
    let server = await startServer(env);
    seedSubscribers(server.dataDir, SUBSCRIBERS);

    let token = await adminToken(server);
    const subject = `Crash issue ${randomBytes(4).toString('hex')}`;
    const created = await api(server, token, 'POST', '', { subject, intro: 'Sent through a crash.' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const issueId = created.body.id as number;
    const started = await api(server, token, 'POST', `/${issueId}/send`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({ status: 'sending', recipients: SUBSCRIBERS });

    // A random moment well inside the sending (about 10 s at 200 a second).
    const killAt = 500 + Math.floor(Math.random() * 400);
    await smtp.waitFor(killAt, 30_000);
    await killServer(server);
    // What was still on the wire is cut off; let the sink settle.
    await sleep(200);
    const beforeCrash = new Set(smtp.messages.flatMap((message) => message.to));
    const arrivedBeforeCrash = smtp.messages.length;
    const atCrash = inspectDeliveries(server.dataDir, issueId);
    expect(atCrash.integrity).toBe('ok');
    expect(arrivedBeforeCrash).toBeLessThan(SUBSCRIBERS);
    // Claimed by the dead worker and already taken by the SMTP server: the only ones that may go out again.
    const deliveredUnrecorded = atCrash.claimed.filter((email) => beforeCrash.has(email));

    // Restarted on the same data: the job is taken over once its lease (30 s) runs
    // out, the dead worker's rows once theirs (60 s) do.
    const restartedAt = Date.now();
    server = await startServer(env, { dataDir: server.dataDir });
    token = await adminToken(server);
    let progress: IssueProgress | undefined;
    for (;;) {
      progress = (await api(server, token, 'GET', `/${issueId}`)).body as unknown as IssueProgress;
      if (progress.status === 'sent') break;
      if (Date.now() - restartedAt > 150_000) throw new Error(`issue still ${JSON.stringify(progress)} 150 s after the restart`);
      await sleep(1000);
    }
    const resumedWithinMs = Date.now() - restartedAt;

    // Every recipient got it at least once, by the envelope and with the issue's subject.
    const received = new Map<string, string[]>();
    for (const message of smtp.messages) {
      expect(message.parsed.subject).toBe(subject);
      for (const to of message.to) received.set(to, [...(received.get(to) ?? []), message.header('message-id') ?? '']);
    }
    const missing = Array.from({ length: SUBSCRIBERS }, (_, index) => addressOf(index)).filter((email) => !received.has(email));
    expect(missing).toEqual([]);
    expect(received.size).toBe(SUBSCRIBERS);

    // Twice only for what the SMTP server had taken before the crash without its outcome recorded.
    const duplicates = [...received].filter(([, ids]) => ids.length > 1);
    const report = {
      killAt,
      arrivedBeforeCrash,
      atCrash: atCrash.byStatus,
      claimedAtCrash: atCrash.claimed.length,
      deliveredUnrecorded: deliveredUnrecorded.length,
      duplicates: duplicates.map(([email, ids]) => ({ email, times: ids.length })),
      totalMessages: smtp.messages.length,
      sinkResets: smtp.connectionErrors.length,
      resumedWithinMs,
    };
    // In the reporter's output: the duplicates a run saw, and why.
    await annotate(`newsletter crash: ${JSON.stringify(report)}`);
    expect(duplicates.every(([, ids]) => ids.length === 2), JSON.stringify(report)).toBe(true);
    expect(duplicates.map(([email]) => email).sort(), JSON.stringify(report)).toEqual([...deliveredUnrecorded].sort());
    expect(duplicates.length, JSON.stringify(report)).toBeLessThanOrEqual(SMTP_CONNECTIONS);
    // A copy sent again is the same message to the receiving side.
    for (const [, ids] of duplicates) expect(new Set(ids).size).toBe(1);
    expect(smtp.messages.length).toBe(SUBSCRIBERS + duplicates.length);

    expect(progress).toMatchObject({ status: 'sent', recipients: SUBSCRIBERS, sent: SUBSCRIBERS, failed: 0, pending: 0 });
    expect(server.stderr()).toBe('');
    // The connection that was sending when the server died was reset; nothing else went wrong.
    const codes = smtp.connectionErrors.map((error) => (error as Error & { code?: string }).code);
    expect(codes.filter((code) => code !== 'ECONNRESET' && code !== 'EPIPE')).toEqual([]);
  });
});

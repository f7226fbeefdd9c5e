// `npm run bench:newsletter`: how fast the real built server sends one
// newsletter issue to N active subscribers, and how much memory that takes.
// The mails go to a local SMTP sink in this process (smtp-server), which
// counts each accepted message and its envelope recipient, so a recipient
// mailed twice shows up as a duplicate.
//
// The run fails (exit code 1) when the sink did not get exactly one message
// per subscriber, any recipient got more than one, or the issue did not
// reach `sent` within the time limit. The targets (messages/s, memory above
// idle) are reported as met or not, without failing the run.
//
// Options: --subscribers=10000 --connections=4 --timeout=<s> --skip-build
// Everything listens on and talks to 127.0.0.1; every child process is
// stopped and every temporary folder removed at the end.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import {
  buildIfStale,
  mb,
  positiveInt,
  printTable,
  rssOf,
  runBenchmark,
  sleep,
  startBuiltServer,
  stopAfter,
  tempDir,
} from './harness.mjs';
import { startSmtpSink, stopSmtpSink } from './smtp-sink.mjs';

const { values: args } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '4' },
    // Seconds the sending may take before the run fails; default: 60 s plus 20 ms a subscriber.
    timeout: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const SUBSCRIBERS = positiveInt('subscribers', args.subscribers);
const CONNECTIONS = positiveInt('connections', args.connections);
const SEND_TIMEOUT_S = args.timeout === undefined ? Math.ceil(60 + SUBSCRIBERS / 50) : positiveInt('timeout', args.timeout);

const TARGET_RATE = 500;
const TARGET_MEMORY_MB = 100;
/** How often the server's RSS is read while it sends. */
const RSS_SAMPLE_MS = 250;
/** How often the issue's status is asked for while it sends. */
const POLL_MS = 500;
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = 'bench-password-123';

// Build, start, seeding and the sending itself.
stopAfter((240 + SUBSCRIBERS / 1000 + SEND_TIMEOUT_S * 1.2) * 1000);

// ---------------------------------------------------------------- seeding

/** N active, confirmed subscribers, straight into the SQLite file the server migrated. */
function seedSubscribers(sqliteFile, count) {
  const db = new Database(sqliteFile);
  db.pragma('busy_timeout = 5000');
  try {
    const insert = db.prepare(
      `insert into newsletter_subscribers
         (email, email_normalized, subscribed_at, status, confirmed_at, consent_text)
       values (@email, @email_normalized, @subscribed_at, 'active', @confirmed_at, 'bench')`,
    );
    const now = Math.floor(Date.now() / 1000);
    db.transaction(() => {
      for (let i = 1; i <= count; i += 1) {
        const email = `Reader.${i}@bench.example.com`;
        const subscribedAt = now - (count - i) * 60;
        insert.run({
          email,
          email_normalized: email.toLowerCase(),
          subscribed_at: subscribedAt,
          confirmed_at: subscribedAt,
        });
      }
    })();
    return db.prepare(`select count(*) from newsletter_subscribers where status = 'active'`).pluck().get();
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------- the API

async function api(baseUrl, method, route, { token, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

async function expectStatus(answer, expected, what) {
  if (answer.status !== expected) {
    throw new Error(`${what} answered ${answer.status} (expected ${expected}): ${answer.text.slice(0, 500)}`);
  }
  return answer.json;
}

// ---------------------------------------------------------------- server log

/** The server's log lines (pino JSON), as much as is worth showing. */
function summariseLog(logFile) {
  if (!existsSync(logFile)) return [];
  const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
  const byMessage = new Map();
  for (const line of lines) {
    let key = line;
    try {
      const entry = JSON.parse(line);
      key = `${entry.level ?? '?'} ${entry.msg ?? line}`;
    } catch {
      // not JSON: the line itself
    }
    const seen = byMessage.get(key);
    if (seen) seen.count += 1;
    else byMessage.set(key, { count: 1, first: line });
  }
  return [...byMessage.values()];
}

// ---------------------------------------------------------------- run

async function main(cleanup) {
  if (!args['skip-build']) await buildIfStale();

  const sink = await startSmtpSink();
  cleanup.push(() => stopSmtpSink(sink));

  const logFile = path.join(tempDir('showcase-bench-newsletter-log-'), 'server.log');
  const server = await startBuiltServer({
    name: 'API server',
    tempPrefix: 'showcase-bench-newsletter-',
    // Mail settings of this shell must not leak into the run.
    unsetEnv: ['MAIL_FROM', 'DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY', 'ADMIN_NOTIFY_EMAIL'],
    logFile,
    env: {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      // Only the links in the mails use it; nothing is fetched from it.
      PUBLIC_URL: 'http://127.0.0.1',
      NEWSLETTER_RATE_PER_SECOND: '0',
      NEWSLETTER_SMTP_CONNECTIONS: String(CONNECTIONS),
      NEWSLETTER_DOUBLE_OPT_IN: 'false',
    },
  });
  const { baseUrl, child } = server;

  const seedStarted = performance.now();
  const active = seedSubscribers(path.join(server.dataDir, 'site.db'), SUBSCRIBERS);
  console.log(`Seeded ${SUBSCRIBERS} active subscribers in ${Math.round(performance.now() - seedStarted)} ms`);
  if (active !== SUBSCRIBERS) throw new Error(`expected ${SUBSCRIBERS} active subscribers, the database has ${active}`);

  const { access_token: token } = await expectStatus(
    await api(baseUrl, 'POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }),
    200,
    'POST /api/auth/login',
  );
  if (!token) throw new Error('POST /api/auth/login gave no access_token');
  const created = await expectStatus(
    await api(baseUrl, 'POST', '/api/admin/newsletters', {
      token,
      body: { subject: 'Bench issue', intro: 'Hello **readers**', closing: 'Bye' },
    }),
    201,
    'POST /api/admin/newsletters',
  );
  const issueId = created.id;
  if (!Number.isInteger(issueId)) throw new Error('POST /api/admin/newsletters gave no id');

  // Settle before the idle reading: start-up, seeding and the first requests.
  await sleep(1000);
  const idleRss = rssOf(child.pid);
  let peakRss = idleRss;
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, rssOf(child.pid));
    } catch {
      // the server is gone; the polling below notices
    }
  }, RSS_SAMPLE_MS);
  cleanup.push(() => clearInterval(sampler));

  console.log(
    `Sending issue ${issueId} to ${SUBSCRIBERS} subscribers over ${CONNECTIONS} SMTP connections, no rate limit ` +
      `(${os.cpus().length} CPUs, Node ${process.version}; time limit ${SEND_TIMEOUT_S} s)…`,
  );
  const started = performance.now();
  await expectStatus(await api(baseUrl, 'POST', `/api/admin/newsletters/${issueId}/send`, { token }), 202, 'POST …/send');

  let issue;
  let sentAt = 0;
  let lastProgress = started;
  const deadline = started + SEND_TIMEOUT_S * 1000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the server stopped during the sending');
    const answer = await api(baseUrl, 'GET', `/api/admin/newsletters/${issueId}`, { token });
    if (answer.status === 200) {
      issue = answer.json;
      if (issue.status === 'sent') {
        sentAt = performance.now();
        break;
      }
      if (issue.status !== 'sending') throw new Error(`the issue went ${issue.status} during the sending`);
    } else {
      console.error(`GET /api/admin/newsletters/${issueId} answered ${answer.status}`);
    }
    if (performance.now() - lastProgress >= 10_000) {
      lastProgress = performance.now();
      console.log(
        `  ${((lastProgress - started) / 1000).toFixed(0)} s: sink ${sink.accepted}, ` +
          `issue sent ${issue?.sent ?? '?'}, failed ${issue?.failed ?? '?'}, pending ${issue?.pending ?? '?'}`,
      );
    }
    await sleep(POLL_MS);
  }
  clearInterval(sampler);
  peakRss = Math.max(peakRss, rssOf(child.pid));

  const elapsedS = ((sentAt || performance.now()) - started) / 1000;
  const duplicates = [...sink.recipients.values()].filter((count) => count > 1).length;
  const missing = SUBSCRIBERS - sink.recipients.size;
  const rate = sink.accepted / elapsedS;
  const sinkSpanS = sink.accepted > 0 ? (sink.lastAt - started) / 1000 : 0;
  const aboveIdle = peakRss - idleRss;

  console.log('');
  printTable([
    ['measure', 'value'],
    ['subscribers', String(SUBSCRIBERS)],
    ['messages accepted by the sink', String(sink.accepted)],
    ['distinct recipients', String(sink.recipients.size)],
    ['duplicates (recipients mailed more than once)', String(duplicates)],
    ['issue status', issue?.status ?? 'unknown'],
    ['issue counts: recipients / sent / failed / pending', issue ? `${issue.recipients} / ${issue.sent} / ${issue.failed} / ${issue.pending}` : '?'],
    ['elapsed, send to status sent (s)', elapsedS.toFixed(2)],
    ['elapsed, send to last message at the sink (s)', sinkSpanS.toFixed(2)],
    ['messages/s', rate.toFixed(1)],
    ['server RSS idle (MB)', mb(idleRss)],
    ['server RSS peak (MB)', mb(peakRss)],
    ['peak minus idle (MB)', mb(aboveIdle)],
  ]);
  console.log('');
  console.log(`throughput: ${rate.toFixed(1)} messages/s (target >= ${TARGET_RATE}: ${rate >= TARGET_RATE ? 'met' : 'not met'})`);
  console.log(
    `memory: peak ${mb(aboveIdle)} MB above idle (target <= ${TARGET_MEMORY_MB}: ` +
      `${aboveIdle <= TARGET_MEMORY_MB * 1024 * 1024 ? 'met' : 'not met'})`,
  );

  const log = summariseLog(logFile);
  if (log.length > 0) {
    console.log('');
    console.log('Server log (LOG_LEVEL=warn), by message:');
    for (const { count, first } of log.slice(0, 10)) console.log(`  ${count} x ${first.slice(0, 400)}`);
  }

  const problems = [];
  if (!sentAt) problems.push(`the issue did not reach 'sent' within ${SEND_TIMEOUT_S} s (status ${issue?.status ?? 'unknown'})`);
  if (sink.accepted !== SUBSCRIBERS) problems.push(`the sink accepted ${sink.accepted} messages, not ${SUBSCRIBERS}`);
  if (duplicates > 0) problems.push(`${duplicates} recipients got more than one message`);
  if (missing > 0) problems.push(`${missing} subscribers got no message`);
  if (problems.length > 0) throw new Error(problems.join('; '));
}

await runBenchmark(async () => {
  const cleanup = [];
  try {
    await main(cleanup);
  } finally {
    for (const step of cleanup.reverse()) await step();
  }
});

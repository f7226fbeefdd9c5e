// `npm run bench:follow-alerts`: how fast the real built server sends the
// `ending` alert of one campaign to N confirmed followers, all due at once
// (decision 097), and how much memory that takes. The alerts' own job
// (server/follows/alerts.ts) records and sends them, as in production: the
// run only seeds the follows and then follows the campaign once more
// through the API, which wakes the job as any new follow does.
//
// The mails go to a local SMTP sink in this process (smtp-server), which
// counts each accepted message, its envelope recipient (a recipient mailed
// twice shows up as a duplicate) and whether it carries the one-click
// unsubscribe headers.
//
// The run fails (exit code 1) when the sink did not get exactly one message
// per follower, any recipient got more than one, a mail lacks its
// unsubscribe headers, or an alert is still unsent at the time limit.
//
// Options: --followers=10000 --connections=4 --rate=0 --timeout=<s> --skip-build
//          --cpu-prof=<dir> (a CPU profile of the server, written when it
//          stops; `node bench/profile-top.mjs` lists its top frames)
// (--rate: messages per second over all connections, NEWSLETTER_RATE_PER_SECOND;
// 0, no limit, measures the sending itself; the server's default is 10.)
// SQLite only, as every bench here: DATABASE_URL is ignored.
// Everything listens on and talks to 127.0.0.1; every child process is
// stopped and every temporary folder removed at the end.
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
  seedPosts,
  sleep,
  startBuiltServer,
  stopAfter,
} from './harness.mjs';
import { startSmtpSink, stopSmtpSink } from './smtp-sink.mjs';

const { values: args } = parseArgs({
  options: {
    followers: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '4' },
    rate: { type: 'string', default: '0' },
    // Seconds the sending may take before the run fails; default: 60 s plus 20 ms a follower
    // (at a rate limit, the time that rate needs on top).
    timeout: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
  },
});
const FOLLOWERS = positiveInt('followers', args.followers);
const CONNECTIONS = positiveInt('connections', args.connections);
const RATE = args.rate === '0' ? 0 : positiveInt('rate', args.rate);
const SEND_TIMEOUT_S =
  args.timeout === undefined
    ? Math.ceil(60 + FOLLOWERS / 50 + (RATE > 0 ? FOLLOWERS / RATE : 0))
    : positiveInt('timeout', args.timeout);

/** How often the server's RSS is read while it sends. */
const RSS_SAMPLE_MS = 250;
/** How often the alert mails' states are read while it sends. */
const POLL_MS = 500;
const SLUG = 'bench-follow-1';
/** The address that follows through the API, waking the job. */
const LAST_FOLLOWER = 'last.follower@bench.example.com';

// Build, start, seeding and the sending itself.
stopAfter((240 + FOLLOWERS / 1000 + SEND_TIMEOUT_S * 1.2) * 1000);

// ---------------------------------------------------------------- seeding

/**
 * One published post whose campaign is live, launched ten days ago and
 * ending in 24 hours (inside its last 48: `ending` is due at once), half
 * funded; and `count` confirmed follows of it whose launch is already
 * handled, as a follow made while the campaign runs has it. Straight into
 * the SQLite file the server migrated, in one transaction.
 */
function seedCampaignAndFollows(sqliteFile, count) {
  const now = Math.floor(Date.now() / 1000);
  seedPosts(sqliteFile, 1, () => ({
    content: 'A campaign a great many readers follow.',
    cover_image: null,
    campaign_url: 'https://www.kickstarter.com/projects/bench/follow',
    campaign: {
      platform: 'kickstarter',
      currency: 'EUR',
      goal: 5_000_000,
      pledged: 2_500_000,
      backers: 812,
      launched_at: now - 10 * 86_400,
      ends_at: now + 86_400,
      state: 'live',
      facts_updated_at: now,
      facts_source: 'editor',
    },
  }));
  const db = new Database(sqliteFile);
  db.pragma('busy_timeout = 5000');
  try {
    db.prepare('update posts set slug = ? where slug = ?').run(SLUG, 'bench-post-1');
    const postId = db.prepare('select id from posts where slug = ?').pluck().get(SLUG);
    const insert = db.prepare(
      `insert into follows (post_id, email, status, moments_done, created_at, confirmed_at)
       values (?, ?, 'following', '["launched"]', ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 1; i <= count; i += 1) {
        const at = now - (count - i);
        insert.run(postId, `reader.${i}@bench.example.com`, at, at);
      }
    })();
    return db.prepare(`select count(*) from follows where status = 'following'`).pluck().get();
  } finally {
    db.close();
  }
}

/** The alert mails by state, read from the server's database. */
function alertStates(db) {
  const counts = { pending: 0, sent: 0, failed: 0 };
  for (const row of db.prepare('select status, count(*) as n from follow_alerts group by status').all()) counts[row.status] = row.n;
  return counts;
}

// ---------------------------------------------------------------- run

async function main(cleanup) {
  if (!args['skip-build']) await buildIfStale();

  const sink = await startSmtpSink();
  cleanup.push(() => stopSmtpSink(sink));

  const profileDir = args['cpu-prof'] ? path.resolve(args['cpu-prof']) : undefined;
  const server = await startBuiltServer({
    name: 'API server',
    tempPrefix: 'showcase-bench-follow-alerts-',
    // Mail settings of this shell must not leak into the run.
    unsetEnv: ['MAIL_FROM', 'DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY', 'ADMIN_NOTIFY_EMAIL'],
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    env: {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      NEWSLETTER_RATE_PER_SECOND: String(RATE),
      NEWSLETTER_SMTP_CONNECTIONS: String(CONNECTIONS),
      // The API's follow counts at once, with no confirmation mail in the count.
      NEWSLETTER_DOUBLE_OPT_IN: 'false',
    },
  });
  const { baseUrl, child } = server;
  const sqliteFile = path.join(server.dataDir, 'site.db');

  const seedStarted = performance.now();
  const following = seedCampaignAndFollows(sqliteFile, FOLLOWERS);
  console.log(`Seeded 1 campaign and ${FOLLOWERS} confirmed follows in ${Math.round(performance.now() - seedStarted)} ms`);
  if (following !== FOLLOWERS) throw new Error(`expected ${FOLLOWERS} follows, the database has ${following}`);
  const expected = FOLLOWERS + 1;

  // Settle before the idle reading: start-up and seeding.
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
    `Following once more through the API: ${expected} \`ending\` alerts due at once, over ${CONNECTIONS} SMTP connections, ` +
      `${RATE > 0 ? `at most ${RATE}/s` : 'no rate limit'} (${os.cpus().length} CPUs, Node ${process.version}; time limit ${SEND_TIMEOUT_S} s)…`,
  );
  const started = performance.now();
  const followed = await fetch(`${baseUrl}/api/posts/${SLUG}/follow`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: LAST_FOLLOWER }),
  });
  const followedText = await followed.text();
  if (followed.status !== 202) throw new Error(`POST /api/posts/${SLUG}/follow answered ${followed.status}: ${followedText.slice(0, 500)}`);

  const reader = new Database(sqliteFile, { readonly: true });
  cleanup.push(() => reader.close());
  reader.pragma('busy_timeout = 5000');
  let states = alertStates(reader);
  let recordedAt = 0;
  let doneAt = 0;
  let lastProgress = started;
  const deadline = started + SEND_TIMEOUT_S * 1000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the server stopped during the sending');
    states = alertStates(reader);
    const total = states.pending + states.sent + states.failed;
    if (!recordedAt && total >= expected) recordedAt = performance.now();
    if (total >= expected && states.pending === 0 && sink.accepted >= states.sent) {
      doneAt = performance.now();
      break;
    }
    if (performance.now() - lastProgress >= 10_000) {
      lastProgress = performance.now();
      console.log(
        `  ${((lastProgress - started) / 1000).toFixed(0)} s: recorded ${total}, sent ${states.sent}, ` +
          `failed ${states.failed}, pending ${states.pending}; sink ${sink.accepted}`,
      );
    }
    await sleep(POLL_MS);
  }
  clearInterval(sampler);
  peakRss = Math.max(peakRss, rssOf(child.pid));

  const duplicates = [...sink.recipients.values()].filter((count) => count > 1).length;
  const lastS = sink.accepted > 0 ? (sink.lastAt - started) / 1000 : 0;
  const firstS = sink.accepted > 0 ? (sink.firstAt - started) / 1000 : 0;
  const rate = lastS > 0 ? sink.accepted / lastS : 0;
  const sendingRate = sink.lastAt > sink.firstAt ? (sink.accepted - 1) / ((sink.lastAt - sink.firstAt) / 1000) : 0;

  console.log('');
  printTable([
    ['measure', 'value'],
    ['alerts due (seeded follows + the one through the API)', String(expected)],
    ['messages accepted by the sink', String(sink.accepted)],
    ['distinct recipients', String(sink.recipients.size)],
    ['duplicates (recipients mailed more than once)', String(duplicates)],
    ['with List-Unsubscribe and List-Unsubscribe-Post', String(sink.oneClick)],
    ['alert mails: sent / failed / pending', `${states.sent} / ${states.failed} / ${states.pending}`],
    ['follow to every alert recorded (s)', recordedAt ? ((recordedAt - started) / 1000).toFixed(2) : '?'],
    ['follow to first message at the sink (s)', firstS.toFixed(2)],
    ['follow to last message at the sink (s)', lastS.toFixed(2)],
    ['messages/s, follow to last message', rate.toFixed(1)],
    ['messages/s, first to last message', sendingRate.toFixed(1)],
    ['server RSS idle (MB)', mb(idleRss)],
    ['server RSS peak (MB)', mb(peakRss)],
    ['peak minus idle (MB)', mb(peakRss - idleRss)],
  ]);

  const problems = [];
  if (!doneAt) problems.push(`alerts were still unsent after ${SEND_TIMEOUT_S} s (${states.pending} pending)`);
  if (sink.accepted !== expected) problems.push(`the sink accepted ${sink.accepted} messages, not ${expected}`);
  if (duplicates > 0) problems.push(`${duplicates} recipients got more than one message`);
  if (sink.recipients.size !== expected) problems.push(`${expected - sink.recipients.size} followers got no message`);
  if (sink.oneClick !== sink.accepted) problems.push(`${sink.accepted - sink.oneClick} messages lack the one-click unsubscribe headers`);
  if (profileDir) console.log(`CPU profile of the server: ${profileDir} (written as it stops)`);
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

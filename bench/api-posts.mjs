// `npm run bench`: throughput and latency of the public post list,
// GET /api/posts?status=published&pageSize=20, on the real built server
// (SQLite, 1,000 published posts with categories), against a bare node:http
// server answering the same bytes from memory, measured in the same run.
//
// Options: --duration=10 --warmup=2 --connections=50 --posts=1000
// Everything listens on 127.0.0.1; every child process is stopped at the end.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measure, positiveInt, printMeasurements, runBenchmark, seedPosts, startBuiltServer, startInMemoryServer, stopAfter, buildIfStale } from './harness.mjs';

const ENDPOINT = '/api/posts?status=published&pageSize=20';
const TARGET_RATIO = 0.5;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    posts: { type: 'string', default: '1000' },
  },
});
const DURATION = positiveInt('duration', args.duration);
const WARMUP = positiveInt('warmup', args.warmup);
const CONNECTIONS = positiveInt('connections', args.connections);
const POST_COUNT = positiveInt('posts', args.posts);

// The whole run is bounded: build, seeding and both measurements.
stopAfter((60 + 2 * (WARMUP + DURATION) * 1.5 + POST_COUNT / 100) * 1000);


const describePost = (i, words) => ({
  content: `## Why it caught our eye\n\n${`The ${words[0]} team explains its plan in detail. `.repeat(40)}\n\n## Our take\n\nRealistic delivery dates.`,
  cover_image: `/uploads/bench/${i}.webp`,
  campaign_url: `https://example.com/campaigns/${i}`,
});

// ---------------------------------------------------------------- run

async function main() {
  await buildIfStale();

  const api = await startBuiltServer({ name: 'API server', tempPrefix: 'showcase-bench-' });
  const seedStarted = performance.now();
  seedPosts(path.join(api.dataDir, 'site.db'), POST_COUNT, describePost);
  console.log(`Seeded ${POST_COUNT} published posts in ${Math.round(performance.now() - seedStarted)} ms`);

  const url = `${api.baseUrl}${ENDPOINT}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${ENDPOINT} answered ${response.status}`);
  const contentType = response.headers.get('content-type') ?? 'application/json';
  const body = Buffer.from(await response.arrayBuffer());
  const page = JSON.parse(body.toString('utf8'));
  if (page.posts?.length !== 20 || !page.next_token) {
    throw new Error(`expected a full page of 20 posts with a next_token, got ${page.posts?.length}`);
  }
  const baseline = await startInMemoryServer(body, contentType, ENDPOINT);

  console.log(
    `GET ${ENDPOINT}: ${body.length} bytes, ${contentType}; ` +
      `${CONNECTIONS} connections, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const load = { warmup: WARMUP, duration: DURATION, connections: CONNECTIONS };
  const rows = [
    await measure('in-memory node:http', `${baseline.baseUrl}${ENDPOINT}`, load),
    await measure('API (SQLite)', url, load),
  ];

  const [base, apiRow] = rows;
  const ratio = apiRow.rps / base.rps;
  console.log('');
  printMeasurements(rows);
  console.log('');
  console.log(
    `ratio API / baseline: ${ratio.toFixed(3)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'not met'})`,
  );
  if (rows.some((row) => row.problems > 0)) throw new Error('some requests failed; the figures are not valid');
}

await runBenchmark(main);

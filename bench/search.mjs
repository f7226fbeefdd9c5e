// `npm run bench:search`: throughput and latency of the site search,
// GET /api/search?q=…, on the real built server (SQLite, 10,000 published
// posts), against a bare node:http server answering the same bytes from
// memory, measured in the same run. Two runs of the API:
//
//   - one query over and over (`q=solar`): after the first request the
//     public-read cache answers it, as it would a popular search;
//   - a different URL on every request (8 queries in turn, plus a counter the
//     API ignores), so every request misses the cache and runs the full-text
//     query, the snippets and the JSON: the cost of a search itself.
//
// Options: --duration=10 --warmup=2 --connections=50 --posts=10000
// Everything listens on 127.0.0.1; every child process is stopped at the end.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { measure, positiveInt, printMeasurements, runBenchmark, seedPosts, startBuiltServer, startInMemoryServer, stopAfter, buildIfStale } from './harness.mjs';

const ENDPOINT = '/api/search?q=solar';
/** The queries of the uncached run, in turn: whole words, prefixes, two words. */
const QUERIES = ['solar', 'kick', 'board game', 'modular synth', 'garden', 'pod', 'drone kit', 'e bike'];
const TARGET_RATIO = 0.5;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    posts: { type: 'string', default: '10000' },
  },
});
const DURATION = positiveInt('duration', args.duration);
const WARMUP = positiveInt('warmup', args.warmup);
const CONNECTIONS = positiveInt('connections', args.connections);
const POST_COUNT = positiveInt('posts', args.posts);

// The whole run is bounded: build, seeding (indexing included) and three measurements.
stopAfter((120 + 3 * (WARMUP + DURATION) * 1.5 + POST_COUNT / 50) * 1000);


// A review of a few hundred words, naming its platform: the body the index holds.
const describePost = (i, words) => ({
  content:
    `## Why it caught our eye\n\n${`The ${words[0]} team explains its ${words[1]} plan in detail. `.repeat(30)}\n\n` +
    `## Our take\n\nBacked on ${i % 3 === 0 ? 'Indiegogo' : 'Kickstarter'}; realistic delivery dates for the ${words[2]}.`,
  cover_image: `/uploads/bench/${i}.webp`,
  campaign_url: `https://example.com/campaigns/${i}`,
});

/** Like `measure`, but every request has its own URL: one of QUERIES in turn, and a counter. */
async function measureUncached(name, baseUrl, { warmup, duration, connections }) {
  let counter = 0;
  const run = (seconds) =>
    autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      pipelining: 1,
      requests: [
        {
          setupRequest: (request) => {
            counter += 1;
            const q = encodeURIComponent(QUERIES[counter % QUERIES.length]);
            return { ...request, path: `/api/search?q=${q}&n=${counter}` };
          },
        },
      ],
    });
  process.stdout.write(`${name}: warm-up ${warmup} s, then ${duration} s… `);
  await run(warmup);
  const result = await run(duration);
  process.stdout.write('done\n');
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    problems: result.errors + result.timeouts + result.non2xx,
  };
}

// ---------------------------------------------------------------- run

async function main() {
  await buildIfStale();

  const api = await startBuiltServer({ name: 'API server', tempPrefix: 'showcase-bench-search-' });
  const seedStarted = performance.now();
  seedPosts(path.join(api.dataDir, 'site.db'), POST_COUNT, describePost);
  console.log(`Seeded and indexed ${POST_COUNT} published posts in ${Math.round(performance.now() - seedStarted)} ms`);

  const url = `${api.baseUrl}${ENDPOINT}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${ENDPOINT} answered ${response.status}`);
  const contentType = response.headers.get('content-type') ?? 'application/json';
  const body = Buffer.from(await response.arrayBuffer());
  const page = JSON.parse(body.toString('utf8'));
  if (page.results?.length !== 20 || !page.next_token || !page.results[0].snippet.includes('<mark>')) {
    throw new Error(`expected a full page of 20 results with snippets and a next_token, got ${page.results?.length}`);
  }
  for (const q of QUERIES) {
    const answer = await fetch(`${api.baseUrl}/api/search?q=${encodeURIComponent(q)}`);
    const results = answer.ok ? (await answer.json()).results : [];
    if (results.length === 0) throw new Error(`GET /api/search?q=${q} found nothing (status ${answer.status})`);
  }
  const baseline = await startInMemoryServer(body, contentType, ENDPOINT);

  console.log(
    `GET ${ENDPOINT}: ${body.length} bytes, ${contentType}; ` +
      `${CONNECTIONS} connections, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const load = { warmup: WARMUP, duration: DURATION, connections: CONNECTIONS };
  const rows = [
    await measure('in-memory node:http', `${baseline.baseUrl}${ENDPOINT}`, load),
    await measure('API, one query (response cache)', url, load),
    await measureUncached('API, every request a new URL', api.baseUrl, load),
  ];

  const [base, cached, uncached] = rows;
  console.log('');
  printMeasurements(rows);
  console.log('');
  const cachedRatio = cached.rps / base.rps;
  console.log(
    `ratio cached search / baseline: ${cachedRatio.toFixed(3)} (target >= ${TARGET_RATIO}: ${cachedRatio >= TARGET_RATIO ? 'met' : 'not met'})`,
  );
  console.log(`ratio uncached search / baseline: ${(uncached.rps / base.rps).toFixed(3)} (no target: every request queries the index)`);
  if (rows.some((row) => row.problems > 0)) throw new Error('some requests failed; the figures are not valid');
}

await runBenchmark(main);

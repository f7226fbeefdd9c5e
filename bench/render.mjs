// `npm run bench:render`: what one render of a post page costs the server,
// with nothing kept to answer from. On the built server with the demo
// content (SEED_DEMO=true), once its start-up jobs are done, one client asks
// for the demo post pages one after another, each at an address nobody asked
// for before (a query string of its own), so each answer is a render. Prints,
// per round, the wall time per page and the server's CPU time per page (user
// plus system, from /proc/<pid>/stat), the steadier of the two on a shared
// machine, and the server's RSS after the round: every page rendered is kept
// in the page cache, whose budget (48 MB) bounds what they hold. Compare two
// builds by running it on each, one after the other.
//
// Options: --pages=600 (per round) --rounds=4 --skip-build
//          --start=image|npm|node (the Dockerfile's command, `npm start`'s
//          script, or plain `node build/node/server.js`)
//          --machine-memory=<MB> (the heap sizes V8 picks by itself on a
//          machine with that much memory: bench/harness.mjs, heapSizesOfMachine)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildForProduction, mb, positiveInt, rssOf, runBenchmark, startBuiltServer, heapSizesOfMachine, startPathOf, stopAfter } from './harness.mjs';
import { waitForJobs } from './site-admin.mjs';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '600' },
    rounds: { type: 'string', default: '4' },
    'skip-build': { type: 'boolean', default: false },
    start: { type: 'string', default: 'image' },
    'machine-memory': { type: 'string' },
  },
});
const pages = positiveInt('pages', args.pages);
const rounds = positiveInt('rounds', args.rounds);
const start = startPathOf(args.start);
const machineMemory = args['machine-memory'] === undefined ? undefined : positiveInt('machine-memory', args['machine-memory']);

stopAfter(900_000);

/** The CPU time (user plus system) the process has used, in milliseconds. */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main() {
  if (!args['skip-build']) await buildForProduction();
  const site = await startBuiltServer({
    name: 'site server',
    tempPrefix: 'showcase-bench-render-',
    unsetEnv: ['GA_MEASUREMENT_ID'],
    env: { SEED_DEMO: 'true' },
    start,
    nodeArgs: machineMemory ? heapSizesOfMachine(machineMemory) : [],
  });
  // The demo covers' copies and the pages rendered ahead at the first start.
  await waitForJobs(path.join(site.dataDir, 'site.db'));
  const { posts } = await (await fetch(`${site.baseUrl}/api/posts?status=published&pageSize=50`)).json();
  if (!posts?.length) throw new Error('no published demo post found');
  const run = Date.now();

  const round = async (label, count) => {
    const cpuBefore = cpuMsOf(site.child.pid);
    const started = performance.now();
    for (let i = 0; i < count; i += 1) {
      const { slug } = posts[i % posts.length];
      const response = await fetch(`${site.baseUrl}/${slug}?render=${run}-${label}-${i}`);
      if (!response.ok) throw new Error(`GET /${slug} answered ${response.status}`);
      await response.arrayBuffer();
    }
    const wall = (performance.now() - started) / count;
    const cpu = (cpuMsOf(site.child.pid) - cpuBefore) / count;
    console.log(
      `${label.padEnd(8)} ${wall.toFixed(2).padStart(7)} ms wall ${cpu.toFixed(2).padStart(7)} ms server CPU  (per page, ${count} pages); server RSS ${mb(rssOf(site.child.pid))} MB`,
    );
  };

  console.log(`Renders of ${posts.length} demo post pages, one client, one page at a time; server started as ${start}${machineMemory ? ` with the heap of a ${machineMemory} MB machine` : ''}; Node ${process.version}\n`);
  // The first renders compile the code: not counted.
  await round('warm-up', Math.min(pages, 300));
  for (let i = 1; i <= rounds; i += 1) await round(`round ${i}`, pages);
}

await runBenchmark(main);

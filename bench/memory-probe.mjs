// Where a server's memory is, read from inside it: given to node with
// `--import=./bench/memory-probe.mjs` (NODE_OPTIONS reaches the server a
// benchmark starts), each SIGWINCH appends one line of JSON to
// MEMORY_PROBE_OUT (default memory-probe.jsonl in the working folder):
// `process.memoryUsage()` and each V8 heap space's size and use, in MB.
// `kill -WINCH <pid>` between rounds; a heap snapshot is
// `--heapsnapshot-signal=SIGUSR2` beside it.
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';

const mb = (bytes) => Math.round(bytes / 1024 / 1024);

process.on('SIGWINCH', () => {
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((space) => [space.space_name, { size: mb(space.space_size), used: mb(space.space_used_size) }]),
  );
  const line = {
    at: new Date().toISOString(),
    rss: mb(usage.rss),
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    spaces,
  };
  appendFileSync(process.env.MEMORY_PROBE_OUT ?? 'memory-probe.jsonl', `${JSON.stringify(line)}\n`);
});

// The top frames of a V8 CPU profile (`node --cpu-prof`, as
// `npm run bench:cold -- --cpu-prof=<dir>` writes): self time per function
// and, with --total, time including callees. Only the samples of the last
// `--last` seconds count when given (the measured pass, not the start-up).
//
// Usage: node bench/profile-top.mjs <file.cpuprofile> [--top=25] [--last=<s>] [--total]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, last: { type: 'string' }, total: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error('usage: node bench/profile-top.mjs <file.cpuprofile> [--top=25] [--last=<seconds>] [--total]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? path.basename(url.replace(/^file:\/\//, '')) : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
};

// Sample times: startTime plus the running sum of the deltas (microseconds).
const times = [];
let at = profile.startTime;
for (const delta of profile.timeDeltas) times.push((at += delta));
const from = args.last ? profile.endTime - Number(args.last) * 1e6 : -Infinity;

const self = new Map();
const total = new Map();
let counted = 0;
let idle = 0;
profile.samples.forEach((id, i) => {
  if (times[i] < from) return;
  counted += 1;
  const node = nodes.get(id);
  const name = label(node);
  if (name.startsWith('(idle)')) idle += 1;
  self.set(name, (self.get(name) ?? 0) + 1);
  if (!args.total) return;
  const seen = new Set();
  for (let current = id; current !== undefined; current = parent.get(current)) {
    const frame = label(nodes.get(current));
    if (seen.has(frame)) continue;
    seen.add(frame);
    total.set(frame, (total.get(frame) ?? 0) + 1);
  }
});

const top = Number(args.top);
const show = (title, counts) => {
  console.log(`${title} (${counted} samples, ${((idle / counted) * 100).toFixed(1)}% idle)`);
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((count / counted) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
};
show('self time', self);
if (args.total) show('\ntotal time (with callees)', total);

// `npm start` and the CLIs: rebuild when any source is newer than the last
// build, then run the requested entry point in this process.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCE_DIRS = ['server', 'app', 'public'];
const SOURCE_FILES = ['package.json', 'package-lock.json', 'scripts/build.mjs'];
const STAMP = 'build/node/.built';

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function isBuildStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return [...SOURCE_DIRS, ...SOURCE_FILES].some((entry) => newestMtime(entry) > built);
}

const [entry = 'server', ...rest] = process.argv.slice(2);
// `npm start` is the try-it-out path: demo content unless told otherwise.
// Production runs build/node/server.js directly, without demo content.
if (entry === 'server') process.env.SEED_DEMO ??= 'true';
if (isBuildStale()) {
  process.stderr.write('Building…\n');
  const { buildAll } = await import('./build-all.mjs');
  await buildAll();
}
process.argv = [process.argv[0], path.resolve(`build/node/${entry}.js`), ...rest];
await import(pathToFileURL(path.resolve(`build/node/${entry}.js`)).href);

/**
 * The server's memory budget depends on two runtime settings that must be
 * given before the process starts (docs/operations.md, Memory). Every start
 * path carries them: `npm start`, the documented production command, the
 * Docker image, and the benchmarks that measure the server as it is run.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');

const ARENAS = 'MALLOC_ARENA_MAX=2';
const SEMI_SPACE = '--max-semi-space-size=4';
const DOCUMENTED_COMMAND = `${ARENAS} node ${SEMI_SPACE} build/node/server.js`;

describe('the runtime settings of every start path', () => {
  it('npm start runs node with both', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.start).toMatch(/^MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-2\} node --max-semi-space-size=4 scripts\/run\.mjs server$/);
  });

  it('the production command is documented with both, in the operations guide and the README', () => {
    expect(read('docs/operations.md')).toContain(DOCUMENTED_COMMAND);
    expect(read('README.md').replace(/\s+/g, ' ')).toContain(DOCUMENTED_COMMAND);
  });

  it('the Docker image sets the arenas in its environment and the semi-space on its command', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^\s+MALLOC_ARENA_MAX=2 \\$/m);
    expect(dockerfile).toContain(`CMD ["node", "${SEMI_SPACE}", "build/node/server.js"]`);
  });

  it('the benchmarks start the built server with the same settings, unless told to start it as plain node', () => {
    const harness = read('bench/harness.mjs');
    expect(harness).toContain("export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };");
    expect(harness).toContain(`export const SERVER_NODE_ARGS = ['${SEMI_SPACE}'];`);
    // The image's command is the default; `npm start`'s script runs with the same settings.
    expect(harness).toContain("start = 'image',");
    expect(harness).toContain("return { env: SERVER_ENV, args: [...SERVER_NODE_ARGS, 'build/node/server.js'] };");
    expect(harness).toContain("return { env: SERVER_ENV, args: [...SERVER_NODE_ARGS, 'scripts/run.mjs', 'server'] };");
  });
});

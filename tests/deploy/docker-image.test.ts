/**
 * The deployment files. What can be checked without a container engine always
 * runs (multi-stage build, non-root runtime, health check, production
 * dependencies only, the compose services). The image itself is built from the
 * Dockerfile with podman and run where podman is installed and the base image
 * is in its storage (the official one, or the one IMAGE_BUILD_ARGS gives as
 * NODE_IMAGE); otherwise the skipped tests say which is missing in their name.
 * `scripts/docker-image-check.sh` (`npm run test:image`, CI's last step)
 * provides both, the base stood in by Debian made with debootstrap.
 *
 * Everything about the image is read from what podman itself reports (`podman
 * image inspect`, `podman inspect`, `podman healthcheck run`, `podman top`),
 * not through a Docker-compatible layer, which reports no health check for an
 * image podman built.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';

const dockerfile = readFileSync('Dockerfile', 'utf8');
const compose = readFileSync('compose.yaml', 'utf8');
const dockerignore = readFileSync('.dockerignore', 'utf8').split('\n').map((line) => line.trim());

/** The instructions of the Dockerfile, continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const stages = instructions.reduce<string[][]>((all, line) => {
  if (/^FROM\s/i.test(line)) all.push([]);
  all.at(-1)?.push(line);
  return all;
}, []);
const runtime = stages.at(-1) ?? [];

/**
 * Build arguments given to the build ("NAME=value", comma-separated), such as
 * the stand-in for the official base image that `npm run test:image` makes.
 */
const buildArgs = new Map(
  (process.env.IMAGE_BUILD_ARGS ?? '')
    .split(',')
    .map((arg) => arg.trim())
    .filter(Boolean)
    .map((arg) => {
      const at = arg.indexOf('=');
      if (at <= 0) throw new Error(`IMAGE_BUILD_ARGS: "${arg}" is not NAME=value`);
      return [arg.slice(0, at), arg.slice(at + 1)] as const;
    }),
);

/** The ARG lines before the first FROM (the only ones FROM lines can use), with their defaults. */
const globalArgs = new Map(
  dockerfile
    .slice(0, dockerfile.search(/^FROM\s/im))
    .split('\n')
    .map((line) => line.trim().match(/^ARG\s+([A-Za-z_][A-Za-z0-9_]*)(?:=(\S*))?$/i))
    .filter((match) => match !== null)
    .map((match) => [match[1] ?? '', match[2] ?? ''] as const),
);

/** A FROM line's image with the global arguments put in, as the build would. */
function resolveImage(image: string, args: ReadonlyMap<string, string>): string {
  return image.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name: string) => args.get(name) ?? globalArgs.get(name) ?? '');
}

/** The images the FROM lines start from, not counting the Dockerfile's own stages (unresolved). */
const fromImages = (() => {
  const stageNames = new Set<string>();
  const images = new Set<string>();
  for (const stage of stages) {
    const [, ...words] = (stage[0] ?? '').split(/\s+/);
    const image = words.find((word) => !word.startsWith('--'));
    if (image && !stageNames.has(image) && image !== 'scratch') images.add(image);
    const asAt = words.findIndex((word) => word.toUpperCase() === 'AS');
    const alias = asAt >= 0 ? words[asAt + 1] : undefined;
    if (alias) stageNames.add(alias);
  }
  return [...images];
})();
/** The images this build starts from. */
const baseImages = [...new Set(fromImages.map((image) => resolveImage(image, buildArgs)))];

function podman(args: string[]): string {
  return execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** Why the image cannot be built and run here, or '' when it can. */
function whyTheImageIsNotBuilt(): string {
  if (spawnSync('podman', ['--version'], { stdio: 'ignore' }).status !== 0) return 'podman is not installed';
  // --pull=never: the base images must already be in podman's storage.
  const missing = baseImages.filter((image) => spawnSync('podman', ['image', 'exists', image], { stdio: 'ignore' }).status !== 0);
  if (missing.length > 0) {
    return `${missing.join(', ')} not in podman's image storage; npm run test:image makes a stand-in`;
  }
  return '';
}
const whyNotBuilt = whyTheImageIsNotBuilt();

/**
 * Mounts for the build steps only ("host path:path in the build[:options]",
 * comma-separated), such as the npm settings and CA bundle `npm ci` needs to
 * reach the registry: what they hold must not end up in the image.
 */
const buildVolumes = (process.env.IMAGE_BUILD_VOLUMES ?? '')
  .split(',')
  .map((volume) => volume.trim())
  .filter(Boolean)
  .map((volume) => {
    const [source, target] = volume.split(':');
    if (!source || !target) throw new Error(`IMAGE_BUILD_VOLUMES: "${volume}" is not host-path:build-path`);
    // The paths in the image where the mounted files would be.
    const paths = statSync(source).isDirectory()
      ? readdirSync(source).map((name) => path.posix.join(target, name))
      : [target];
    return { volume, paths };
  });

describe('Dockerfile', () => {
  it('builds in several stages and ships only the runtime stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtime.filter((line) => /^COPY\s+--from=/i.test(line)).length).toBeGreaterThan(0);
    // No compiler or dev tooling is installed in the runtime stage.
    expect(runtime.join('\n')).not.toMatch(/apt-get install|npm (ci|install)(?![^\n]*--omit=dev)/);
  });

  it('ships production dependencies only, pruned from the build stage so native modules compile once', () => {
    const copiedModules = runtime.find((line) => /^COPY\s+--from=\S+.*node_modules/i.test(line));
    const fromStage = copiedModules?.match(/--from=(\S+)/)?.[1];
    const stageOfModules = stages.find((stage) => new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${fromStage}$`, 'i').test(stage[0] ?? ''));
    expect(stageOfModules?.[0]).toMatch(/^FROM\s+build\s+AS\s/i);
    expect(stageOfModules?.some((line) => /npm prune\b.*--omit=dev/.test(line))).toBe(true);
    // One `npm ci` in the whole file: the build stage's.
    expect(instructions.filter((line) => /\bnpm ci\b/.test(line))).toHaveLength(1);
  });

  it('runs as a user other than root, with a health check and the production start command', () => {
    const user = runtime.filter((line) => /^USER\s/i.test(line)).at(-1);
    expect(user).toBeTruthy();
    expect(user).not.toMatch(/^USER\s+(root|0)(:|\s|$)/i);
    expect(runtime.some((line) => /^HEALTHCHECK\s.*\/api\/health/i.test(line))).toBe(true);
    expect(runtime.some((line) => /^CMD\s.*build\/node\/server\.js/i.test(line))).toBe(true);
    expect(runtime.some((line) => /NODE_ENV=production/.test(line))).toBe(true);
  });

  it('starts every stage from one base image, an argument that defaults to the official Node.js 20 image', () => {
    expect(fromImages).toEqual(['${NODE_IMAGE}']);
    expect(resolveImage('${NODE_IMAGE}', new Map())).toBe('node:20-bookworm-slim');
  });

  it('keeps secrets, local data and dependencies out of the build context', () => {
    for (const entry of ['.git', 'node_modules', 'data', '.env', '.env.*']) expect(dockerignore).toContain(entry);
  });

  it('says that PUBLIC_URL is required', () => {
    expect(dockerfile).toMatch(/^#.*\bPUBLIC_URL is required\b/m);
  });
});

describe('compose.yaml', () => {
  it('runs the app with PostgreSQL and an S3-compatible store', () => {
    for (const service of ['app', 'db', 'minio']) expect(compose).toMatch(new RegExp(`^  ${service}:$`, 'm'));
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\//);
    expect(compose).toMatch(/S3_BUCKET: \S+/);
    expect(compose).toMatch(/S3_ENDPOINT: http/);
  });

  it('asks for the JWT secret rather than shipping one', () => {
    expect(compose).toMatch(/JWT_SECRET: \$\{JWT_SECRET:\?/);
  });

  it('sets PUBLIC_URL, which the server requires in production', () => {
    expect(compose).toMatch(/^ {6}PUBLIC_URL: \S+/m);
  });
});

/** A health check as podman reports it (durations in nanoseconds). */
interface HealthcheckReport {
  Test?: string[];
  Interval?: number;
  Timeout?: number;
  StartPeriod?: number;
  Retries?: number;
}

/** What `podman image inspect` reports (the fields read here). */
interface ImageReport {
  Config?: { User?: string; Cmd?: string[]; Env?: string[] };
  // podman's own field, beside the OCI config; podman's Docker-compatible API
  // reads the health check of an image podman built as null.
  Healthcheck?: HealthcheckReport | null;
}

const seconds = 1_000_000_000;

describe.skipIf(whyNotBuilt)(`the image, built with podman and run${whyNotBuilt ? ` (skipped: ${whyNotBuilt})` : ''}`, () => {
  const tag = `localhost/showcase-image-check:${process.pid}`;
  const containers: string[] = [];
  let image: ImageReport = {};
  let container = '';
  let origin = '';

  const logsOf = (name: string) => spawnSync('podman', ['logs', name], { encoding: 'utf8' });

  beforeAll(async () => {
    execFileSync(
      'podman',
      [
        'build',
        '--pull=never',
        // The OCI format has no place for HEALTHCHECK: podman would drop it.
        '--format',
        'docker',
        ...[...buildArgs].flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]),
        ...buildVolumes.flatMap(({ volume }) => ['--volume', volume]),
        '--tag',
        tag,
        '.',
      ],
      { stdio: ['ignore', 'inherit', 'inherit'], timeout: 30 * 60_000 },
    );
    image = (JSON.parse(podman(['image', 'inspect', tag])) as ImageReport[])[0] ?? {};

    const port = await freePort();
    origin = `http://localhost:${port}`;
    // No JWT_SECRET: the server then generates its signing key into /data.
    container = podman(['run', '--detach', '--publish', `127.0.0.1:${port}:3000`, '--env', `PUBLIC_URL=${origin}`, tag]);
    containers.push(container);
    for (let attempt = 0; attempt < 120; attempt += 1) {
      const state = podman(['inspect', container, '--format', '{{.State.Status}}']);
      if (state !== 'running') throw new Error(`The container stopped (${state}):\n${logsOf(container).stdout}${logsOf(container).stderr}`);
      const healthy = await fetch(`${origin}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`/api/health never answered 200:\n${logsOf(container).stdout}${logsOf(container).stderr}`);
  }, 35 * 60_000);

  // Removing a large image takes a while on a busy machine.
  afterAll(() => {
    for (const name of containers) spawnSync('podman', ['rm', '--force', '--volumes', '--time', '0', name], { stdio: 'ignore' });
    spawnSync('podman', ['image', 'rm', '--force', tag], { stdio: 'ignore' });
  }, 5 * 60_000);

  it('carries its health check and a user other than root in what podman reports', () => {
    const expected = {
      Test: ['CMD', 'node', '-e', expect.stringContaining('/api/health')],
      Interval: 15 * seconds,
      Timeout: 5 * seconds,
      StartPeriod: 30 * seconds,
      Retries: 3,
    };
    expect(image.Healthcheck).toEqual(expected);
    // The container made from it carries the same check.
    const containerHealthcheck = JSON.parse(podman(['inspect', container, '--format', '{{json .Config.Healthcheck}}'])) as HealthcheckReport | null;
    expect(containerHealthcheck).toEqual(expected);
    expect(image.Config?.User).toBe('node');
    // The memory settings every start path sets (docs/operations.md, Memory).
    expect(image.Config?.Cmd).toEqual(['node', '--max-semi-space-size=4', 'build/node/server.js']);
    expect(image.Config?.Env).toContain('MALLOC_ARENA_MAX=2');
  });

  it('becomes healthy by its own health check', () => {
    // podman runs health checks from a systemd timer; without one, run it now.
    const run = spawnSync('podman', ['healthcheck', 'run', container], { encoding: 'utf8' });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(podman(['inspect', container, '--format', '{{.State.Health.Status}}'])).toBe('healthy');
  });

  it('answers /api/health and the home page', async () => {
    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await home.text()).toMatch(/<html[\s>]/i);
  });

  it('runs the server as the node user', () => {
    const processes = podman(['top', container, 'user', 'args'])
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/));
    const server = processes.find((columns) => columns.slice(1).join(' ') === 'node --max-semi-space-size=4 build/node/server.js');
    expect(server, processes.map((columns) => columns.join(' ')).join('\n')).toBeTruthy();
    expect(server?.[0]).toBe('node');
  });

  it('keeps the data files readable by the node user only', () => {
    const entries = podman(['exec', container, 'find', '/data', '-printf', '%m %u %y %p\\n'])
      .split('\n')
      .map((line) => {
        const [mode, owner, type, path] = line.split(' ');
        return { mode, owner, type, path };
      });
    // The SQLite database and the generated signing key, at least.
    expect(entries.map(({ path }) => path)).toEqual(expect.arrayContaining(['/data/site.db', '/data/jwt-secret']));
    for (const entry of entries) {
      expect(entry.owner, entry.path).toBe('node');
      expect(entry.mode, entry.path).toBe(entry.type === 'd' ? '700' : '600');
    }
  });

  it('keeps what was mounted into the build out of the image', () => {
    const mounted = buildVolumes.flatMap(({ paths }) => paths);
    const probe = spawnSync(
      'podman',
      ['run', '--rm', '--user', 'root', tag, 'node', '-e', 'console.log(JSON.stringify(process.argv.slice(1).filter((file) => require("node:fs").existsSync(file))))', ...mounted],
      { encoding: 'utf8' },
    );
    expect(probe.status, probe.stderr).toBe(0);
    expect(JSON.parse(probe.stdout)).toEqual([]);
  });

  it('refuses to start without PUBLIC_URL, naming it', () => {
    const name = `showcase-image-check-${process.pid}-no-public-url`;
    containers.push(name);
    const run = spawnSync('podman', ['run', '--name', name, tag], { encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toMatch(/PUBLIC_URL is required/);
  });

  // Last: it stops the container the tests above use.
  it('stops cleanly on SIGTERM, the server being PID 1', () => {
    const stop = spawnSync('podman', ['stop', '--time', '60', container], { encoding: 'utf8' });
    expect(stop.status, stop.stderr).toBe(0);
    const state = JSON.parse(podman(['inspect', container, '--format', '{{json .State}}'])) as { ExitCode?: number; OOMKilled?: boolean };
    expect(state.ExitCode, `${logsOf(container).stdout}${logsOf(container).stderr}`).toBe(0);
  });
});

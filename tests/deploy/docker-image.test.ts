/**
 * The deployment files: what can be checked without a container engine
 * always runs (multi-stage build, non-root runtime, health check, production
 * dependencies only, the compose services); building and starting the image
 * runs only where a Docker engine answers, and the skipped test says so.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

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

const dockerEngineAnswers = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 }).status === 0;

describe('Dockerfile', () => {
  it('builds in several stages and ships only the runtime stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtime.filter((line) => /^COPY\s+--from=/i.test(line)).length).toBeGreaterThan(0);
    // No compiler or dev tooling is installed in the runtime stage.
    expect(runtime.join('\n')).not.toMatch(/apt-get install|npm (ci|install)(?![^\n]*--omit=dev)/);
  });

  it('installs production dependencies only for the runtime', () => {
    const productionInstall = instructions.find((line) => /npm ci\b.*--omit=dev/.test(line));
    expect(productionInstall).toBeTruthy();
    const copiedModules = runtime.find((line) => /^COPY\s+--from=\S+.*node_modules/i.test(line));
    const fromStage = copiedModules?.match(/--from=(\S+)/)?.[1];
    const stageOfModules = stages.find((stage) => new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${fromStage}$`, 'i').test(stage[0] ?? ''));
    expect(stageOfModules?.some((line) => /npm ci\b.*--omit=dev/.test(line))).toBe(true);
  });

  it('runs as a user other than root, with a health check and the production start command', () => {
    const user = runtime.filter((line) => /^USER\s/i.test(line)).at(-1);
    expect(user).toBeTruthy();
    expect(user).not.toMatch(/^USER\s+(root|0)(:|\s|$)/i);
    expect(runtime.some((line) => /^HEALTHCHECK\s.*\/api\/health/i.test(line))).toBe(true);
    expect(runtime.some((line) => /^CMD\s.*build\/node\/server\.js/i.test(line))).toBe(true);
    expect(runtime.some((line) => /NODE_ENV=production/.test(line))).toBe(true);
  });

  it('keeps secrets, local data and dependencies out of the build context', () => {
    for (const entry of ['.git', 'node_modules', 'data', '.env', '.env.*']) expect(dockerignore).toContain(entry);
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
});

describe('the image', () => {
  const tag = `showcase-image-check:${process.pid}`;

  it.skipIf(!dockerEngineAnswers)(
    `builds, runs as a non-root user and becomes healthy${dockerEngineAnswers ? '' : ' (skipped: no Docker engine answers on this machine)'}`,
    () => {
      execFileSync('docker', ['build', '-t', tag, '.'], { stdio: 'inherit', timeout: 20 * 60_000 });
      try {
        const [user, healthcheck] = execFileSync(
          'docker',
          ['image', 'inspect', tag, '--format', '{{.Config.User}}|{{json .Config.Healthcheck}}'],
          { encoding: 'utf8' },
        )
          .trim()
          .split('|');
        expect(user).toBeTruthy();
        expect(user).not.toMatch(/^(root|0)(:|$)/);
        expect(healthcheck).toContain('/api/health');
        const container = execFileSync(
          'docker',
          ['run', '-d', '-e', `JWT_SECRET=${'c'.repeat(40)}`, '-e', 'SEED_DEMO=true', tag],
          { encoding: 'utf8' },
        ).trim();
        try {
          let health = '';
          for (let attempt = 0; attempt < 60 && health !== 'healthy'; attempt += 1) {
            execFileSync('sleep', ['2']);
            health = execFileSync('docker', ['inspect', container, '--format', '{{.State.Health.Status}}'], {
              encoding: 'utf8',
            }).trim();
          }
          expect(health).toBe('healthy');
        } finally {
          execFileSync('docker', ['rm', '-f', container], { stdio: 'ignore' });
        }
      } finally {
        execFileSync('docker', ['image', 'rm', '-f', tag], { stdio: 'ignore' });
      }
    },
    25 * 60_000,
  );
});

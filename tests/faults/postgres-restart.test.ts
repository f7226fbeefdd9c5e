/**
 * PostgreSQL restarted under load: while administrators create posts and
 * health checks run, the database server is stopped (a fast shutdown, then
 * a crash-like immediate one) and started again. The web server stays up
 * without a restart of its own; requests during the outage fail quickly
 * with a JSON 5xx instead of hanging; requests succeed again soon after the
 * database is back; and every post acknowledged with 201 is in the database.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostgresCluster, postgresUnavailableReason } from './postgres-cluster.ts';
import { adminToken, cleanUpServers, sleep, startServer, type RunningServer } from './server.ts';

const unavailable = postgresUnavailableReason();
const DATABASE = 'showcase_faults';
const WRITERS = 6;
const HEALTH_CHECKERS = 2;
/** No request may take longer: a hang is a failure. */
const REQUEST_LIMIT_MS = 15_000;
/** How soon after the database is back requests must succeed again. */
const RECOVERY_LIMIT_MS = 20_000;

let cluster: PostgresCluster | undefined;

beforeAll(async () => {
  if (unavailable) return;
  cluster = await PostgresCluster.create();
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
});

afterAll(async () => {
  await cluster?.destroy();
});

afterEach(cleanUpServers);

interface Outcome {
  kind: 'write' | 'health';
  startedAt: number;
  tookMs: number;
  /** 0 when no HTTP answer arrived (connection error or time-out). */
  status: number;
  body: unknown;
  failure?: string;
}

async function timedRequest(kind: Outcome['kind'], url: string, init: RequestInit = {}): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text: the assertions below report it
    }
    return { kind, startedAt, tookMs: Date.now() - startedAt, status: response.status, body };
  } catch (error) {
    return { kind, startedAt, tookMs: Date.now() - startedAt, status: 0, body: null, failure: String(error) };
  }
}

/** Creates posts and checks health in loops until `stop()`; records every outcome. */
function startLoad(server: RunningServer, token: string, round: string) {
  const outcomes: Outcome[] = [];
  const acknowledged: string[] = [];
  let stopping = false;
  const writer = async (index: number) => {
    for (let i = 0; !stopping; i++) {
      const slug = `${round}-w${index}-${i}`;
      const outcome = await timedRequest('write', `${server.baseUrl}/api/admin/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: `Post ${slug}`, slug, content: `Written while PostgreSQL restarts: ${slug}`, status: 'draft' }),
      });
      outcomes.push(outcome);
      if (outcome.status === 201) acknowledged.push(slug);
      // A failing database answers at once; do not spin on it.
      else await sleep(20);
    }
  };
  const healthChecker = async () => {
    while (!stopping) {
      outcomes.push(await timedRequest('health', `${server.baseUrl}/api/health`));
      await sleep(50);
    }
  };
  const loops = Promise.all([
    ...Array.from({ length: WRITERS }, (_, index) => writer(index)),
    ...Array.from({ length: HEALTH_CHECKERS }, () => healthChecker()),
  ]);
  return {
    outcomes,
    acknowledged,
    /** Resolves once an acknowledged write started at or after `since`. */
    async writeSucceededSince(since: number, limitMs: number): Promise<number> {
      const until = Date.now() + limitMs;
      while (Date.now() < until) {
        const success = outcomes.find((outcome) => outcome.kind === 'write' && outcome.status === 201 && outcome.startedAt >= since);
        if (success) return success.startedAt + success.tookMs - since;
        await sleep(50);
      }
      const state = server.isRunning() ? 'still running' : `stopped: ${server.stderr()}`;
      throw new Error(`no write succeeded within ${limitMs} ms of the database coming back; the server is ${state}`);
    },
    async stop() {
      stopping = true;
      await loops;
    },
  };
}

async function storedSlugs(db: PostgresCluster): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: db.url(DATABASE) });
  await client.connect();
  try {
    const result = await client.query<{ slug: string }>('select slug from posts');
    return new Set(result.rows.map((row) => row.slug));
  } finally {
    await client.end();
  }
}

describe('PostgreSQL restarting under load', () => {
  it.skipIf(unavailable !== null)(
    `answers 5xx during the outage, recovers by itself and keeps every acknowledged write${unavailable ? ` (skipped: ${unavailable})` : ''}`,
    async () => {
      const db = cluster as PostgresCluster;
      const server = await startServer({ DATABASE_URL: db.url(DATABASE), DATABASE_POOL_SIZE: '5' });
      const token = await adminToken(server);
      const acknowledged: string[] = [];

      for (const mode of ['fast', 'immediate'] as const) {
        const load = startLoad(server, token, mode);
        await load.writeSucceededSince(0, 10_000);
        await sleep(300);

        const stoppedAt = Date.now();
        await db.stop(mode);
        // Long enough for new connections to be refused, not just cut.
        await sleep(1500);
        const restartedAt = Date.now();
        await db.start();
        const backAt = Date.now();

        const recoveryMs = await load.writeSucceededSince(backAt, RECOVERY_LIMIT_MS);
        expect(recoveryMs).toBeLessThan(RECOVERY_LIMIT_MS);
        await sleep(300);
        await load.stop();
        acknowledged.push(...load.acknowledged);

        expect(server.isRunning()).toBe(true);
        // Every request got an answer, in bounded time.
        const unanswered = load.outcomes.filter((outcome) => outcome.status === 0);
        expect(unanswered).toEqual([]);
        expect(Math.max(...load.outcomes.map((outcome) => outcome.tookMs))).toBeLessThan(REQUEST_LIMIT_MS);
        // Failures are clean JSON "unavailable" answers, never a 500...
        const failures = load.outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201);
        for (const failure of failures) {
          expect(failure.status).toBe(503);
          expect(failure.body).toMatchObject({ error: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
        }
        // ...that happened because of the outage: there were some, and none
        // from requests started once the database had been back a while.
        const duringOutage = failures.filter((outcome) => outcome.startedAt + outcome.tookMs >= stoppedAt);
        expect(duringOutage.length).toBeGreaterThan(0);
        expect(failures.filter((outcome) => outcome.startedAt < stoppedAt - 1000)).toEqual([]);
        expect(failures.filter((outcome) => outcome.startedAt > backAt + recoveryMs + 1000)).toEqual([]);
        expect(restartedAt).toBeGreaterThan(stoppedAt);
      }

      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });

      const stored = await storedSlugs(db);
      expect(acknowledged.filter((slug) => !stored.has(slug))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(0);
      // Broken connections are reported in the log, not thrown at the process.
      expect(server.log()).toContain('database connection lost');
      expect(server.stderr()).toBe('');
    },
  );
});

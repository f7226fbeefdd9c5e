/**
 * Durable jobs on the real engine (both, through the api and api-postgres
 * projects): each job runs once however many workers look, a failure is
 * tried again later and given up after its attempts, a claim whose server
 * died is taken over, and a claim is kept alive while its job runs.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { nowSeconds } from '../../server/db/database.ts';
import { claimJobs } from '../../server/db/queries/jobs.ts';
import { DEFAULT_JOBS_OPTIONS, Jobs, type JobKind } from '../../server/jobs/jobs.ts';
import { useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

const logger = pino({ level: 'silent' });
const workerOn = (options: Partial<typeof DEFAULT_JOBS_OPTIONS> = {}) =>
  new Jobs({ db: t.handle.db, engine: t.handle.engine, logger }, { ...DEFAULT_JOBS_OPTIONS, ...options });

let kindCounter = 0;
/** A kind of its own per test, so no test runs another's jobs. */
function countingKind(options: { maxAttempts?: number; failTimes?: number; takesMs?: number } = {}) {
  kindCounter += 1;
  const runs = new Map<string, number>();
  const kind: JobKind<{ id: string }> = {
    name: `test-kind-${kindCounter}`,
    maxAttempts: options.maxAttempts ?? 3,
    async run({ id }) {
      const count = (runs.get(id) ?? 0) + 1;
      runs.set(id, count);
      if (options.takesMs) await new Promise((resolve) => setTimeout(resolve, options.takesMs));
      if (count <= (options.failTimes ?? 0)) throw new Error(`attempt ${count} fails`);
    },
  };
  return { kind, runs };
}

const rowsOf = (kind: string) =>
  t.handle.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

describe('durable jobs', () => {
  it('run once each, and one dedupe key makes one job', async () => {
    const { kind, runs } = countingKind();
    const jobs = workerOn();
    jobs.register(kind);
    await jobs.enqueue(t.handle.db, kind, { id: 'a' }, { dedupeKey: `${kind.name}:a` });
    await jobs.enqueue(t.handle.db, kind, { id: 'a' }, { dedupeKey: `${kind.name}:a` });
    await jobs.enqueue(t.handle.db, kind, { id: 'b' });
    await jobs.whenIdle();
    expect(Object.fromEntries(runs)).toEqual({ a: 1, b: 1 });
    expect((await rowsOf(kind.name)).map((row) => [row.status, row.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('are not run twice by two workers looking at the same time', async () => {
    const { kind, runs } = countingKind({ takesMs: 5 });
    const [first, second] = [workerOn({ concurrency: 3 }), workerOn({ concurrency: 3 })];
    first.register(kind);
    second.register(kind);
    for (let i = 0; i < 30; i += 1) await first.enqueue(t.handle.db, kind, { id: `job-${i}` });
    await Promise.all([first.whenIdle(), second.whenIdle()]);
    expect(runs.size).toBe(30);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('try a failure again later, with a growing pause, and give up after their attempts', async () => {
    const { kind, runs } = countingKind({ maxAttempts: 2, failTimes: 5 });
    const jobs = workerOn({ retryDelaySeconds: 60 });
    jobs.register(kind);
    await jobs.enqueue(t.handle.db, kind, { id: 'flaky' });
    const before = nowSeconds();
    await jobs.whenIdle();
    let [row] = await rowsOf(kind.name);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'attempt 1 fails' });
    expect(row?.run_at).toBeGreaterThanOrEqual(before + 60);

    // Its time comes: the second and last attempt fails too.
    await t.handle.db.updateTable('jobs').set({ run_at: nowSeconds() }).where('kind', '=', kind.name).execute();
    await jobs.whenIdle();
    [row] = await rowsOf(kind.name);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, last_error: 'attempt 2 fails' });
    expect(runs.get('flaky')).toBe(2);
  });

  it('are taken over from a worker whose claim ran out (its server died)', async () => {
    const { kind, runs } = countingKind();
    const jobs = workerOn();
    jobs.register(kind);
    await jobs.enqueue(t.handle.db, kind, { id: 'orphan' });
    // A worker that claimed it and died: its lease ended ten seconds ago.
    const claimed = await claimJobs(t.handle.db, t.handle.engine, {
      worker: 'dead-server',
      kinds: [kind.name],
      limit: 1,
      leaseSeconds: -10,
      now: nowSeconds(),
    });
    expect(claimed).toHaveLength(1);
    await jobs.whenIdle();
    expect(runs.get('orphan')).toBe(1);
    expect((await rowsOf(kind.name))[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('keep their claim while they run, so a slow job is not taken over', async () => {
    const { kind, runs } = countingKind({ takesMs: 2500 });
    const [first, second] = [workerOn({ leaseSeconds: 1 }), workerOn({ leaseSeconds: 1 })];
    first.register(kind);
    second.register(kind);
    await first.enqueue(t.handle.db, kind, { id: 'slow' });
    const running = first.whenIdle();
    // The other worker keeps looking while the first one works.
    const deadline = Date.now() + 2500;
    while (Date.now() < deadline) {
      await second.whenIdle();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await running;
    expect(runs.get('slow')).toBe(1);
  });

  it('recur on one row when their run says when next, and one of a key is brought forward or revived, never doubled', async () => {
    kindCounter += 1;
    let runs = 0;
    const nextAt = nowSeconds() + 6 * 3600;
    const kind: JobKind<{ id: string }> = {
      name: `test-kind-${kindCounter}`,
      maxAttempts: 2,
      async run() {
        runs += 1;
        return runs === 1 ? { runAgainAt: nextAt } : undefined;
      },
    };
    const jobs = workerOn();
    jobs.register(kind);
    const key = `${kind.name}:recurring`;
    expect(await jobs.ensure(t.handle.db, kind, { id: 'r' }, key, nowSeconds())).toBe(true);
    await jobs.whenIdle();
    expect(runs).toBe(1);
    let rows = await rowsOf(kind.name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, run_at: nextAt, locked_by: null });

    // Waiting: ensuring it again keeps its time; running it soon brings it forward.
    expect(await jobs.ensure(t.handle.db, kind, { id: 'r' }, key, nowSeconds())).toBe(false);
    expect((await rowsOf(kind.name))[0]?.run_at).toBe(nextAt);
    expect(await jobs.runSoon(t.handle.db, kind, { id: 'r' }, key)).toBe(true);
    await jobs.whenIdle();
    expect(runs).toBe(2);
    rows = await rowsOf(kind.name);
    expect(rows.map((row) => row.status)).toEqual(['done']);

    // Done: ensured again, the same row runs again.
    expect(await jobs.ensure(t.handle.db, kind, { id: 'r' }, key, nowSeconds())).toBe(true);
    await jobs.whenIdle();
    expect(runs).toBe(3);
    expect(await rowsOf(kind.name)).toHaveLength(1);

    // Running: neither brings a second one.
    await t.handle.db.updateTable('jobs').set({ status: 'running' }).where('kind', '=', kind.name).execute();
    expect(await jobs.runSoon(t.handle.db, kind, { id: 'r' }, key)).toBe(false);
    expect(await jobs.ensure(t.handle.db, kind, { id: 'r' }, key, nowSeconds())).toBe(false);
    expect((await rowsOf(kind.name)).map((row) => row.status)).toEqual(['running']);
  });
});

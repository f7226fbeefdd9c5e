/**
 * The jobs table: enqueue, claim for a lease, finish, retry. Claims are safe
 * with any number of servers: on PostgreSQL the rows are taken with
 * `FOR UPDATE SKIP LOCKED` (two servers never claim one job, nor wait on
 * each other); SQLite has one writer at a time, so its single UPDATE is
 * atomic as it is.
 */
import type { Engine } from '../database.ts';
import type { Insertable } from 'kysely';
import type { Db, JobRow, JobTable } from '../schema.ts';

export interface NewJob {
  kind: string;
  payload: unknown;
  /** One job per key: enqueueing the same key again while it exists changes nothing. */
  dedupeKey?: string;
  maxAttempts: number;
  runAt: number;
}

/** The row of a job that waits for its first attempt. */
function pendingJob(job: NewJob, now: number): Insertable<JobTable> {
  return {
    kind: job.kind,
    payload: JSON.stringify(job.payload ?? null),
    dedupe_key: job.dedupeKey ?? null,
    status: 'pending',
    attempts: 0,
    max_attempts: job.maxAttempts,
    run_at: job.runAt,
    created_at: now,
    updated_at: now,
  };
}

/** Adds a job; false when one with the same dedupe key is already there and not failed. */
export async function enqueueJob(db: Db, job: NewJob, now: number): Promise<boolean> {
  const row = await db
    .insertInto('jobs')
    .values(pendingJob(job, now))
    // A job that failed for good is given a fresh start; one pending,
    // running or done stays as it is.
    .onConflict((oc) =>
      oc
        .column('dedupe_key')
        .doUpdateSet({ status: 'pending', attempts: 0, run_at: job.runAt, last_error: null, updated_at: now })
        .where('jobs.status', '=', 'failed'),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds the job of `dedupeKey`, or makes the one there due at `job.runAt`
 * with a fresh count of attempts, unless it is running (one at a time) or,
 * with `finishedOnly`, waiting: false then.
 */
export async function requeueJob(
  db: Db,
  job: NewJob & { dedupeKey: string },
  now: number,
  { finishedOnly = false }: { finishedOnly?: boolean } = {},
): Promise<boolean> {
  const row = await db
    .insertInto('jobs')
    .values(pendingJob(job, now))
    .onConflict((oc) =>
      oc
        .column('dedupe_key')
        .doUpdateSet({
          payload: JSON.stringify(job.payload ?? null),
          status: 'pending',
          attempts: 0,
          run_at: job.runAt,
          last_error: null,
          updated_at: now,
        })
        .where('jobs.status', 'in', finishedOnly ? ['done', 'failed'] : ['done', 'failed', 'pending']),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A recurring job's run went well: it waits, as a fresh job, for `runAt`. */
export async function rescheduleJob(db: Db, id: number, worker: string, next: { runAt: number; now: number }): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'pending', attempts: 0, run_at: next.runAt, locked_by: null, locked_until: null, last_error: null, updated_at: next.now })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

/** Jobs of `kinds` that may be claimed at `now`: due pending ones, and running ones whose lease ran out. */
function dueJobs(db: Db, kinds: readonly string[], now: number) {
  return db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
      ]),
    );
}

export async function hasDueJob(db: Db, kinds: readonly string[], now: number): Promise<boolean> {
  if (kinds.length === 0) return false;
  return (await dueJobs(db, kinds, now).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Claims up to `limit` jobs of the given kinds for `worker` until
 * `now + leaseSeconds`: due pending ones, and running ones whose lease ran
 * out (their server stopped mid-way). Each claim counts as an attempt.
 */
export async function claimJobs(
  db: Db,
  engine: Engine,
  options: { worker: string; kinds: readonly string[]; limit: number; leaseSeconds: number; now: number },
): Promise<JobRow[]> {
  if (options.kinds.length === 0) return [];
  const { now } = options;
  let due = dueJobs(db, options.kinds, now)
    .orderBy('run_at')
    .orderBy('id')
    .limit(options.limit);
  if (engine === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: options.worker,
      locked_until: now + options.leaseSeconds,
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Keeps a claim alive while its job runs; false when another worker took it over. */
export async function extendJobLease(db: Db, id: number, worker: string, until: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: until })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function completeJob(db: Db, id: number, worker: string, now: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: now })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

/** A failed attempt: tried again at `retryAt`, or (null) failed for good. */
export async function failJob(
  db: Db,
  id: number,
  worker: string,
  failure: { error: string; retryAt: number | null; now: number },
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: failure.retryAt === null ? 'failed' : 'pending',
      run_at: failure.retryAt ?? failure.now,
      locked_by: null,
      locked_until: null,
      last_error: failure.error.slice(0, 2000),
      updated_at: failure.now,
    })
    .where('id', '=', id)
    .where('locked_by', '=', worker)
    .execute();
}

/** Removes finished jobs older than `before` (done ones; failed ones are kept for the record). */
export async function pruneDoneJobs(db: Db, before: number): Promise<void> {
  await db.deleteFrom('jobs').where('status', '=', 'done').where('updated_at', '<', before).execute();
}

/** How many jobs stand in each state, for metrics and the operations guide. */
export async function countJobsByStatus(db: Db): Promise<Record<JobRow['status'], number>> {
  const rows = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const counts = { pending: 0, running: 0, done: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/**
 * Durable background work (decision 022). A job is a row in the `jobs`
 * table, enqueued in the transaction of the change that calls for it, so it
 * exists if and only if that change does. Any server runs it: a claim lasts
 * a lease, kept alive while the job runs; a server that dies mid-way leaves
 * a claim that runs out, and the next server to look takes the job over. A
 * failed attempt is tried again later, with growing pauses, up to its
 * number of attempts.
 *
 * Each process runs the jobs it enqueues at once (`wake`), and looks for
 * others' and retries every `pollMs` once `start`ed (servers start it; the
 * tests drive it with `whenIdle`).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { nowSeconds, type Engine } from '../db/database.ts';
import { claimJobs, completeJob, enqueueJob, extendJobLease, failJob, hasDueJob, requeueJob, rescheduleJob } from '../db/queries/jobs.ts';
import type { Database, Db, JobRow } from '../db/schema.ts';

export interface JobKind<Payload> {
  name: string;
  /** How many times it is tried in all before it is left as failed. */
  maxAttempts: number;
  /**
   * Does the work; must be safe to run again (after a retry or a takeover).
   * A recurring job answers when it is due next: the same row waits for
   * then, so its dedupe key keeps one job per thing for as long as it recurs.
   */
  run(payload: Payload, attempt: JobAttempt): Promise<void> | Promise<JobOutcome | undefined>;
}

/** Which run of its job a run is, for a kind that reports its attempts (a CDN's purge log). */
export interface JobAttempt {
  /** 1 for the first. */
  number: number;
  /** Whether a failure now leaves the job failed for good. */
  isLast: boolean;
  /** The Unix second the job was due (a recurring job: the second it waited for). */
  dueAt: number;
}

export interface JobOutcome {
  /** Run again at this Unix second, as a fresh job; absent, the job is done. */
  runAgainAt?: number;
}

export interface JobsOptions {
  /** How long a claim lasts without being renewed; a dead server's jobs wait this long at most. */
  leaseSeconds: number;
  /** How often a started worker looks for due jobs. */
  pollMs: number;
  /** How many jobs this process runs at once. */
  concurrency: number;
  /** The pause before the first retry; doubled for each further one, up to `maxRetryDelaySeconds`. */
  retryDelaySeconds: number;
  maxRetryDelaySeconds: number;
}

export const DEFAULT_JOBS_OPTIONS: JobsOptions = {
  leaseSeconds: 30,
  pollMs: 2000,
  concurrency: 1,
  retryDelaySeconds: 10,
  maxRetryDelaySeconds: 3600,
};

export class Jobs {
  /** This process, as claims name it. */
  readonly worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly kinds = new Map<string, JobKind<unknown>>();
  private pass: Promise<void> | null = null;
  private wakeAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly deps: { db: Kysely<Database>; engine: Engine; logger: Logger },
    private readonly options: JobsOptions = DEFAULT_JOBS_OPTIONS,
  ) {}

  /** Registers what a kind of job does; jobs of kinds a process does not know are left to others. */
  register<Payload>(kind: JobKind<Payload>): void {
    this.kinds.set(kind.name, kind);
  }

  /**
   * Adds a job, within `db` (pass the transaction of the change that calls
   * for it). Call `wake` once that transaction has committed.
   */
  async enqueue<Payload>(
    db: Db,
    kind: JobKind<Payload>,
    payload: Payload,
    options: { dedupeKey?: string; delaySeconds?: number } = {},
  ): Promise<void> {
    const now = nowSeconds();
    await enqueueJob(
      db,
      {
        kind: kind.name,
        payload,
        maxAttempts: kind.maxAttempts,
        runAt: now + (options.delaySeconds ?? 0),
        ...(options.dedupeKey ? { dedupeKey: options.dedupeKey } : {}),
      },
      now,
    );
  }

  /**
   * The job of `dedupeKey`, due now: a new one, or the existing one brought
   * forward (a waiting recurring job, a finished or failed one). One that is
   * running is left to finish: false. Call `wake` once `db` has committed.
   */
  async runSoon<Payload>(db: Db, kind: JobKind<Payload>, payload: Payload, dedupeKey: string): Promise<boolean> {
    const now = nowSeconds();
    return requeueJob(db, { kind: kind.name, payload, maxAttempts: kind.maxAttempts, runAt: now, dedupeKey }, now);
  }

  /**
   * The job of `dedupeKey` at `runAt`, unless one is already waiting or
   * running (that one keeps its time): a new one, or a finished or failed
   * one started again. False when one was there.
   */
  async ensure<Payload>(db: Db, kind: JobKind<Payload>, payload: Payload, dedupeKey: string, runAt: number): Promise<boolean> {
    return requeueJob(db, { kind: kind.name, payload, maxAttempts: kind.maxAttempts, runAt, dedupeKey }, nowSeconds(), { finishedOnly: true });
  }

  /** Runs due jobs soon, off the current request (its answer goes out first). */
  wake(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.wakeAgain = true;
      return;
    }
    this.pass = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.runDue())
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'jobs: could not look for due jobs'))
      .finally(() => {
        this.pass = null;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  /** Looks for due jobs every `pollMs` (and takes over those of servers that stopped). */
  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /**
   * Stops looking for jobs and waits up to `limitMs` for those running.
   * One still running then keeps its claim until the lease runs out, and
   * another server (or this one, restarted) takes it over.
   */
  async stop(limitMs: number): Promise<boolean> {
    this.stopped = true;
    clearInterval(this.timer);
    const running = this.pass;
    if (!running) return true;
    let timeout: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      running.then(() => true),
      new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(false), limitMs);
      }),
    ]);
    clearTimeout(timeout);
    return finished;
  }

  /** Resolves once no job is running and none is due (tests, and a shutdown's wait). */
  async whenIdle(): Promise<void> {
    for (;;) {
      if (this.pass) {
        await this.pass;
        continue;
      }
      this.wake();
      if (!this.pass) return;
      await this.pass;
      if (!this.wakeAgain && !(await hasDueJob(this.deps.db, [...this.kinds.keys()], nowSeconds()))) return;
    }
  }

  /** Claims and runs due jobs until there are none. */
  private async runDue(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const claimed = await claimJobs(this.deps.db, this.deps.engine, {
        worker: this.worker,
        kinds: [...this.kinds.keys()],
        limit: this.options.concurrency,
        leaseSeconds: this.options.leaseSeconds,
        now: nowSeconds(),
      });
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((job) => this.runOne(job)));
    }
  }

  private async runOne(job: JobRow): Promise<void> {
    const kind = this.kinds.get(job.kind);
    const { db, logger } = this.deps;
    if (!kind) return;
    // Claimed once too often: its server kept dying while running it.
    if (job.attempts > job.max_attempts) {
      await failJob(db, job.id, this.worker, { error: 'too many attempts', retryAt: null, now: nowSeconds() });
      logger.error({ job: job.id, kind: job.kind }, 'job failed for good: too many attempts');
      return;
    }
    const renew = setInterval(() => {
      void extendJobLease(db, job.id, this.worker, nowSeconds() + this.options.leaseSeconds).catch(() => {});
    }, (this.options.leaseSeconds * 1000) / 3);
    renew.unref();
    try {
      const attempt = { number: job.attempts, isLast: job.attempts >= job.max_attempts, dueAt: Number(job.run_at) };
      const outcome: JobOutcome | undefined = (await kind.run(JSON.parse(job.payload), attempt)) ?? undefined;
      if (outcome?.runAgainAt === undefined) await completeJob(db, job.id, this.worker, nowSeconds());
      else await rescheduleJob(db, job.id, this.worker, { runAt: outcome.runAgainAt, now: nowSeconds() });
    } catch (error) {
      const isLast = job.attempts >= job.max_attempts;
      const delay = Math.min(
        this.options.retryDelaySeconds * 2 ** (job.attempts - 1),
        this.options.maxRetryDelaySeconds,
      );
      const now = nowSeconds();
      await failJob(db, job.id, this.worker, {
        error: error instanceof Error ? error.message : String(error),
        retryAt: isLast ? null : now + delay,
        now,
      }).catch((recordError: unknown) => logger.warn({ err: recordError, job: job.id }, 'jobs: could not record a failure'));
      logger[isLast ? 'error' : 'warn'](
        { err: error, job: job.id, kind: job.kind, attempt: job.attempts },
        isLast ? 'job failed for good' : 'job failed, will be tried again',
      );
    } finally {
      clearInterval(renew);
    }
  }
}

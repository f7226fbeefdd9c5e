/**
 * Prometheus metrics of one app instance, served at `/metrics` to holders of
 * METRICS_TOKEN only. Each app has its own registry: tests build many apps in
 * one process, and the global registry refuses a metric name twice.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Handler } from 'hono';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { countJobsByStatus } from '../db/queries/jobs.ts';
import { countDeliveriesByStatus } from '../db/queries/newsletters.ts';
import { countSponsoredSubmissionsByPaymentStatus } from '../db/queries/sponsored-submissions.ts';
import type { PoolStats } from '../db/database.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { errorBody } from './errors.ts';
import type { RequestObserver } from './request-log.ts';

/** Seconds. Most answers are cache hits well under a millisecond; 5 s is already an outage. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

// Any other method a client invents shares one label value.
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const OTHER_METHOD = 'OTHER';

/** Counts and times of one method, route and status; buckets are not cumulative, the last is +Inf. */
interface Series {
  readonly method: string;
  readonly route: string;
  readonly status: number;
  count: number;
  sum: number;
  readonly buckets: Float64Array;
}

export interface AppMetrics extends RequestObserver {
  readonly registry: Registry;
  /** The whole exposition: the HTTP metrics and everything in `registry`. */
  render(): Promise<string>;
}

export function createMetrics(deps: Pick<AppDeps, 'db' | 'engine' | 'dbPool' | 'logger'>): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerDatabaseGauges(registry, deps.engine, deps.dbPool);

  /** A gauge counted in the database at each scrape, one series per value of `label`. */
  const countedGauge = (name: string, help: string, label: string, count: () => Promise<Record<string, number>>) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        // A failed count drops the series rather than failing the whole scrape.
        this.reset();
        try {
          for (const [value, total] of Object.entries(await count())) this.set({ [label]: value }, total);
        } catch (error) {
          deps.logger.warn({ err: error, metric: name }, 'metrics: a count failed');
        }
      },
    });
  countedGauge(
    'sponsored_submissions',
    'Sponsored submissions by payment status (none: checkout never started).',
    'payment_status',
    () => countSponsoredSubmissionsByPaymentStatus(deps.db),
  );
  countedGauge('background_jobs', 'Durable background jobs by status (server/jobs).', 'status', () =>
    countJobsByStatus(deps.db),
  );
  countedGauge(
    'newsletter_deliveries',
    'Newsletter mails by status, over all issues (pending and sending: still to go).',
    'status',
    () => countDeliveriesByStatus(deps.db),
  );

  // The HTTP metrics are kept here rather than in prom-client metrics
  // (docs/decisions/017-http-metrics-counted-by-hand.md): a request costs two
  // map lookups and a few additions; the text is built at scrape time.
  const seriesByRoute = new Map<string, Map<number, Series>>();
  const seriesFor = (method: string, route: string, status: number): Series => {
    let byKey = seriesByRoute.get(route);
    if (!byKey) {
      byKey = new Map();
      seriesByRoute.set(route, byKey);
    }
    const methodIndex = (METHODS as readonly string[]).indexOf(method);
    const key = status * (METHODS.length + 1) + (methodIndex === -1 ? METHODS.length : methodIndex);
    let series = byKey.get(key);
    if (!series) {
      series = {
        method: methodIndex === -1 ? OTHER_METHOD : method,
        route,
        status,
        count: 0,
        sum: 0,
        buckets: new Float64Array(DURATION_BUCKETS.length + 1),
      };
      byKey.set(key, series);
    }
    return series;
  };

  return {
    registry,
    observe(method, route, status, seconds) {
      const series = seriesFor(method, route, status);
      series.count += 1;
      series.sum += seconds;
      let bucket = 0;
      while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] ?? Infinity)) bucket += 1;
      series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
    },
    async render() {
      const all: Series[] = [];
      for (const byKey of seriesByRoute.values()) all.push(...byKey.values());
      return renderHttpMetrics(all) + (await registry.metrics());
    },
  };
}

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

const statusClassOf = (status: number) => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other');

/** `http_requests_total` and `http_request_duration_seconds` in the text exposition format. */
function renderHttpMetrics(all: readonly Series[]): string {
  const lines = [
    '# HELP http_requests_total HTTP requests answered, by method, route pattern and status.',
    '# TYPE http_requests_total counter',
  ];
  // The histogram is per status class: per status would multiply its many series for little use.
  const byClass = new Map<string, { labels: string; count: number; sum: number; buckets: Float64Array }>();
  for (const series of all) {
    const route = escapeLabel(series.route);
    lines.push(`http_requests_total{method="${series.method}",route="${route}",status="${series.status}"} ${series.count}`);
    const labels = `method="${series.method}",route="${route}",status_class="${statusClassOf(series.status)}"`;
    let merged = byClass.get(labels);
    if (!merged) {
      merged = { labels, count: 0, sum: 0, buckets: new Float64Array(DURATION_BUCKETS.length + 1) };
      byClass.set(labels, merged);
    }
    merged.count += series.count;
    merged.sum += series.sum;
    for (let i = 0; i < series.buckets.length; i += 1) merged.buckets[i] = (merged.buckets[i] ?? 0) + (series.buckets[i] ?? 0);
  }
  lines.push(
    '',
    '# HELP http_request_duration_seconds Time from receiving a request to its answer, by method, route pattern and status class.',
    '# TYPE http_request_duration_seconds histogram',
  );
  for (const { labels, count, sum, buckets } of byClass.values()) {
    let cumulative = 0;
    DURATION_BUCKETS.forEach((bound, i) => {
      cumulative += buckets[i] ?? 0;
      lines.push(`http_request_duration_seconds_bucket{${labels},le="${bound}"} ${cumulative}`);
    });
    lines.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${count}`);
    lines.push(`http_request_duration_seconds_sum{${labels}} ${sum}`);
    lines.push(`http_request_duration_seconds_count{${labels}} ${count}`);
  }
  return `${lines.join('\n')}\n\n`;
}

function registerDatabaseGauges(registry: Registry, engine: AppDeps['engine'], pool: PoolStats | undefined) {
  const info = new Gauge({
    name: 'db_info',
    help: 'The database engine in use (always 1).',
    labelNames: ['engine'] as const,
    registers: [registry],
  });
  info.set({ engine }, 1);

  if (pool) {
    gaugeOf(registry, 'db_pool_connections', 'Open database connections, idle or in use.', () => pool.totalCount);
    gaugeOf(registry, 'db_pool_idle_connections', 'Open database connections not in use.', () => pool.idleCount);
    gaugeOf(registry, 'db_pool_waiting_clients', 'Queries waiting for a free database connection.', () => pool.waitingCount);
  } else if (engine === 'sqlite') {
    // better-sqlite3 works on one connection that is never closed.
    gaugeOf(registry, 'db_pool_connections', 'Open database connections, idle or in use.', () => 1);
  }
}

function gaugeOf(registry: Registry, name: string, help: string, read: () => number) {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/**
 * Totals by reason that a service keeps in memory since the server started
 * (what it refused to count), exposed as a counter read at each scrape.
 */
export function reasonTotals(registry: Registry, name: string, help: string, read: () => ReadonlyMap<string, number>): void {
  new Counter({
    name,
    help,
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, total] of read()) this.inc({ reason }, total);
    },
  });
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET (or HEAD) `/metrics` in Prometheus' text format, for the bearer of
 * `token` only. Comparing digests keeps the comparison constant-time whatever
 * the length of what was sent.
 */
export function metricsEndpoint(metrics: AppMetrics, token: string): Handler<AppEnv> {
  const expected = sha256(token);
  return async (c) => {
    c.header('Cache-Control', 'no-store');
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match?.[1] || !timingSafeEqual(sha256(match[1]), expected)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json(errorBody('UNAUTHORIZED', 'The metrics need a valid bearer token'), 401);
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      c.header('Allow', 'GET, HEAD');
      return c.json(errorBody('METHOD_NOT_ALLOWED', `${c.req.method} is not allowed on /metrics`), 405);
    }
    const body = await metrics.render();
    return c.body(body, 200, { 'Content-Type': metrics.registry.contentType });
  };
}

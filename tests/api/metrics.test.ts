import { randomBytes } from 'node:crypto';
import type { Handler, MiddlewareHandler } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sponsoredSubmissionSchema } from '../../common/schemas/sponsored-submission.ts';
import { createApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { insertSponsoredSubmission } from '../../server/db/queries/sponsored-submissions.ts';
import type { AppEnv } from '../../server/deps.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';

const METRICS_TOKEN = randomBytes(24).toString('hex');

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number;
  durationMs?: number;
}

let t: TestApp;
let app: ReturnType<typeof createApp>;
const logLines: LogLine[] = [];

// Stand-ins for the web app, to see that pages and files get fixed route labels.
const renderPage: Handler<AppEnv> = (c) => c.html('<p>a page</p>');
const serveStatic: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.path.startsWith('/assets/')) return c.text('console.log(1)', 200, { 'Content-Type': 'text/javascript' });
  await next();
};

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as LogLine) });
  app = createApp({ ...t.deps, logger }, { renderPage, serveStatic });
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`http://localhost${path}`, { headers: { 'x-forwarded-for': freshIp(), ...headers } });
const scrape = () => get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });

let counter = 0;
function sponsoredPayload() {
  counter += 1;
  return {
    project_name: `Wind Lantern ${counter} ${Date.now()}`,
    project_url: 'https://www.kickstarter.com/projects/wind-lantern',
    contact_name: 'Ada Lovelace',
    contact_email: `ada${counter}@example.com`,
    description: 'A lantern charged by the breeze.',
    press_kit_url: '',
    budget_range: '',
    terms_accepted: true,
  };
}

describe('GET /metrics', () => {
  it('refuses a METRICS_TOKEN shorter than 32 characters at start', () => {
    expect(() => parseConfig({ METRICS_TOKEN: 'too-short' })).toThrow(
      'Invalid configuration: METRICS_TOKEN must be at least 32 characters',
    );
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = createApp({ ...t.deps, config: { ...t.deps.config, METRICS_TOKEN: undefined } });
    const response = await plain.request('http://localhost/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
  });

  it('refuses a request without the token, or with another one, and never renders a page for it', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${METRICS_TOKEN}x` },
      { authorization: `Bearer ${METRICS_TOKEN.slice(1)}` },
      { authorization: `Basic ${METRICS_TOKEN}` },
      { authorization: METRICS_TOKEN },
    ];
    for (const headers of attempts) {
      const response = await get('/metrics', headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({ error: 'UNAUTHORIZED', message: 'The metrics need a valid bearer token' });
    }
  });

  it('answers other methods with 405, even when the token is right', async () => {
    const response = await app.request('http://localhost/metrics', {
      method: 'POST',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('counts requests by route pattern, never by address', async () => {
    expect((await get('/api/posts?page_size=5')).status).toBe(200);
    expect((await get('/api/posts/no-such-post')).status).toBe(404);
    expect((await get('/api/posts/another-missing-post')).status).toBe(404);
    expect((await get('/api/no-such-endpoint')).status).toBe(404);
    expect((await get('/about')).status).toBe(200);
    expect((await get('/blog/some-post')).status).toBe(200);
    expect((await get('/assets/app.js')).status).toBe(200);

    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();

    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/posts",status="200"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/posts\/:slug",status="404"\} 2$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="page",status="200"\} 2$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="static",status="200"\} 1$/m);
    expect(text).not.toContain('no-such-post');
    expect(text).not.toContain('/about');

    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/posts",status_class="2xx"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{method="GET",route="\/api\/posts",status_class="2xx",le="0\.001"\} [01]$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{method="GET",route="\/api\/posts",status_class="2xx",le="5"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{method="GET",route="\/api\/posts",status_class="2xx",le="\+Inf"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_sum\{method="GET",route="\/api\/posts",status_class="2xx"\} \d/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/posts\/:slug",status_class="4xx"\} 2$/m);

    // Default process metrics, from this app's own registry.
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('reports the database engine and its connections', async () => {
    const text = await (await scrape()).text();
    expect(text).toMatch(new RegExp(`^db_info\\{engine="${t.deps.engine}"\\} 1$`, 'm'));
    if (t.deps.engine === 'sqlite') expect(text).toMatch(/^db_pool_connections 1$/m);
  });

  it('reports the PostgreSQL pool occupancy when the pool is known', async () => {
    const pool = { totalCount: 3, idleCount: 2, waitingCount: 1 };
    const withPool = createApp({ ...t.deps, engine: 'postgres', dbPool: pool });
    const response = await withPool.request('http://localhost/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await response.text();
    expect(text).toMatch(/^db_info\{engine="postgres"\} 1$/m);
    expect(text).toMatch(/^db_pool_connections 3$/m);
    expect(text).toMatch(/^db_pool_idle_connections 2$/m);
    expect(text).toMatch(/^db_pool_waiting_clients 1$/m);
    pool.waitingCount = 0;
    const again = await (
      await withPool.request('http://localhost/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(again).toMatch(/^db_pool_waiting_clients 0$/m);
  });

  it('counts sponsored submissions by payment status at scrape time', async () => {
    const before = await (await scrape()).text();
    expect(before).toMatch(/^sponsored_submissions\{payment_status="none"\} 0$/m);
    expect(before).toMatch(/^sponsored_submissions\{payment_status="completed"\} 0$/m);

    // Rows as the checkout leaves them; the payment flow itself is covered in payments.test.ts.
    for (const paymentStatus of [null, 'pending', 'completed', 'failed'] as const) {
      const submission = await insertSponsoredSubmission(t.handle.db, sponsoredSubmissionSchema.parse(sponsoredPayload()));
      await t.handle.db
        .updateTable('sponsored_submissions')
        .set({ payment_status: paymentStatus })
        .where('id', '=', submission.id)
        .execute();
    }

    const text = await (await scrape()).text();
    expect(text).toMatch(/^sponsored_submissions\{payment_status="none"\} 1$/m);
    expect(text).toMatch(/^sponsored_submissions\{payment_status="pending"\} 1$/m);
    expect(text).toMatch(/^sponsored_submissions\{payment_status="completed"\} 1$/m);
    expect(text).toMatch(/^sponsored_submissions\{payment_status="failed"\} 1$/m);
    expect(text).toMatch(/^sponsored_submissions\{payment_status="refunded"\} 0$/m);
  });

  it('counts durable jobs by status at scrape time', async () => {
    const now = Math.floor(Date.now() / 1000);
    await t.handle.db
      .insertInto('jobs')
      .values(
        (['pending', 'failed', 'failed'] as const).map((status) => ({
          kind: 'metrics-test',
          payload: '{}',
          status,
          attempts: 0,
          max_attempts: 1,
          run_at: now + 3600,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const text = await (await scrape()).text();
    expect(text).toMatch(/^background_jobs\{status="pending"\} 1$/m);
    expect(text).toMatch(/^background_jobs\{status="failed"\} 2$/m);
    expect(text).toMatch(/^background_jobs\{status="running"\} 0$/m);
  });

  it('counts newsletter mails by status at scrape time', async () => {
    const now = Math.floor(Date.now() / 1000);
    const issue = await t.handle.db
      .insertInto('newsletter_issues')
      .values({ slug: `metrics-${now}`, subject: 'Metrics', status: 'sending', created_at: now, updated_at: now, post_ids: '[]', preheader: '', intro: '', closing: '', scheduled_at: null, started_at: now, sent_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subscribers = await t.handle.db
      .insertInto('newsletter_subscribers')
      .values(['m1', 'm2', 'm3'].map((name) => ({ email: `${name}.${now}@example.com`, email_normalized: `${name}.${now}@example.com`, subscribed_at: now })))
      .returning('id')
      .execute();
    await t.handle.db
      .insertInto('newsletter_deliveries')
      .values(subscribers.map((row, index) => ({ issue_id: issue.id, subscriber_id: row.id, status: index === 0 ? 'failed' : 'sent', next_attempt_at: now })))
      .execute();
    const text = await (await scrape()).text();
    expect(text).toMatch(/^newsletter_deliveries\{status="sent"\} 2$/m);
    expect(text).toMatch(/^newsletter_deliveries\{status="failed"\} 1$/m);
    expect(text).toMatch(/^newsletter_deliveries\{status="pending"\} 0$/m);
  });

  it('keeps a registry per app, so several apps in one process count separately', async () => {
    const other = createApp(t.deps);
    const text = await (
      await other.request('http://localhost/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(text).not.toMatch(/route="\/api\/posts"/);
  });
});

describe('the request log', () => {
  it('has one line per request with id, method, route, path, status and duration, and no query string', async () => {
    logLines.length = 0;
    const response = await get('/api/posts/missing-post?token=do-not-log-me', { authorization: 'Bearer do-not-log-me' });
    expect(response.status).toBe(404);

    expect(logLines).toHaveLength(1);
    const [line] = logLines;
    expect(line).toMatchObject({
      msg: 'request',
      requestId: response.headers.get('x-request-id'),
      method: 'GET',
      route: '/api/posts/:slug',
      path: '/api/posts/missing-post',
      status: 404,
    });
    expect(line?.durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(line)).not.toContain('do-not-log-me');
  });

  it('labels pages with one fixed route', async () => {
    logLines.length = 0;
    await get('/some/page?q=1');
    expect(logLines[0]).toMatchObject({ route: 'page', path: '/some/page', status: 200 });
  });
});

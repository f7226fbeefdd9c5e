/**
 * Page views split across two built servers on one PostgreSQL, as a load
 * balancer spreads a reader's pages: each visitor counts once a day however
 * their views were split, and no acknowledged view is lost when both
 * servers stop at once, each writing its buffer at shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailableReason } from '../faults/postgres-cluster.ts';
import { cleanUpServers, type RunningServer } from '../faults/server.ts';
import { createDatabase, fleetEnv, onDatabase, PostgresCluster, startPair } from './cluster.ts';

const unavailable = postgresUnavailableReason();
const VISITORS = 24;
const VIEWS_EACH = 5;
/** Pages that exist on an empty site (only pages that exist are counted), the first two views of each visitor on `/`. */
const PAGES = ['/', '/', '/resources', '/ending-soon', '/search'];
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let cluster: PostgresCluster;
let databaseUrl: string;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  if (unavailable) return;
  cluster = await PostgresCluster.create();
  databaseUrl = await createDatabase(cluster);
  // One site: the same public address on both, as behind one load balancer.
  [a, b] = await startPair({ ...fleetEnv(databaseUrl), PUBLIC_URL: 'http://127.0.0.1' });
});

afterAll(async () => {
  await cleanUpServers();
  await cluster?.destroy();
});

function beacon(server: RunningServer, ip: string, path: string) {
  return fetch(`${server.baseUrl}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA, 'x-forwarded-for': ip },
    body: JSON.stringify({ path, referrer: '', utm_source: '', utm_medium: '', utm_campaign: '', tz: 'Europe/Paris' }),
    signal: AbortSignal.timeout(15_000),
  });
}

async function stop(server: RunningServer): Promise<number | null> {
  server.child.kill('SIGINT');
  return server.exited;
}

describe.skipIf(unavailable)('page views on two servers', () => {
  it('count each visitor once a day and lose no acknowledged view', async () => {
    const sends: Promise<Response>[] = [];
    for (let visitor = 0; visitor < VISITORS; visitor += 1) {
      const ip = `10.88.0.${visitor + 1}`;
      // Every visitor reads on both servers, the same page on both too.
      for (let view = 0; view < VIEWS_EACH; view += 1) sends.push(beacon(view % 2 === 0 ? a : b, ip, PAGES[view] ?? '/'));
    }
    const statuses = (await Promise.all(sends)).map((response) => response.status);
    expect(statuses.every((status) => status === 204)).toBe(true);

    // Both stop together: each writes its buffer at shutdown, at the same time as the other.
    expect(await Promise.all([stop(a), stop(b)])).toEqual([0, 0]);

    const rows = await onDatabase(databaseUrl, async (client) =>
      (await client.query<{ dimension: string; value: string; views: string; visitors: string }>("select dimension, value, views, visitors from analytics_daily where dimension in ('site', 'page', 'country')")).rows,
    );
    const row = (dimension: string, value: string) => rows.find((r) => r.dimension === dimension && r.value === value);
    expect(row('site', '')).toMatchObject({ views: String(VISITORS * VIEWS_EACH), visitors: String(VISITORS) });
    expect(row('page', '/')).toMatchObject({ views: String(VISITORS * 2), visitors: String(VISITORS) });
    expect(row('page', '/ending-soon')).toMatchObject({ views: String(VISITORS), visitors: String(VISITORS) });
    expect(row('country', 'FR')).toMatchObject({ views: String(VISITORS * VIEWS_EACH), visitors: String(VISITORS) });
    const salts = await onDatabase(databaseUrl, async (client) => Number((await client.query('select count(*) as n from analytics_salts')).rows[0].n));
    expect(salts).toBe(1);
  });
});

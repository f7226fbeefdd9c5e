/**
 * Two servers started at the same moment on one empty PostgreSQL database,
 * one of them loading the demo content: both come up, one administrator
 * exists, the demo content is there once. A race, so it is run on a few
 * fresh databases.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailableReason } from '../faults/postgres-cluster.ts';
import { cleanUpServers, startServer } from '../faults/server.ts';
import { createDatabase, fleetEnv, onDatabase, PostgresCluster } from './cluster.ts';

const unavailable = postgresUnavailableReason();
const ROUNDS = 3;

let cluster: PostgresCluster;

beforeAll(async () => {
  if (unavailable) return;
  cluster = await PostgresCluster.create();
});

afterEach(cleanUpServers);

afterAll(async () => {
  await cluster?.destroy();
});

describe.skipIf(unavailable)('servers started together on an empty database', () => {
  it.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'both come up, with one administrator and the demo content once (round %i)',
    async () => {
      const databaseUrl = await createDatabase(cluster);
      const env = fleetEnv(databaseUrl);
      const [withDemo, plain] = await Promise.all([startServer({ ...env, SEED_DEMO: 'true' }), startServer(env)]);
      expect(withDemo.isRunning() && plain.isRunning()).toBe(true);
      const counts = await onDatabase(databaseUrl, async (client) => ({
        users: Number((await client.query('select count(*) as n from users')).rows[0].n),
        posts: Number((await client.query('select count(*) as n from posts')).rows[0].n),
      }));
      expect(counts.users).toBe(1);
      expect(counts.posts).toBeGreaterThan(0);
      const list = (await (await fetch(`${plain.baseUrl}/api/posts`)).json()) as { posts: unknown[] };
      expect(list.posts.length).toBe(Math.min(counts.posts, 20));
    },
  );
});

/**
 * Two built servers on one throwaway PostgreSQL cluster (and, when asked,
 * one S3-compatible store), as an operator runs a small fleet: the same
 * JWT_SECRET and TOTP_ENCRYPTION_KEY, the same database, the same bucket,
 * each its own data folder.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PostgresCluster } from '../faults/postgres-cluster.ts';
import { startServer, type RunningServer } from '../faults/server.ts';
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, type TestS3Server } from '../helpers/s3-server.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let databaseCounter = 0;

const FLEET_TOTP_KEY = randomBytes(32).toString('hex');

/** A fresh, empty database on the cluster; its connection address. */
export async function createDatabase(cluster: PostgresCluster): Promise<string> {
  databaseCounter += 1;
  const name = `showcase_cluster_${process.pid}_${databaseCounter}`;
  await onDatabase(cluster.url('postgres'), (client) => client.query(`create database ${name}`));
  return cluster.url(name);
}

/** Runs `work` on a connection of its own, closed afterwards. */
export async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The environment of a fleet's server: the shared database, and the shared bucket when given. */
export function fleetEnv(databaseUrl: string, s3?: TestS3Server): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '5',
    TRUST_PROXY: 'true',
    // Each server's data folder would otherwise hold a key of its own.
    TOTP_ENCRYPTION_KEY: FLEET_TOTP_KEY,
    ...(s3
      ? {
          S3_BUCKET: s3.bucket,
          S3_ENDPOINT: s3.endpoint,
          S3_REGION: 'us-east-1',
          S3_FORCE_PATH_STYLE: 'true',
          AWS_ACCESS_KEY_ID: S3_ACCESS_KEY_ID,
          AWS_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY,
        }
      : {}),
  };
}

/** Two servers of one fleet, started one after the other (the first applies the migrations). */
export async function startPair(env: Record<string, string>): Promise<[RunningServer, RunningServer]> {
  const first = await startServer(env);
  const second = await startServer(env);
  return [first, second];
}

/** Polls `check` until it returns a value other than undefined, or throws after `limitMs`. */
export async function eventually<T>(what: string, limitMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(100);
  }
}

export { PostgresCluster };

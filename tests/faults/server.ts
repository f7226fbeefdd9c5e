/**
 * The built server as an operator runs it, for the fault tests: started with
 * `node build/node/server.js` (in the copy of the build made by the e2e global
 * set-up) on a free 127.0.0.1 port with its own data folder. Call
 * `cleanUpServers()` in afterEach: it kills what is still running and removes
 * the data folders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnBuiltServer, loginAs, waitUntilReady, type BuiltServer } from '../helpers/built-server.ts';
import { freePort } from '../helpers/free-port.ts';

export const ADMIN_EMAIL = 'faults-admin@example.com';
export const ADMIN_PASSWORD = 'faults-password-123';

export interface RunningServer extends BuiltServer {
  port: number;
  dataDir: string;
}

export interface StartOptions {
  /** Waits for /api/health/ready (default); false returns as soon as the process is spawned. */
  waitUntilReady?: boolean;
  /** An existing data folder, e.g. to restart on the data of a killed server. */
  dataDir?: string;
}

const running: RunningServer[] = [];
const dataDirs = new Set<string>();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh data folder, removed by `cleanUpServers()`. */
export function createDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-faults-'));
  dataDirs.add(dataDir);
  return dataDir;
}

export async function cleanUpServers(): Promise<void> {
  for (const server of running.splice(0)) await killServer(server);
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  dataDirs.clear();
}

/** SIGKILL: no shutdown code runs, as in a crash or an OOM kill. */
export async function killServer(server: RunningServer): Promise<void> {
  if (server.isRunning()) server.child.kill('SIGKILL');
  await server.exited;
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? createDataDir();
  dataDirs.add(dataDir);
  const port = await freePort();
  const server: RunningServer = {
    ...spawnBuiltServer({
      port,
      dataDir,
      admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      jwtSecret: 'faults-only-secret-0123456789abcdef012345',
      env,
    }),
    port,
    dataDir,
  };
  running.push(server);
  if (options.waitUntilReady !== false) await waitUntilReady(server);
  return server;
}

/** Logs in as the administrator of ADMIN_EMAIL/ADMIN_PASSWORD; returns the access token. */
export function adminToken(server: RunningServer): Promise<string> {
  return loginAs(server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
}

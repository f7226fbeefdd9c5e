/**
 * The built server as an operator runs it, for the fault tests: started with
 * `node build/node/server.js` (in the copy of the build made by the e2e global
 * set-up) on a free 127.0.0.1 port with its own data folder. Call
 * `cleanUpServers()` in afterEach: it kills what is still running and removes
 * the data folders.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../helpers/free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteDir: string;
  }
}

export const ADMIN_EMAIL = 'faults-admin@example.com';
export const ADMIN_PASSWORD = 'faults-password-123';

export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  dataDir: string;
  stderr: () => string;
  /** The log lines (LOG_LEVEL warn and above unless set), for diagnosing a failure. */
  log: () => string;
  /** The exit code, or null when ended by a signal. */
  exited: Promise<number | null>;
  isRunning: () => boolean;
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
  const child = spawn(process.execPath, ['build/node/server.js'], {
    cwd: inject('siteDir'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      JWT_SECRET: 'faults-only-secret-0123456789abcdef012345',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: RunningServer = {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    stderr: () => stderr,
    log: () => log,
    exited,
    isRunning: () => child.exitCode === null && child.signalCode === null,
  };
  running.push(server);
  if (options.waitUntilReady !== false) await waitUntilReady(server);
  return server;
}

async function waitUntilReady(server: RunningServer): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    if (!server.isRunning()) throw new Error(`the server stopped during start-up: ${server.stderr()}`);
    try {
      if ((await fetch(`${server.baseUrl}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('the server did not become ready within 30 s');
    await sleep(100);
  }
}

/** Logs in as the administrator of ADMIN_EMAIL/ADMIN_PASSWORD; returns the access token. */
export async function adminToken(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

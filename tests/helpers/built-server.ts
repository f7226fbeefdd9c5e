/**
 * The production build started as an operator starts it, shared by the
 * browser journeys and the fault tests: `node build/node/server.js` in the
 * copy of the build their global set-up made, on a given 127.0.0.1 port,
 * with a data folder of its own and nothing from this process's environment
 * but PATH and HOME.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A copy of the build made by tests/e2e/global-setup.mjs, where the server runs. */
    siteDir: string;
  }
}

export interface BuiltServerOptions {
  port: number;
  dataDir: string;
  /** The administrator created at first start. */
  admin: { email: string; password: string };
  /** A secret for this suite only; never one used anywhere else. */
  jwtSecret: string;
  /** More environment, or overrides (LOG_LEVEL is `warn` unless set). */
  env?: Record<string, string>;
}

export interface BuiltServer {
  child: ChildProcess;
  baseUrl: string;
  /** What the server wrote to stderr (start-up failures). */
  stderr: () => string;
  /** Its log lines on stdout, for diagnosing a failure. */
  log: () => string;
  /** The exit code, or null when ended by a signal. */
  exited: Promise<number | null>;
  isRunning: () => boolean;
}

export function spawnBuiltServer(options: BuiltServerOptions): BuiltServer {
  const child = spawn(process.execPath, ['build/node/server.js'], {
    cwd: inject('siteDir'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      JWT_SECRET: options.jwtSecret,
      // Required in production: links are built from it, never from the Host header.
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let spawnFailed = false;
  // A spawn that fails (no build where it was expected) ends as an exit, not as an unhandled error.
  child.on('error', (error) => {
    spawnFailed = true;
    stderr += `${error.message}\n`;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  return {
    child,
    baseUrl: `http://127.0.0.1:${options.port}`,
    stderr: () => stderr,
    log: () => log,
    exited: new Promise((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.once('error', () => resolve(child.exitCode));
    }),
    isRunning: () => !spawnFailed && child.exitCode === null && child.signalCode === null,
  };
}

/** Resolves once /api/health/ready answers 200; throws if the server exits first or takes over 30 s. */
export async function waitUntilReady(server: BuiltServer): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    if (!server.isRunning()) throw new Error(`the server stopped during start-up: ${server.stderr()}`);
    try {
      if ((await fetch(`${server.baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet, or not answering yet
    }
    if (Date.now() > until) throw new Error('the server did not become ready within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in at /api/auth/login; returns the access token. */
export async function loginAs(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

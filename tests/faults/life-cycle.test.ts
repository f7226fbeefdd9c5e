/**
 * The built server as an operator runs it: stopped with SIGTERM while a
 * request is in flight, and started against a database it cannot use or
 * with a key that is not the one of the servers before it.
 * Each test starts `node build/node/server.js` (in the copy of the build made
 * by the e2e global set-up) on a free 127.0.0.1 port with its own data.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.ts';
import { noiseImage } from '../helpers/images.ts';
import { adminToken, cleanUpServers, createDataDir, startServer, type RunningServer } from './server.ts';
import { put, startUpload, variantWidths } from './uploads.ts';

afterEach(cleanUpServers);

/**
 * A newsletter signup whose body is sent in two parts: the request stays in
 * flight on the server until `finish()` sends the rest. `started` resolves
 * once the server has read the headers and taken the request on (it answers
 * `Expect: 100-continue` only then), so no test has to guess how long that takes.
 */
function startSlowSignup(server: RunningServer, email: string) {
  const body = JSON.stringify({ email });
  const cut = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port: server.port,
    method: 'POST',
    path: '/api/submissions/newsletter',
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
  });
  const started = new Promise<void>((resolve, reject) => {
    request.once('error', reject);
    request.once('continue', () => request.write(body.slice(0, cut), () => resolve()));
  });
  request.flushHeaders();
  return { answer, started, finish: () => request.end(body.slice(cut)) };
}

async function readiness(server: RunningServer): Promise<number> {
  return (await fetch(`${server.baseUrl}/api/health/ready`)).status;
}

function storedSubscriberEmails(dataDir: string): string[] {
  const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    return (db.prepare('select email from newsletter_subscribers order by id').all() as { email: string }[]).map((row) => row.email);
  } finally {
    db.close();
  }
}

/** SQLite removes the write-ahead log when the last connection closes cleanly. */
const isDatabaseClosedCleanly = (dataDir: string) => !existsSync(path.join(dataDir, 'site.db-wal'));

describe('stopping the server', () => {
  it('answers ready before shutdown, 503 once SIGTERM arrives, finishes the request in flight and exits 0', async () => {
    const server = await startServer({ SHUTDOWN_DRAIN_SECONDS: '2' });
    expect(await (await fetch(`${server.baseUrl}/api/health/ready`)).json()).toEqual({ status: 'ready' });

    const signup = startSlowSignup(server, 'in-flight@example.com');
    await signup.started;
    server.child.kill('SIGTERM');

    await expect.poll(() => readiness(server)).toBe(503);
    const ready = await fetch(`${server.baseUrl}/api/health/ready`);
    expect(await ready.json()).toEqual({ error: 'SERVICE_UNAVAILABLE', message: 'The server is shutting down' });
    // Liveness is unchanged while draining.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

    signup.finish();
    expect(await signup.answer).toEqual({ status: 201, body: { status: 'pending', message: 'Successfully subscribed!' } });
    expect(await server.exited).toBe(0);
    expect(isDatabaseClosedCleanly(server.dataDir)).toBe(true);
    expect(storedSubscriberEmails(server.dataDir)).toEqual(['in-flight@example.com']);
    expect(server.stderr()).toBe('');
  });

  it('without a drain period closes the port at once yet still finishes the request in flight', async () => {
    const server = await startServer();
    const signup = startSlowSignup(server, 'late@example.com');
    await signup.started;
    server.child.kill('SIGTERM');

    await expect.poll(() => readiness(server).then(String, () => 'port closed')).toBe('port closed');
    signup.finish();
    expect((await signup.answer).status).toBe(201);
    expect(await server.exited).toBe(0);
    expect(storedSubscriberEmails(server.dataDir)).toEqual(['late@example.com']);
  });

  it('finishes the resized copies of a fresh upload before it closes the database', async () => {
    const server = await startServer();
    const token = await adminToken(server);
    // A large PNG whose copies take a while to make.
    const image = await noiseImage(2400, 1600);
    const upload = await startUpload(server, token, 'large.png', image.length);
    expect((await put(upload.upload_url, image)).status).toBe(204);
    server.child.kill('SIGTERM');

    expect(await server.exited).toBe(0);
    // Checked before the test opens the database itself.
    expect(isDatabaseClosedCleanly(server.dataDir)).toBe(true);
    expect(variantWidths(server.dataDir, upload.s3_key)).toBe('480,960,1600');
  });

  it('cuts off a request still running 10 seconds after the port closed, closes the database and exits 1', async () => {
    const server = await startServer();
    const signup = startSlowSignup(server, 'never-finished@example.com');
    await signup.started;
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');

    await expect(signup.answer).rejects.toThrow();
    expect(await server.exited).toBe(1);
    const took = Date.now() - stoppedAt;
    expect(took).toBeGreaterThanOrEqual(9_500);
    // Bounded: the 10 s limit plus closing, with room for a slow machine.
    expect(took).toBeLessThan(20_000);
    expect(isDatabaseClosedCleanly(server.dataDir)).toBe(true);
    expect(storedSubscriberEmails(server.dataDir)).toEqual([]);
  });
});

describe('starting the server', () => {
  it('stops at once with one line and exit code 1 when the PostgreSQL server cannot be reached', async () => {
    const closedPort = await freePort();
    const startedAt = Date.now();
    const server = await startServer(
      { DATABASE_URL: `postgres://showcase@127.0.0.1:${closedPort}/showcase` },
      { waitUntilReady: false },
    );

    expect(await server.exited).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(server.stderr()).toBe(`Start-up failed: connect ECONNREFUSED 127.0.0.1:${closedPort}\n`);
  });

  it('stops with one line naming the problem when the migrations cannot be applied', async () => {
    const dataDir = createDataDir();
    // A database migrated by a newer release: this one does not know its last step.
    const db = new SQLite(path.join(dataDir, 'site.db'));
    db.exec('create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)');
    db.prepare('insert into kysely_migration values (?, ?)').run('2099-01-01-0001-from-the-future', new Date().toISOString());
    db.close();

    const server = await startServer({}, { dataDir, waitUntilReady: false });

    expect(await server.exited).toBe(1);
    const lines = server.stderr().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Start-up failed: .*2099-01-01-0001-from-the-future/);
  });

  it('stops before listening with one line naming TOTP_ENCRYPTION_KEY when its key file is not the first server\'s; the same key starts', async () => {
    const first = await startServer();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const keyFile = path.join(first.dataDir, 'totp-key');
    const firstKey = readFileSync(keyFile, 'utf8');
    // As a second server of the database whose DATA_DIR generated a key of its own.
    writeFileSync(keyFile, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });

    const other = await startServer({}, { dataDir: first.dataDir, waitUntilReady: false });

    expect(await other.exited).toBe(1);
    const lines = other.stderr().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Start-up failed: TOTP_ENCRYPTION_KEY is not the key the other servers of this database use/);
    expect(await readiness(other).catch(() => 'refused')).toBe('refused');

    writeFileSync(keyFile, firstKey, { mode: 0o600 });
    const again = await startServer({}, { dataDir: first.dataDir });
    expect(await readiness(again)).toBe(200);
  });
});

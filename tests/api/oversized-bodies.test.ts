/**
 * Oversized bodies on a real socket: the app served as production serves it
 * (`serveApp`), sent a 2 MB body where at most 100 KB (JSON), 128 KB (page
 * forms) or the signed size (uploads) is taken. Every client must read the
 * 413 and its message, never a reset connection, and a keep-alive
 * connection must carry the next request. Run 100 times per client and
 * route, since the reset this guards against came and went with timing.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { DRAIN_LIMIT_BYTES, serveApp } from '../../server/http/unread-bodies.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
const runFile = promisify(execFile);

const ROUNDS = 100;
/** Room for 100 rounds of 2 MB on a busy machine: a bound on the run, not on the server's speed. */
const LOOP_TIMEOUT_MS = 180_000;
const MB = 1024 * 1024;
const jsonBody = JSON.stringify({ name: 'Big', email: 'big@example.com', message: 'x'.repeat(2 * MB) });
const formBody = `name=Big&email=big%40example.com&message=${'x'.repeat(2 * MB)}`;
const uploadBody = new Uint8Array(2 * MB).fill(7);

const API_ANSWER = { error: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 100 KB' };
const FORM_ANSWER = 'The form is larger than 128 KB';
const UPLOAD_ANSWER = { error: 'FILE_TOO_LARGE', message: 'File too large: 2 MB. Maximum size is 100 KB.' };

interface Target {
  name: string;
  method: 'POST' | 'PUT';
  path: () => string;
  type: string;
  body: string | Uint8Array<ArrayBuffer>;
  /** The JSON answer, or the plain-text one of a page. */
  answer: unknown;
}

let server: ServerType;
let origin: string;
let uploadPath: string;
let files: string;

const targets: Target[] = [
  {
    name: 'public API JSON',
    method: 'POST',
    path: () => '/api/submissions/contact',
    type: 'application/json',
    body: jsonBody,
    answer: API_ANSWER,
  },
  {
    name: 'page form post',
    method: 'POST',
    path: () => '/contact',
    type: 'application/x-www-form-urlencoded',
    body: formBody,
    answer: FORM_ANSWER,
  },
  { name: 'image upload', method: 'PUT', path: () => uploadPath, type: 'image/png', body: uploadBody, answer: UPLOAD_ANSWER },
];

beforeAll(async () => {
  // The page renderer stands in for the web build: the size check answers before any page renders.
  const app = createApp(t.deps, { renderPage: (c) => c.text('rendered') });
  server = await new Promise<ServerType>((resolve) => {
    const started = serveApp({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Refused by its declared size, an upload address stays unused: one serves every round.
  const grant = await app.request('http://localhost/api/admin/media/upload-url', {
    method: 'POST',
    headers: { authorization: `Bearer ${await t.adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: 'cover.png', contentType: 'image/png', fileSize: 100 * 1024 }),
  });
  expect(grant.status).toBe(201);
  const url = new URL(((await grant.json()) as { upload_url: string }).upload_url);
  uploadPath = url.pathname + url.search;
  files = mkdtempSync(path.join(os.tmpdir(), 'oversized-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    (server as http.Server).closeAllConnections();
  });
  rmSync(files, { recursive: true, force: true });
});

async function answerText(target: Target, text: string): Promise<unknown> {
  return typeof target.answer === 'string' ? text : (JSON.parse(text) as unknown);
}

describe.each(targets)('a 2 MB body to the $name', (target) => {
  it(`is answered 413 with its message to fetch, ${ROUNDS} times in a row`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const response = await fetch(origin + target.path(), {
        method: target.method,
        headers: { 'content-type': target.type, 'x-forwarded-for': freshIp() },
        body: target.body,
      });
      expect({ round, status: response.status, body: await answerText(target, await response.text()) }).toEqual({
        round,
        status: 413,
        body: target.answer,
      });
    }
  }, LOOP_TIMEOUT_MS);

  it(`is answered 413 with its message to curl, ${ROUNDS} times in a row`, async () => {
    const file = path.join(files, `${target.name.replaceAll(' ', '-')}.body`);
    writeFileSync(file, target.body);
    // One curl for every round (`--next` starts the next request): each round
    // is its own request, with curl's own way of sending a large body
    // (`Expect: 100-continue`), without starting a process per round.
    const rounds = Array.from({ length: ROUNDS }, (_, round) => [
      ...(round === 0 ? [] : ['--next']),
      '--request',
      target.method,
      '--header',
      `content-type: ${target.type}`,
      '--header',
      `x-forwarded-for: ${freshIp()}`,
      '--data-binary',
      `@${file}`,
      '--write-out',
      '\n<<%{http_code}>>\n',
      origin + target.path(),
    ]);
    // A failed send or a reset in any round makes curl stop and exit non-zero, which fails the test.
    const { stdout } = await runFile('curl', ['--silent', '--show-error', '--fail-early', ...rounds.flat()], { maxBuffer: 16 * MB });
    const answers = [...stdout.matchAll(/([\s\S]*?)\n<<(\d{3})>>\n/g)];
    expect(answers).toHaveLength(ROUNDS);
    for (const [round, [, body = '', status]] of answers.entries()) {
      expect({ round, status, body: await answerText(target, body) }).toEqual({ round, status: '413', body: target.answer });
    }
  }, LOOP_TIMEOUT_MS);

  it('is answered 413 when it streams without a Content-Length', async () => {
    for (let round = 0; round < 10; round++) {
      const bytes = Buffer.from(target.body);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
          controller.close();
        },
      });
      const response = await fetch(origin + target.path(), {
        method: target.method,
        headers: { 'content-type': target.type, 'x-forwarded-for': freshIp() },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      const text = await response.text();
      // A streamed upload is stopped once past its signed size, before its whole size is known.
      if (target.name === 'image upload') expect(JSON.parse(text)).toEqual({ error: 'FILE_TOO_LARGE', message: 'File too large: more than 100 KB. Maximum size is 100 KB.' });
      else expect(await answerText(target, text)).toEqual(target.answer);
    }
  }, LOOP_TIMEOUT_MS);

  it('leaves the keep-alive connection able to carry the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, target.method, target.path(), target.type, target.body);
      expect(first.status).toBe(413);
      const second = await send(agent, 'GET', '/api/health');
      expect(second).toMatchObject({ status: 200, reusedSocket: true, body: '{"status":"ok"}' });
    } finally {
      agent.destroy();
    }
  });
});

it('answers 413 even to a body far past what the server drops before closing', async () => {
  const huge = new Uint8Array(3 * DRAIN_LIMIT_BYTES).fill(120);
  for (let round = 0; round < 5; round++) {
    const response = await fetch(`${origin}/api/submissions/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
      body: huge,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(API_ANSWER);
  }
}, LOOP_TIMEOUT_MS);

/** One request through `agent`; whether it went over a connection used before. */
function send(
  agent: http.Agent,
  method: string,
  urlPath: string,
  type?: string,
  body?: string | Uint8Array,
): Promise<{ status: number; body: string; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${urlPath}`, {
      method,
      agent,
      headers: { 'x-forwarded-for': freshIp(), ...(type ? { 'content-type': type } : {}) },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, reusedSocket: request.reusedSocket }));
      response.on('error', reject);
    });
    request.end(body);
  });
}

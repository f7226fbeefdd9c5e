/**
 * Clients that hold connections open: slow-loris clients that send header
 * bytes one at a time and never finish, and clients that ask for large
 * answers (an image, many pages at once) and never read them. While they
 * hang on, other visitors are served as usual, and the server closes the
 * slow-loris connections itself once their time to send headers is up.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { adminToken, cleanUpServers, sleep, startServer, type RunningServer } from './server.ts';
import { noiseImage } from '../helpers/images.ts';
import { put, startUpload } from './uploads.ts';

const SLOW_LORIS_CLIENTS = 6;
const NON_READING_CLIENTS = 4;
/** A liveness bound for a normal request, not a performance target. */
const PROMPT_MS = 5_000;
/** The server's time to receive headers (15 s) plus plenty of slack. */
const SLOW_LORIS_CLOSED_WITHIN_MS = 30_000;

const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await cleanUpServers();
});

function connect(server: RunningServer): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: server.port }, () => resolve(socket));
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** Sends a request line and then one header byte every 200 ms, never the blank line that ends them. */
async function openSlowLoris(server: RunningServer) {
  const socket = await connect(server);
  socket.on('error', () => {}); // the server hanging up is expected
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const header = 'X-Slow: ' + 'a'.repeat(10_000);
  let sent = 0;
  const trickle = setInterval(() => {
    if (socket.destroyed) clearInterval(trickle);
    else socket.write(header[sent++ % header.length] ?? 'a');
  }, 200);
  socket.once('close', () => clearInterval(trickle));
  return { closed, received: () => received, isOpen: () => !socket.destroyed };
}

/** Sends `count` pipelined requests for `path` and never reads a byte of the answers. */
async function openNonReader(server: RunningServer, path: string, count: number) {
  const socket = await connect(server);
  socket.on('error', () => {});
  socket.pause();
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(count));
  return socket;
}

/** An image of a few megabytes (noise does not compress), uploaded as the administrator. */
async function uploadLargeImage(server: RunningServer): Promise<{ path: string; size: number }> {
  const bytes = await noiseImage(1200, 1000);
  const { upload_url, s3_key } = await startUpload(server, await adminToken(server), 'large.png');
  expect((await put(upload_url, bytes)).status).toBe(204);
  return { path: `/${s3_key}`, size: bytes.length };
}

/** A normal visitor's request: it must be answered, completely and promptly. */
async function visit(server: RunningServer, path: string): Promise<{ status: number; bytes: number; tookMs: number }> {
  const startedAt = Date.now();
  const response = await fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(PROMPT_MS) });
  const body = await response.arrayBuffer();
  return { status: response.status, bytes: body.byteLength, tookMs: Date.now() - startedAt };
}

describe('slow and stalled clients', () => {
  it('do not hold up other visitors, and slow-loris connections are closed by the server', async () => {
    const server = await startServer();
    const image = await uploadLargeImage(server);

    const slowLorises = await Promise.all(Array.from({ length: SLOW_LORIS_CLIENTS }, () => openSlowLoris(server)));
    const slowLorisOpenedAt = Date.now();
    for (let i = 0; i < NON_READING_CLIENTS; i++) {
      // Half stall on the image, half on rendered pages.
      await openNonReader(server, i % 2 === 0 ? image.path : '/', i % 2 === 0 ? 8 : 100);
    }
    await sleep(1000);

    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        visit(server, '/api/health'),
        visit(server, '/api/posts'),
        visit(server, '/'),
        visit(server, image.path),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.tookMs).toBeLessThan(PROMPT_MS);
      }
      expect(answers[3]?.bytes).toBe(image.size);
      // The slow clients were really holding their connections meanwhile.
      if (round === 0) expect(slowLorises.every((client) => client.isOpen())).toBe(true);
      await sleep(200);
    }

    const closedAt = await Promise.race([
      Promise.all(slowLorises.map((client) => client.closed)),
      sleep(SLOW_LORIS_CLOSED_WITHIN_MS).then(() => null),
    ]);
    expect(closedAt, 'slow-loris connections still open').not.toBeNull();
    for (const client of slowLorises) expect(client.received()).toMatch(/^(HTTP\/1\.1 408 |$)/);
    expect(Math.max(...(closedAt ?? [])) - slowLorisOpenedAt).toBeLessThan(SLOW_LORIS_CLOSED_WITHIN_MS);

    // Still serving, with the non-readers still attached.
    expect((await visit(server, '/api/health')).status).toBe(200);
    expect(server.isRunning()).toBe(true);
    expect(server.stderr()).toBe('');
  });
});

/**
 * Page-view beacons on a real socket, as production serves them
 * (`serveApp`): the body is read straight from the Node request there, so
 * its size limit and its counting are checked here on the wire: a beacon
 * with or without a Content-Length, one declared too large, one that only
 * turns out too large as it streams, and a keep-alive connection after.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { serveApp } from '../../server/http/unread-bodies.ts';
import { freshIp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0';
const TOO_LARGE = { error: 'VALIDATION_FAILED', message: 'The beacon is larger than 4 KB' };

let server: ServerType;
let origin: string;

beforeAll(async () => {
  // The test app's own services, so its flush writes what this server counted.
  const app = createApp(t.deps, { services: t.services, renderPage: (c) => c.text('rendered') });
  server = await new Promise<ServerType>((resolve) => {
    const started = serveApp({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const beaconText = (path: string, padding = '') =>
  JSON.stringify({ path, referrer: '', utm_source: '', utm_medium: '', utm_campaign: '', tz: 'Europe/Berlin', padding });

/** A body sent in pieces, so no Content-Length goes with it. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = Buffer.from(text);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 1024) controller.enqueue(bytes.subarray(offset, offset + 1024));
      controller.close();
    },
  });
}

function post(body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return fetch(`${origin}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER, 'x-forwarded-for': freshIp(), ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

async function pageViews(path: string): Promise<number> {
  await t.services.analytics.flush();
  const row = await t.deps.db
    .selectFrom('analytics_daily')
    .select('views')
    .where('dimension', '=', 'page')
    .where('day', '=', new Date().toISOString().slice(0, 10))
    .where('value', '=', path)
    .executeTakeFirst();
  return Number(row?.views ?? 0);
}

it('counts a beacon sent with its length and one streamed without it', async () => {
  const sized = await post(beaconText('/contact-us'));
  expect(sized.status).toBe(204);
  const chunked = await post(streamed(beaconText('/contact-us')));
  expect(chunked.status).toBe(204);
  expect(await pageViews('/contact-us')).toBe(2);
});

it('refuses a beacon declared over 4 KB, and one that grows past 4 KB as it streams, counting neither', async () => {
  const declared = await post(beaconText('/privacy-policy', 'x'.repeat(5000)));
  expect(declared.status).toBe(400);
  expect(await declared.json()).toEqual(TOO_LARGE);
  const grown = await post(streamed(beaconText('/privacy-policy', 'x'.repeat(5000))));
  expect(grown.status).toBe(400);
  expect(await grown.json()).toEqual(TOO_LARGE);
  expect(await pageViews('/privacy-policy')).toBe(0);
});

it('keeps a keep-alive connection able to carry the next request after a refused beacon', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body?: string) =>
    new Promise<{ status: number; reusedSocket: boolean; body: string }>((resolve, reject) => {
      const request = http.request(`${origin}${path}`, { method, agent, headers: body ? { 'content-type': 'text/plain', 'x-forwarded-for': freshIp() } : {} }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, reusedSocket: request.reusedSocket, body: text }));
      });
      request.on('error', reject);
      request.end(body);
    });
  try {
    const refused = await send('POST', '/api/events', beaconText('/socket-keep-alive', 'x'.repeat(5000)));
    expect(refused.status).toBe(400);
    const next = await send('GET', '/api/health');
    expect(next).toMatchObject({ status: 200, reusedSocket: true, body: '{"status":"ok"}' });
  } finally {
    agent.destroy();
  }
});

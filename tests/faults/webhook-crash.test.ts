/**
 * A server killed in the middle of a webhook delivery (decision 100): the
 * built server sends a test event to a receiver that holds the request
 * unanswered, and is killed with SIGKILL while it waits. Restarted on the
 * same data, it takes the delivery's job over once its claim runs out and
 * sends it again with the same webhook-id, signed as before; the receiver
 * answers and the log says delivered. Nothing is lost; the receiver drops
 * the duplicate by its id.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { adminToken, cleanUpServers, killServer, sleep, startServer, type RunningServer } from './server.ts';

let receiver: WebhookReceiver | undefined;

afterEach(async () => {
  await cleanUpServers();
  await receiver?.close();
  receiver = undefined;
});

async function api(server: RunningServer, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}/api/admin/webhooks${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { deliveries?: Record<string, unknown>[] } };
}

async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe('a crash during a webhook delivery', () => {
  it('delivers the event after a restart, with the same webhook-id', { timeout: 120_000 }, async () => {
    const hooks = await startWebhookReceiver();
    receiver = hooks;
    // The first request is held: the server dies waiting for its answer.
    hooks.answer = () => (hooks.received.length === 1 ? 'hold' : 204);
    const env = { PUBLIC_URL: 'https://showcase.example', WEBHOOKS_ALLOW_PRIVATE: 'true' };
    let server = await startServer(env);
    let token = await adminToken(server);
    const created = await api(server, token, 'POST', '', { url: hooks.url, events: ['post.published'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const secret = created.body.secret as string;
    const queued = await api(server, token, 'POST', `/${id}/test`);
    expect(queued.status).toBe(202);

    await waitUntil(() => hooks.received.length === 1, 15_000, 'the first request');
    await killServer(server);

    const restartedAt = Date.now();
    server = await startServer(env, { dataDir: server.dataDir });
    token = await adminToken(server);
    // Taken over once the dead server's claim (30 s) runs out.
    await waitUntil(() => hooks.received.length === 2, 90_000, 'the delivery after the restart');
    expect(Date.now() - restartedAt).toBeLessThan(60_000);

    const [first, second] = hooks.received;
    expect(second?.id).toBe(first?.id);
    expect(second?.id).toBe(queued.body.message_id);
    expect(second?.body).toBe(first?.body);
    expect(second && hooks.verifies(second, secret)).toBe(true);

    let log: Record<string, unknown>[] = [];
    for (let tries = 0; tries < 50 && log[0]?.status !== 'delivered'; tries += 1) {
      log = (await api(server, token, 'GET', `/${id}/deliveries`)).body.deliveries ?? [];
      if (log[0]?.status !== 'delivered') await sleep(200);
    }
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 1, response_status: 204, message_id: queued.body.message_id });
    // Nothing more is sent.
    await sleep(3000);
    expect(hooks.received).toHaveLength(2);
  });
});

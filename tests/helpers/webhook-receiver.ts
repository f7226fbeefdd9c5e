/**
 * A webhook receiver on 127.0.0.1: keeps every request it gets (its
 * Standard Webhooks headers and body) and answers what the test says, by
 * default 204. `hold` keeps requests unanswered (a receiver that hangs).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: Record<string, string>;
  /** The body, parsed. */
  event: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The status each request is answered with (by default 204); `hold` never answers. */
  answer: (request: ReceivedWebhook) => number | 'hold';
  /** The requests of one event type. */
  ofType: (type: string) => ReceivedWebhook[];
  /** Whether the request verifies with `secret`, as the reference library checks it. */
  verifies: (request: ReceivedWebhook, secret: string) => boolean;
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received,
    answer: () => 204,
    ofType: (type) => received.filter((request) => request.event.type === type),
    verifies(request, secret) {
      try {
        new Webhook(secret).verify(request.body, request.headers);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => String(request.headers[name] ?? '');
      const entry: ReceivedWebhook = {
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        body,
        headers: { 'webhook-id': header('webhook-id'), 'webhook-timestamp': header('webhook-timestamp'), 'webhook-signature': header('webhook-signature') },
        event: JSON.parse(body) as ReceivedWebhook['event'],
      };
      received.push(entry);
      const status = receiver.answer(entry);
      if (status === 'hold') return;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? '' : `refused with ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

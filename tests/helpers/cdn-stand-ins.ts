/**
 * Local stand-ins for the CDNs' purge APIs (decision 098), on 127.0.0.1:
 * each checks what the real one checks (its credential, the shape of the
 * request) and answers as the real one does, a refusal included, and keeps
 * the purges it took. `failNext` makes the next purges fail as the real API
 * does when it is down (a 503) or refuses the credential.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TakenPurge {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface CdnStandIn {
  /** The stand-in's origin (`CDN_PURGE_API_URL`), or for Varnish its purge address (`CDN_PURGE_URL`). */
  url: string;
  /** Purges it took (answered as done). */
  purges: TakenPurge[];
  /** Requests it refused. */
  refused: TakenPurge[];
  /** The next `times` purges are answered as a failure of the service. */
  failNext(times: number): void;
  close(): Promise<void>;
}

export const STAND_IN_TOKEN = 'stand-in-token-0123456789';
export const STAND_IN_ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
export const STAND_IN_SERVICE = 'SU1Z0isxPaozGVKXdv0eY';
export const STAND_IN_PULL_ZONE = '12345';

type Handler = (request: TakenPurge, reply: (status: number, body?: unknown) => void) => boolean;

const json = (response: ServerResponse, status: number, body?: unknown) => {
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

async function standIn(handle: Handler, outage: (reply: (status: number, body?: unknown) => void) => void, path = ''): Promise<CdnStandIn> {
  const purges: TakenPurge[] = [];
  const refused: TakenPurge[] = [];
  let failures = 0;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      if (text && /json/.test(incoming.headers['content-type'] ?? '')) {
        try {
          body = JSON.parse(text);
        } catch {
          body = { unparsable: text };
        }
      }
      const request = { method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, body };
      const reply = (status: number, answer?: unknown) => json(response, status, answer);
      if (failures > 0) {
        failures -= 1;
        refused.push(request);
        outage(reply);
        return;
      }
      if (handle(request, reply)) purges.push(request);
      else refused.push(request);
    });
  });
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    purges,
    refused,
    failNext(times) {
      failures = times;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Cloudflare's `POST /client/v4/zones/{zone}/purge_cache`: a Bearer token, one of `tags`, `files`, `purge_everything`. */
export function cloudflareStandIn(): Promise<CdnStandIn> {
  const failure = (code: number, message: string) => ({ success: false, errors: [{ code, message }], messages: [], result: null });
  return standIn(
    (request, reply) => {
      if (request.method !== 'POST' || request.path !== `/client/v4/zones/${STAND_IN_ZONE}/purge_cache`) {
        reply(404, failure(7003, 'Could not route to the requested path'));
        return false;
      }
      if (request.headers.authorization !== `Bearer ${STAND_IN_TOKEN}`) {
        reply(403, failure(10000, 'Authentication error'));
        return false;
      }
      const body = request.body as Record<string, unknown>;
      const keys = Object.keys(body ?? {});
      const list = (value: unknown) => Array.isArray(value) && value.length > 0 && value.length <= 30 && value.every((item) => typeof item === 'string');
      const valid =
        keys.length === 1 &&
        ((keys[0] === 'tags' && list(body.tags)) || (keys[0] === 'files' && list(body.files)) || (keys[0] === 'purge_everything' && body.purge_everything === true));
      if (!valid) {
        reply(400, failure(1012, 'Request must contain one of "purge_everything", "files", "tags", "hosts" or "prefixes"'));
        return false;
      }
      reply(200, { success: true, errors: [], messages: [], result: { id: STAND_IN_ZONE } });
      return true;
    },
    (reply) => reply(503, failure(10001, 'Service temporarily unavailable')),
  );
}

/** Fastly's `POST /service/{id}/purge` (keys in `Surrogate-Key`, up to 256) and `/purge_all`, with `Fastly-Key`. */
export function fastlyStandIn(): Promise<CdnStandIn> {
  return standIn(
    (request, reply) => {
      if (request.headers['fastly-key'] !== STAND_IN_TOKEN) {
        reply(401, { msg: 'Provided credentials are missing or invalid' });
        return false;
      }
      if (request.method === 'POST' && request.path === `/service/${STAND_IN_SERVICE}/purge_all`) {
        reply(200, { status: 'ok' });
        return true;
      }
      const keys = String(request.headers['surrogate-key'] ?? '').split(' ').filter(Boolean);
      if (request.method !== 'POST' || request.path !== `/service/${STAND_IN_SERVICE}/purge` || keys.length === 0 || keys.length > 256) {
        reply(400, { msg: 'Bad request', detail: 'Surrogate keys missing, or more than 256' });
        return false;
      }
      reply(200, Object.fromEntries(keys.map((key, i) => [key, `${i + 1}-${Date.now()}`])));
      return true;
    },
    (reply) => reply(503, { msg: 'Service unavailable' }),
  );
}

/** Bunny's `POST /pullzone/{id}/purgeCache` with `AccessKey`: `{"CacheTag": …}` or no body (everything); 204 when done. */
export function bunnyStandIn(): Promise<CdnStandIn> {
  return standIn(
    (request, reply) => {
      if (request.method !== 'POST' || request.path !== `/pullzone/${STAND_IN_PULL_ZONE}/purgeCache`) {
        reply(404, { ErrorKey: 'pullzone.not_found', Field: 'Id', Message: 'The requested Pull Zone was not found' });
        return false;
      }
      if (request.headers.accesskey !== STAND_IN_TOKEN) {
        reply(401);
        return false;
      }
      const body = request.body as Record<string, unknown> | '';
      if (body !== '' && (typeof body !== 'object' || typeof body.CacheTag !== 'string' || Object.keys(body).length !== 1)) {
        reply(400, { ErrorKey: 'validation', Field: 'CacheTag', Message: 'The request is not valid' });
        return false;
      }
      reply(204);
      return true;
    },
    (reply) => reply(500, { Message: 'Internal server error' }),
  );
}

/** A Varnish with xkey, as the VCL in deploy/varnish/ answers: `PURGE` with `xkey-purge` only. */
export function varnishStandIn(): Promise<CdnStandIn> {
  return standIn(
    (request, reply) => {
      const keys = String(request.headers['xkey-purge'] ?? '').split(' ').filter(Boolean);
      if (request.method !== 'PURGE' || keys.length === 0) {
        reply(405);
        return false;
      }
      reply(200);
      return true;
    },
    (reply) => reply(503),
    '/purge',
  );
}

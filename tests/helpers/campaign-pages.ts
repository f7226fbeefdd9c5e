/**
 * A stand-in for a crowdfunding platform on 127.0.0.1: Kickstarter's stats
 * documents that answer well, refuse (403), show a challenge page, carry
 * broken JSON or never answer, a campaign page with Open Graph tags, and
 * redirects. Every request's path and User-Agent are kept for the tests to
 * read.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface CampaignPages {
  /** `http://127.0.0.1:{port}`. */
  origin: string;
  port: number;
  requests: { path: string; userAgent: string | undefined }[];
  /** What `/good/stats.json` answers next (a whole document). */
  setStats: (project: Record<string, unknown>) => void;
  close: () => Promise<void>;
}

export const GOOD_STATS = { id: 1234, state: 'live', backers_count: 241, pledged: '48210.5', comments_count: 12 };

export const CAMPAIGN_PAGE_HTML = `<!doctype html>
<html><head>
<title>Fallback title</title>
<meta property='og:title' content="Tiny Forest &amp; Friends: a board game">
<meta content="A cooperative game about &quot;growing&quot; a forest." property="og:description">
<meta property="og:image" content="/images/cover.jpg">
</head><body><h1>Ignored</h1></body></html>`;

export async function startCampaignPages(): Promise<CampaignPages> {
  let stats: Record<string, unknown> = { project: GOOD_STATS };
  const requests: CampaignPages['requests'] = [];
  const sockets = new Set<Socket>();
  let origin = '';
  const routes: Record<string, (response: ServerResponse) => void> = {
    '/good/stats.json': (response) => json(response, 200, JSON.stringify(stats)),
    '/forbidden/stats.json': (response) => json(response, 403, '{"error":"Forbidden"}'),
    '/challenge/stats.json': (response) =>
      html(response, 200, '<!doctype html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>'),
    '/bad-json/stats.json': (response) => json(response, 200, '{"project": {"pledged": '),
    '/hang/stats.json': () => {
      // Never answers: the reader's deadline has to end it.
    },
    '/page': (response) => html(response, 200, CAMPAIGN_PAGE_HTML),
    '/redirect/stats.json': (response) => redirect(response, `${origin}/good/stats.json`),
    '/redirect-loop': (response) => redirect(response, '/redirect-loop'),
    // Another loopback address: a test's policy may allow 127.0.0.1 and refuse it.
    '/redirect-elsewhere': (response) => redirect(response, `http://127.0.0.2:${origin.split(':').at(-1)}/good/stats.json`),
    '/huge': (response) => html(response, 200, `<html><head></head><body>${'x'.repeat(2 * 1024 * 1024)}</body></html>`),
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    requests.push({ path, userAgent: request.headers['user-agent'] });
    const route = routes[path];
    if (route) route(response);
    else json(response, 404, '{"error":"Not found"}');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    requests,
    setStats: (project) => {
      stats = { project };
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function json(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(body);
}

function html(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(body);
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(302, { location });
  response.end();
}

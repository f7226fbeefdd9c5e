/**
 * The built server started as `npm start` starts it (demo content, no
 * LOG_LEVEL, no ADMIN_PASSWORD) on a fresh data folder: it prints where the
 * site and the back office are and the generated sign-in once, and no line
 * per request; started again, the sign-in is not shown again. Its demo
 * covers are uploads with their sized copies (decision 076).
 */
import net from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnBuiltServer } from '../helpers/built-server.ts';
import { cleanUpServers, createDataDir, killServer, startServer } from './server.ts';

afterEach(cleanUpServers);

// What scripts/run.mjs sets for `npm start`; the empty values undo what the fault helpers set.
const DEMO_START = { SEED_DEMO: 'true', LOG_LEVEL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };

describe('a first start of the demo', () => {
  it('prints the addresses and the generated sign-in once, and no request lines', async () => {
    const dataDir = createDataDir();
    const server = await startServer(DEMO_START, { dataDir });
    for (const path of ['/', '/resources', '/api/posts']) expect((await fetch(server.baseUrl + path)).status).toBe(200);
    // The banner is written once the port listens; the readiness check may answer just before.
    await expect.poll(() => server.log()).toContain('Back office:');

    const output = server.log();
    expect(output).toContain(`Site:         http://127.0.0.1:${server.port}/`);
    expect(output).toContain(`Back office:  http://127.0.0.1:${server.port}/admin`);
    expect(output).toContain('Email:     admin@example.com');
    const password = output.match(/Password: {2}(\S+) {3}\(shown once/)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(output.split(password as string)).toHaveLength(2);
    // Log lines are JSON; none of them is a request, and none carries the password.
    const logLines = output.split('\n').filter((line) => line.startsWith('{'));
    expect(logLines.some((line) => (JSON.parse(line) as { msg?: string }).msg === 'request')).toBe(false);

    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password }),
    });
    expect(login.status).toBe(200);

    await killServer(server);
    const again = await startServer(DEMO_START, { dataDir });
    await expect.poll(() => again.log()).toContain('Back office:');
    expect(again.log()).not.toContain('Password');
  });

  it('serves the demo covers as uploads, with the sized copies an upload has, cached for good', async () => {
    const server = await startServer(DEMO_START);
    const home = await (await fetch(`${server.baseUrl}/`)).text();
    // The first card's cover: the page's largest image, loaded first.
    const cover = /<img[^>]*fetchPriority="high"[^>]*>/i.exec(home)?.[0] ?? '';
    expect(cover).toMatch(/src="\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}-[a-z-]+\.webp"/);
    const copy = /srcSet="([^" ]+) 480w/i.exec(cover)?.[1] ?? '';
    expect(copy).toMatch(/\.webp\.w480\.webp$/);
    // Made by the background job a moment after the start; until then the original answers, cached briefly.
    await expect
      .poll(async () => (await fetch(`${server.baseUrl}${copy}`)).headers.get('cache-control'), { timeout: 20_000 })
      .toBe('public, max-age=31536000, immutable');
    const answer = await fetch(`${server.baseUrl}${copy}`);
    expect(await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480 });
  });

  it('logs every request when LOG_LEVEL asks for it', async () => {
    const server = await startServer({ ...DEMO_START, LOG_LEVEL: 'info' });
    expect((await fetch(`${server.baseUrl}/api/posts`)).status).toBe(200);
    await expect.poll(() => server.log()).toMatch(/"msg":"request"/);
  });

  it('on a port already taken, stops with one line and still shows the sign-in it created', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const server = spawnBuiltServer({
        port: (blocker.address() as net.AddressInfo).port,
        dataDir: createDataDir(),
        admin: { email: '', password: '' },
        jwtSecret: 'faults-only-secret-0123456789abcdef012345',
        env: DEMO_START,
      });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toMatch(/^Start-up failed: .*EADDRINUSE/m);
      expect(server.log()).toMatch(/Password: {2}\S+ {3}\(shown once/);
      expect(server.log()).not.toContain('is running');
    } finally {
      blocker.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { createTestApp, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const response = await t.request('GET', '/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers an unknown API path with the error JSON and 404', async () => {
    const response = await t.request('GET', '/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'NOT_FOUND', message: 'No API endpoint at GET /api/no-such-thing' });
  });
});

describe('GET /api/health/ready', () => {
  it('answers ready while the server is not shutting down', async () => {
    const response = await t.request('GET', '/health/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready' });
  });

  it('answers 503 once shutdown has begun, while liveness still answers ok', async () => {
    let isShuttingDown = false;
    const app = createApp(t.deps, { isShuttingDown: () => isShuttingDown });
    expect((await app.request('http://localhost/api/health/ready')).status).toBe(200);

    isShuttingDown = true;
    const ready = await app.request('http://localhost/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ error: 'SERVICE_UNAVAILABLE', message: 'The server is shutting down' });
    expect((await app.request('http://localhost/api/health')).status).toBe(200);
  });
});

describe('health while the database does not answer', () => {
  it('keeps liveness ok from the process alone, and readiness answers 503', async () => {
    const broken = await createTestApp();
    await broken.handle.destroy();
    const live = await broken.app.request('http://localhost/api/health');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await broken.app.request('http://localhost/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await ready.json()).toEqual({ error: 'SERVICE_UNAVAILABLE', message: 'The database is not answering' });
    await broken.close().catch(() => {});
  });
});

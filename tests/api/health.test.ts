import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

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

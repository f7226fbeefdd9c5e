/**
 * Pages while the database does not answer: a 503 with Retry-After and a
 * short page of the site's own, never a 500. The database here is a real
 * PostgreSQL client pointed at a port where nothing listens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { freePort } from '../helpers/free-port.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createSiteApp, textsOf, type SiteApp } from './site-app.ts';

let t: TestApp;
let down: DatabaseHandle;
let site: SiteApp;
beforeAll(async () => {
  t = await createTestApp();
  down = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/showcase`, poolSize: 1 });
  site = await createSiteApp(t, { db: down.db });
});
afterAll(async () => {
  await down.destroy();
  await t.close();
});

describe('pages while the database does not answer', () => {
  it.each(['/', '/some-post', '/resources', '/category/tech'])('answers %s with 503, Retry-After and a branded page', async (path) => {
    const response = await site.get(path);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const html = await response.text();
    expect(textsOf(html, 'h1')).toEqual(['Back in a moment']);
    expect(html).toContain('Crowdfunding Showcase');
    expect(html).toContain('name="robots" content="noindex"');
  });

  it.each(['/sitemap.xml', '/rss.xml'])('answers %s with 503 and Retry-After', async (path) => {
    const response = await site.get(path, { accept: '*/*' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });

  it('logs the outage as a warning, not as an error of the page', () => {
    expect(site.logLines.some((line) => line.msg === 'database unavailable' && line.level === 40)).toBe(true);
    expect(site.logLines.filter((line) => Number(line.level) >= 50).map((line) => [line.msg, line.status, line.path])).toEqual([]);
  });
});

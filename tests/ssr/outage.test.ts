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

  /** A public form as posted with JavaScript: React Router's data request of the page. */
  const postData = (path: string, fields: Record<string, string>) => {
    // The home page's data address is `/_root.data`; the query (`?index`) stays after it.
    const [pathname = '/', query] = path.split('?');
    const address = `${pathname === '/' ? '/_root' : pathname}.data${query === undefined ? '' : `?${query}`}`;
    return site.app.request(`http://localhost${address}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', 'x-forwarded-for': '10.9.9.9' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  };

  const FORMS: [string, Record<string, string>][] = [
    ['/contact-us', { name: 'Ada', email: 'ada@example.com', message: 'Hello there.' }],
    [
      '/submit-your-project-for-a-sponsored-post',
      {
        project_name: 'Orbit Planter',
        project_url: 'https://www.kickstarter.com/projects/orbit-planter',
        contact_name: 'Katherine Johnson',
        contact_email: 'katherine@example.com',
        description: '',
        press_kit_url: '',
        budget_range: '',
        terms_accepted: 'on',
      },
    ],
    ['/?index', { intent: 'newsletter', email: 'reader@example.com' }],
  ];

  it.each(FORMS)('answers the form of %s posted without JavaScript with 503 and Retry-After', async (path, fields) => {
    const response = await site.post(path, fields);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(textsOf(await response.text(), 'h1')).toEqual(['Back in a moment']);
  });

  it.each(FORMS)('answers the form of %s posted with JavaScript with 503 and Retry-After', async (path, fields) => {
    const response = await postData(path, fields);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });

  it.each(['/payment/success', '/payment/cancel'])('answers the payment result page %s with 503 and Retry-After', async (path) => {
    const response = await site.get(`${path}?session_id=cs_local_0123`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });

  it('logs the outage as a warning, not as an error of the page', () => {
    expect(site.logLines.some((line) => line.msg === 'database unavailable' && line.level === 40)).toBe(true);
    expect(site.logLines.filter((line) => Number(line.level) >= 50).map((line) => [line.msg, line.status, line.path])).toEqual([]);
  });
});

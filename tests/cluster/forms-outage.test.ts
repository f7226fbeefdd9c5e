/**
 * The public forms of two built servers while their PostgreSQL is down: the
 * sponsored post form (with the test checkout on, as a staging fleet runs
 * it) and the contact form, each posted as a browser without JavaScript
 * posts it and as React Router's data request. Each answers 503 with
 * Retry-After, logged as a warning, and works again once PostgreSQL is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailableReason } from '../faults/postgres-cluster.ts';
import { cleanUpServers, type RunningServer } from '../faults/server.ts';
import { createDatabase, eventually, fleetEnv, PostgresCluster, startPair } from './cluster.ts';

const unavailable = postgresUnavailableReason();
const SPONSORED_PATH = '/submit-your-project-for-a-sponsored-post';

let cluster: PostgresCluster;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  if (unavailable) return;
  cluster = await PostgresCluster.create();
  [a, b] = await startPair({ ...fleetEnv(await createDatabase(cluster)), PAYMENTS_TEST_MODE: 'true' });
});

afterAll(async () => {
  await cleanUpServers();
  await cluster?.destroy();
});

let ipCounter = 0;
/** A client address of its own, so no post meets another's rate limit. */
const freshIp = () => `10.78.0.${++ipCounter}`;

let formCounter = 0;
function sponsoredForm(): Record<string, string> {
  formCounter += 1;
  return {
    website: '',
    budget_range: '',
    project_name: `Orbit Planter ${formCounter}`,
    project_url: 'https://www.kickstarter.com/projects/orbit-planter',
    contact_name: 'Katherine Johnson',
    contact_email: `katherine${formCounter}@example.com`,
    description: 'A planter that turns with the sun.',
    press_kit_url: '',
    terms_accepted: 'on',
  };
}

const contactForm = () => ({ website: '', name: 'Ada', email: 'ada@example.com', message: 'Posted during the outage.' });

/** A form posted to `path`: as a page without JavaScript does, or (`asData`) as React Router's data request. */
function postForm(server: RunningServer, path: string, fields: Record<string, string>, asData: boolean) {
  return fetch(`${server.baseUrl}${path}${asData ? '.data' : ''}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.baseUrl,
      'x-forwarded-for': freshIp(),
      ...(asData ? {} : { accept: 'text/html' }),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
}

/** The sponsored form starts a test checkout: the page is sent there, or told to go there. */
async function expectCheckoutStarts(server: RunningServer, asData: boolean) {
  const answer = await postForm(server, SPONSORED_PATH, sponsoredForm(), asData);
  expect(answer.status, `${server.baseUrl} ${asData ? 'data request' : 'page post'}`).toBeLessThan(400);
  const target = asData ? await answer.text() : (answer.headers.get('location') ?? '');
  expect(target).toContain('/checkout/test/');
}

describe.skipIf(unavailable)('the public forms of two servers while PostgreSQL is down', () => {
  it('answer 503 with Retry-After, log a warning and no error, and work again once it is back', async () => {
    for (const server of [a, b]) for (const asData of [false, true]) await expectCheckoutStarts(server, asData);
    const errorLinesBefore = [a, b].map((server) => server.log().split('\n').filter((line) => line.includes('"level":50')).length);

    await cluster.stop('fast');
    try {
      for (const server of [a, b]) {
        for (const [path, fields] of [
          [SPONSORED_PATH, sponsoredForm()],
          ['/contact-us', contactForm()],
        ] as const) {
          for (const asData of [false, true]) {
            const what = `${server.baseUrl}${path} ${asData ? 'data request' : 'page post'}`;
            const answer = await postForm(server, path, fields, asData);
            expect(answer.status, what).toBe(503);
            expect(answer.headers.get('retry-after'), what).toBe('5');
            const body = await answer.text();
            if (!asData) expect(body, what).toContain('Back in a moment');
          }
        }
      }
      for (const [index, server] of [a, b].entries()) {
        const lines = server.log().split('\n');
        expect(lines.filter((line) => line.includes('"level":50')).length).toBe(errorLinesBefore[index]);
        expect(lines.some((line) => line.includes('"level":40') && line.includes('database unavailable'))).toBe(true);
      }
    } finally {
      await cluster.start();
    }

    for (const server of [a, b]) {
      await eventually('readiness after the outage', 20_000, async () =>
        (await fetch(`${server.baseUrl}/api/health/ready`)).status === 200 ? true : undefined,
      );
      for (const asData of [false, true]) await expectCheckoutStarts(server, asData);
    }
  });
});

/**
 * The public forms as a browser without JavaScript posts them (React Router
 * actions, not the JSON API): junk in every field (NUL, lone surrogates,
 * huge values, prototype-pollution names, repeated and missing fields)
 * never gets a 5xx, and a refused post stores nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpData, expectNoPollution, prototypeKeys } from '../api/security-helpers.ts';
import { createTestApp, freshIp, type TestApp } from '../helpers/test-app.ts';
import { createSiteApp, type SiteApp } from './site-app.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let t: TestApp;
let site: SiteApp;

beforeAll(async () => {
  t = await createTestApp();
  site = await createSiteApp(t);
});
afterAll(async () => {
  await t.close();
});

const text: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', '\uDFFF x', '‮evil', '', ' ', 'x'.repeat(20_000), '<script>alert(1)</script>'),
  fc.constantFrom("' OR 1=1 --", 'a@b.co', 'https://example.com/p', 'true', 'on', '1'),
);
const fieldName = (known: readonly string[]) =>
  fc.oneof(fc.constantFrom(...known, '__proto__', 'constructor', 'prototype', 'intent', 'website'), fc.string({ maxLength: 12 }));

/** A form body: known and odd field names, each possibly repeated, with junk values. */
const formBody = (known: readonly string[]) =>
  fc.array(fc.tuple(fieldName(known), text), { maxLength: 12 }).map((pairs) => {
    const body = new URLSearchParams();
    for (const [name, value] of pairs) body.append(name, value);
    return body.toString();
  });

const FORMS = [
  { path: '/contact-us', known: ['name', 'email', 'message'] },
  { path: '/?index', known: ['email', 'intent'] },
  {
    path: '/submit-your-project-for-a-sponsored-post',
    known: ['project_name', 'project_url', 'contact_email', 'contact_name', 'description', 'budget_range', 'terms_accepted'],
  },
] as const;

async function postForm(path: string, body: string) {
  return site.app.request(`http://localhost${path}`, {
    method: 'POST',
    headers: {
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost',
      'x-forwarded-for': freshIp(),
    },
    body,
    redirect: 'manual',
  });
}

describe('public forms posted without JavaScript', () => {
  for (const form of FORMS) {
    it(`never answer 5xx to junk at ${form.path}, and store nothing when they refuse`, async () => {
      const pollution = prototypeKeys();
      await fc.assert(
        fc.asyncProperty(formBody(form.known), async (body) => {
          const before = await dumpData(t.deps.db);
          const response = await postForm(form.path, body);
          expect(response.status, body.slice(0, 200)).toBeLessThan(500);
          const html = response.status === 200 ? await response.text() : '';
          // A refusal shows the form again with a message; only an accepted post may store.
          const accepted = response.status === 303 || response.status === 302 || /role="status"/.test(html);
          if (!accepted && response.status >= 400) expect(await dumpData(t.deps.db)).toEqual(before);
        }),
        { numRuns: RUNS },
      );
      expectNoPollution(pollution);
    });
  }

  it('refuses NUL in a field with a field message, not a server error', async () => {
    const response = await postForm('/contact-us', new URLSearchParams({ name: 'A\u0000', email: 'a@b.co', message: 'Hello' }).toString());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Name must not contain NUL characters');
  });
});

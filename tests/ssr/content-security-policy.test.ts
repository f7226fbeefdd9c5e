/**
 * The security headers of pages and API answers: a Content-Security-Policy
 * whose script nonce is new on every page answer (cached or not) and matches
 * every script the page carries; framing refused everywhere; HSTS only over
 * HTTPS; nothing that names the server's software.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config.ts';
import { pageContentSecurityPolicy } from '../../server/http/content-security-policy.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createSiteApp, seedPost, withoutNonces, type SiteApp } from './site-app.ts';

let t: TestApp;
let site: SiteApp;

beforeAll(async () => {
  t = await createTestApp();
  site = await createSiteApp(t);
  await seedPost(t, { slug: 'nonce-kite', title: 'Nonce Kite' });
});
afterAll(async () => {
  await t.close();
});

/** The directives of a policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

function nonceOf(policy: string | null): string {
  const scriptSources = directives(policy).get('script-src') ?? [];
  const nonce = scriptSources.map((source) => source.match(/^'nonce-([A-Za-z0-9+/=]+)'$/)?.[1]).find(Boolean);
  expect(nonce).toBeTruthy();
  return nonce as string;
}

/** Every `<script>` that runs (JSON-LD data blocks do not), with its nonce attribute. */
const executableScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((match) => match[1] ?? '')
    .filter((attributes) => !/type="application\/ld\+json"/.test(attributes))
    .map((attributes) => attributes.match(/nonce="([^"]*)"/)?.[1] ?? null);

describe('Content-Security-Policy on pages', () => {
  it('allows scripts only by a nonce that every script of the page carries', async () => {
    for (const path of ['/', '/nonce-kite', '/resources', '/contact-us', '/submit-your-project-for-a-sponsored-post', '/auth']) {
      const response = await site.get(path);
      expect(response.status, path).toBe(200);
      const policy = response.headers.get('content-security-policy');
      const nonce = nonceOf(policy);
      const scripts = executableScripts(await response.text());
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(new Set(scripts), path).toEqual(new Set([nonce]));
      const parsed = directives(policy);
      expect(parsed.get('script-src')).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
      expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
      expect(parsed.get('object-src')).toEqual(["'none'"]);
      expect(parsed.get('base-uri')).toEqual(["'none'"]);
    }
  });

  it('gives every answer a new nonce, also when the page comes from the cache', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const response = await site.get('/nonce-kite');
      const nonce = nonceOf(response.headers.get('content-security-policy'));
      expect(new Set(executableScripts(await response.text()))).toEqual(new Set([nonce]));
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
  });

  it('renews the nonce inside gzip answers from the cache', async () => {
    const plain = await (await site.get('/nonce-kite')).text();
    const seen = new Set<string>();
    for (let i = 0; i < 2; i += 1) {
      const response = await site.get('/nonce-kite', { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      const nonce = nonceOf(response.headers.get('content-security-policy'));
      const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
      expect(new Set(executableScripts(html))).toEqual(new Set([nonce]));
      expect(withoutNonces(html)).toBe(withoutNonces(plain));
      seen.add(nonce);
    }
    expect(seen.size).toBe(2);
  });

  it('sends no policy with a 304, so the browser keeps the one that matches its copy', async () => {
    const first = await site.get('/nonce-kite');
    const etag = first.headers.get('etag') as string;
    const revalidated = await site.get('/nonce-kite', { accept: 'text/html', 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('content-security-policy')).toBeNull();
  });

  it('also covers pages that are never cached (the back office, not-found pages)', async () => {
    for (const path of ['/admin', '/no-such-page']) {
      const response = await site.get(path);
      const nonce = nonceOf(response.headers.get('content-security-policy'));
      expect(new Set(executableScripts(await response.text())), path).toEqual(new Set([nonce]));
    }
  });
});

describe('the policy for a configuration', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) };

  it('allows nothing beyond this origin by default', () => {
    const policy = pageContentSecurityPolicy(parseConfig(base))('abc');
    const parsed = directives(policy);
    expect(parsed.get('default-src')).toEqual(["'self'"]);
    expect(parsed.get('connect-src')).toEqual(["'self'"]);
    expect(parsed.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(parsed.get('form-action')).toEqual(["'self'"]);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(parsed.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('adds the image host, the upload bucket, analytics and Stripe Checkout only when they are configured', () => {
    const parsed = directives(
      pageContentSecurityPolicy(
        parseConfig({
          ...base,
          S3_BUCKET: 'covers',
          S3_ENDPOINT: 'https://store.example.net',
          S3_PUBLIC_URL: 'https://cdn.example.net/covers',
          GA_MEASUREMENT_ID: 'G-TEST123',
          STRIPE_SECRET_KEY: 'sk_test_123',
        }),
      )('abc'),
    );
    expect(parsed.get('img-src')).toContain('https://cdn.example.net');
    expect(parsed.get('img-src')).toContain('https://*.google-analytics.com');
    expect(parsed.get('connect-src')).toEqual([
      "'self'",
      'https://covers.store.example.net',
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
    ]);
    expect(parsed.get('form-action')).toEqual(["'self'", 'https://checkout.stripe.com']);
  });

  it('allows a path-style bucket at its endpoint, and AWS buckets at their regional host', () => {
    const pathStyle = directives(
      pageContentSecurityPolicy(
        parseConfig({ ...base, S3_BUCKET: 'covers', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }),
      )('abc'),
    );
    expect(pathStyle.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:9000']);
    const aws = directives(
      pageContentSecurityPolicy(parseConfig({ ...base, S3_BUCKET: 'covers', S3_REGION: 'eu-west-1' }))('abc'),
    );
    expect(aws.get('connect-src')).toContain('https://covers.s3.eu-west-1.amazonaws.com');
  });
});

describe('the other security headers', () => {
  it('closes API answers to scripts and framing', async () => {
    for (const path of ['/api/posts?status=published', '/api/health', '/api/no-such-endpoint']) {
      const response = await site.app.request(`http://localhost${path}`);
      expect(response.headers.get('content-security-policy'), path).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      );
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('refuses framing of pages and never names the server software', async () => {
    const response = await site.get('/');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('server')).toBeNull();
  });

  it('sends HSTS over HTTPS, directly or from a trusted proxy, and never over plain HTTP', async () => {
    const plain = await site.app.request('http://localhost/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const direct = await site.app.request('https://localhost/api/health');
    expect(direct.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // The test app trusts its proxy (TRUST_PROXY=true).
    const proxied = await site.app.request('http://localhost/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const bare = await createTestApp({ env: { TRUST_PROXY: 'false' } });
    try {
      const response = await bare.app.request('http://localhost/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await bare.close();
    }
  });
});

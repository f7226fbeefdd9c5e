/**
 * What every browser journey needs: the real built server on a free port
 * with its own data, the admin API to seed content, Chromium with every
 * outside request held on the machine, and an accessibility check.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import axe from 'axe-core';
import SQLite from 'better-sqlite3';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { loginAs, spawnBuiltServer, waitUntilReady } from '../helpers/built-server.ts';
import { freePort } from '../helpers/free-port.ts';

export const ADMIN_EMAIL = 'e2e-admin@example.com';
export const ADMIN_PASSWORD = 'e2e-password-123';
export const GA_MEASUREMENT_ID = 'G-E2ETEST1';
export const ANALYTICS_HOST = 'www.googletagmanager.com';
/**
 * Headless Chromium names itself HeadlessChrome, which the bot list rightly
 * skips from page views: a visit that must be counted presents the
 * browser's ordinary desktop name.
 */
export const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The Chromium every browser test drives, and its flags (Lighthouse's adds its own). */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Site {
  baseUrl: string;
  /** The server's data folder: its SQLite database and key files. */
  dataDir: string;
  /** The mails the site kept in its outbox for `to` (no SMTP is set), oldest first. */
  mailsTo: (to: string) => { subject: string; text_body: string }[];
  /** Page views of `path` counted today and written so far (the daily roll-up of the page). */
  pageViews: (path: string) => number;
  /** Calls the API as the administrator. */
  admin: <T = unknown>(method: string, apiPath: string, body?: unknown) => Promise<{ status: number; body: T }>;
  stop: () => Promise<void>;
}

/**
 * Starts `node build/node/server.js` (in the copy of the build) on 127.0.0.1
 * with a fresh data folder and waits until it answers.
 */
export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'showcase-e2e-'));
  const server = spawnBuiltServer({
    port: await freePort(),
    dataDir,
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    jwtSecret: 'e2e-only-secret-0123456789abcdef0123456789',
    // The built server runs in production, where the test checkout (no Stripe
    // key) must be switched on explicitly.
    env: { SEED_DEMO: 'false', GA_MEASUREMENT_ID, PAYMENTS_TEST_MODE: 'true', ...env },
  });
  const { baseUrl, child } = server;

  const stop = async () => {
    if (server.isRunning()) {
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.kill('SIGTERM');
      await server.exited;
      clearTimeout(force);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(server);
  } catch (error) {
    await stop();
    throw error;
  }

  let token: string | undefined;
  const admin: Site['admin'] = async (method, apiPath, body) => {
    token ??= await loginAs(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await fetch(`${baseUrl}/api${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
  };
  const mailsTo: Site['mailsTo'] = (to) => {
    const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
    try {
      return db.prepare('select subject, text_body from outbox where to_address = ? order by id').all(to) as {
        subject: string;
        text_body: string;
      }[];
    } finally {
      db.close();
    }
  };
  const pageViews: Site['pageViews'] = (pagePath) => {
    const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
    try {
      const row = db
        .prepare("select views from analytics_daily where dimension = 'page' and day = ? and value = ?")
        .get(new Date().toISOString().slice(0, 10), pagePath) as { views: number } | undefined;
      return row?.views ?? 0;
    } finally {
      db.close();
    }
  };
  return { baseUrl, dataDir, admin, mailsTo, pageViews, stop };
}

export interface PostSeed {
  slug: string;
  title: string;
  excerpt?: string;
  content?: string;
  campaign_url?: string | null;
  category_ids?: string[];
  cover_image?: string | null;
  /** Unix seconds; spreads the posts so their order is known. */
  published_at?: number;
  /** The campaign's facts, as the editor enters them (`campaign` of the post payload). */
  campaign?: Record<string, unknown>;
}

const DEMO_COVERS = ['solar-backpack', 'tabletop-saga', 'clean-water', 'espresso-grinder', 'indie-film', 'modular-keyboard', 'urban-garden'];

/** Publishes posts through the admin API, as the back office does. */
export async function seedPosts(site: Site, posts: PostSeed[]): Promise<void> {
  for (const [index, post] of posts.entries()) {
    const response = await site.admin('POST', '/admin/posts', {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt ?? `Why ${post.title} is worth backing.`,
      content: post.content ?? `## About ${post.title}\n\nA careful review of the campaign.`,
      cover_image: post.cover_image === undefined ? `/images/demo/${DEMO_COVERS[index % DEMO_COVERS.length]}.webp` : post.cover_image,
      campaign_url: post.campaign_url ?? null,
      status: 'published',
      read_time: 5,
      published_at: post.published_at ?? 1_770_000_000 - index * 86_400,
      category_ids: post.category_ids ?? ['tech'],
      ...(post.campaign ? { campaign: post.campaign } : {}),
    });
    if (response.status !== 201) throw new Error(`seeding ${post.slug} failed: ${JSON.stringify(response.body)}`);
  }
}

/** A member of staff invited by the owner through the admin API, who accepts from the invitation's mail. */
export async function addStaff(site: Site, staff: { email: string; password: string; name: string; role: 'admin' | 'editor' }): Promise<void> {
  const invited = await site.admin('POST', '/admin/users', { email: staff.email, role: staff.role });
  if (invited.status !== 201) throw new Error(`inviting ${staff.email} failed: ${JSON.stringify(invited.body)}`);
  const token = /token=([\w-]+)/.exec(site.mailsTo(staff.email).at(-1)?.text_body ?? '')?.[1];
  const accepted = await fetch(`${site.baseUrl}/api/auth/accept-invite`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, name: staff.name, password: staff.password }),
  });
  if (accepted.status !== 201) throw new Error(`${staff.email} could not accept the invitation: ${accepted.status}`);
}

/**
 * Uploads one of the site's own images (`public/…`) through the admin API,
 * as the back office's uploader does; returns the path to store.
 */
export async function uploadPublicImage(site: Site, publicPath: string): Promise<string> {
  const bytes = readFileSync(path.join('public', publicPath));
  const extension = path.extname(publicPath).slice(1);
  const contentType = extension === 'jpg' ? 'image/jpeg' : `image/${extension}`;
  const requested = await site.admin<{ upload_url: string; path: string }>('POST', '/admin/media/upload-url', {
    fileName: path.basename(publicPath),
    contentType,
    fileSize: bytes.length,
  });
  if (requested.status !== 201) throw new Error(`no upload address for ${publicPath}: ${JSON.stringify(requested.body)}`);
  const put = await fetch(new URL(requested.body.upload_url, site.baseUrl), { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
  if (put.status !== 204) throw new Error(`uploading ${publicPath} failed: ${put.status}`);
  return requested.body.path;
}

export async function seedResource(site: Site, resource: { slug: string; title: string; content?: string }): Promise<void> {
  const response = await site.admin('POST', '/admin/resources', {
    title: resource.title,
    slug: resource.slug,
    excerpt: `A guide: ${resource.title}.`,
    content: resource.content ?? `## ${resource.title}\n\nStep by step.`,
    cover_image: '/images/demo/fees-explained.webp',
    read_time: 6,
    status: 'published',
  });
  if (response.status !== 201) throw new Error(`seeding ${resource.slug} failed: ${JSON.stringify(response.body)}`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Requests the page made to the analytics host (answered locally, never sent). */
  analyticsRequests: string[];
  /** Uncaught errors in the page. */
  pageErrors: string[];
  javaScriptEnabled: boolean;
}

/**
 * A fresh browser profile on the site. Requests to any host but the site are
 * refused; the analytics tag's host gets an empty script from here.
 */
export async function openVisit(browser: Browser, site: Site, options: BrowserContextOptions = {}): Promise<Visit> {
  const context = await browser.newContext({ baseURL: site.baseUrl, ...options });
  const analyticsRequests: string[] = [];
  const pageErrors: string[] = [];
  const siteHost = new URL(site.baseUrl).host;
  await context.route(
    (url) => url.host !== siteHost,
    (route) => {
      const url = new URL(route.request().url());
      if (url.host === ANALYTICS_HOST) {
        analyticsRequests.push(url.href);
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      }
      return route.abort();
    },
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, analyticsRequests, pageErrors, javaScriptEnabled: options.javaScriptEnabled ?? true };
}

/**
 * Runs axe-core on the page: no serious or critical violation allowed
 * (with `everyImpact`, none at all, minor and moderate included).
 * axe needs the page's own timers, so a page shown without JavaScript is
 * checked as a copy: its markup, scripts removed, in a scratch page of the
 * same origin (for the styles) with JavaScript on.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { javaScriptEnabled?: boolean; everyImpact?: boolean } = {},
): Promise<void> {
  if (options.javaScriptEnabled === false) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '');
    const browser = page.context().browser();
    if (!browser) throw new Error('no browser behind this page');
    const scratch = await browser.newContext();
    try {
      const copy = await scratch.newPage();
      await copy.goto(new URL('/robots.txt', page.url()).href);
      await copy.setContent(html, { waitUntil: 'load' });
      await expectNoSeriousA11yViolations(copy, { everyImpact: options.everyImpact ?? false });
    } finally {
      await scratch.close();
    }
    return;
  }
  // Colours are only measurable once fades (the cookie banner's) have ended.
  // Polled from here: pages without JavaScript run no timers of their own.
  const isSettled = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
    );
  for (let attempt = 0; attempt < 50 && !(await isSettled()); attempt += 1) await page.waitForTimeout(100);
  // Evaluated rather than added as a script tag, so pages loaded with
  // JavaScript disabled are checked too.
  const violations = await page.evaluate(async (source) => {
    (0, eval)(source);
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, axe.source);
  const counted = options.everyImpact
    ? violations
    : violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(counted, `axe violations on ${page.url()}`).toEqual([]);
}

/** Goes to `pathname` and checks the page's accessibility once it has settled. */
export async function visit(visitState: Visit, pathname: string): Promise<void> {
  await visitState.page.goto(pathname, { waitUntil: 'networkidle' });
  await expectNoSeriousA11yViolations(visitState.page, { javaScriptEnabled: visitState.javaScriptEnabled });
}

/** The text of the toast with this title, once it shows (the toasts on screen in the error otherwise). */
export async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('[data-sonner-toast]', { hasText: title }).first();
  // A busy machine can take a while to answer the action behind the toast.
  await toast.waitFor({ timeout: 20_000 }).catch(async (error: unknown) => {
    const shown = await page.locator('[data-sonner-toast]').allInnerTexts();
    throw new Error(`no "${title}" toast; shown: ${JSON.stringify(shown)}`, { cause: error });
  });
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

/** Dismisses the cookie banner (rejecting the optional category) so it covers nothing. */
export async function rejectCookies(page: Page): Promise<void> {
  const reject = page.getByRole('button', { name: 'Reject all' }).first();
  await reject.waitFor({ state: 'visible' });
  await reject.click();
  await reject.waitFor({ state: 'hidden' });
}

export interface Journey {
  /** The built server of this suite. */
  site: Site;
  /** The browser profile opened at the start (unless the suite asked for none). */
  visitor: Visit;
  /** Another fresh profile on the site in the suite's browser, closed with the suite. */
  openVisit: (options?: BrowserContextOptions) => Promise<Visit>;
}

/**
 * The built server and a Chromium for the enclosing suite, started in its
 * beforeAll (with a first visit, unless `visit: false`) and stopped in its
 * afterAll with every visit it opened. Use the handles inside tests and
 * later hooks only.
 */
export function useJourney(
  options: {
    /** The server's environment; a function is read when the suite starts (a mail server's address known by then). */
    env?: Record<string, string> | (() => Record<string, string>);
    visit?: BrowserContextOptions | false;
  } = {},
): Journey {
  const site = {} as Site;
  const visitor = {} as Visit;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const open = async (visitOptions: BrowserContextOptions = {}) => {
    if (!browser) throw new Error('the journey has not started: open visits inside tests');
    const opened = await openVisit(browser, site, visitOptions);
    contexts.push(opened.context);
    return opened;
  };
  beforeAll(async () => {
    Object.assign(site, await startSite(typeof options.env === 'function' ? options.env() : options.env));
    browser = await launchBrowser();
    if (options.visit !== false) Object.assign(visitor, await open(options.visit));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await site.stop?.();
  });
  return { site, visitor, openVisit: open };
}

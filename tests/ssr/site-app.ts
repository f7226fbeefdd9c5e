/**
 * The whole server (API, built files and pages) on a test database, with its
 * log lines kept, plus the seeding helpers the page tests share. Requests go
 * through `createApp` exactly as in production; the page cache checks the
 * content fingerprint before every answer, so data seeded between two
 * requests is always seen (transactions here commit before the next request).
 */
import pino from 'pino';
import { createApp } from '../../server/app.ts';
import type { ReviewJson } from '../../common/review.ts';
import { insertPost } from '../../server/db/queries/posts.ts';
import { insertResource } from '../../server/db/queries/resources.ts';
import type { AppDeps } from '../../server/deps.ts';
import type { ResponseCacheOptions } from '../../server/http/response-cache.ts';
import { loadPageRenderer, serveBuiltFiles } from '../../server/pages.ts';
import { SiteProfileCache } from '../../server/site-profile.ts';
import { SocialCardCache } from '../../server/social-cards/card-cache.ts';
import { beforeAll, expect } from 'vitest';
import { settleTestCheckout } from '../../server/services/sponsors/payments.ts';
import { adminCalls } from '../helpers/admin-calls.ts';
import { publishDraft } from '../helpers/posts.ts';
import { freshIp, useTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.ts';

export async function createSiteApp(
  t: TestApp,
  options: { cache?: Partial<ResponseCacheOptions> | false; db?: AppDeps['db'] } = {},
) {
  const logLines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
  const deps: AppDeps = {
    ...t.deps,
    logger,
    // A server of its own draws its own social cards: it keeps none of another's in memory.
    socialCardCache: new SocialCardCache(),
    // A database of its own (one that does not answer, say) is read for the site profile too.
    ...(options.db ? { db: options.db, siteProfileCache: new SiteProfileCache(options.db, t.deps.contentChanges) } : {}),
  };
  const renderPage = await loadPageRenderer(deps, undefined, {
    // No background re-render: tests count renders, which one in the background would blur.
    cache: options.cache ?? { checkIntervalMs: 0, writeSettleMs: 0, rewarmWithinMs: 0 },
  });
  const serveStatic = serveBuiltFiles();
  if (!renderPage || !serveStatic) throw new Error('The web build is missing: the ssr global setup should have built it');
  const app = createApp(deps, { renderPage, serveStatic });
  const ip = freshIp();
  const get = (path: string, headers: Record<string, string> = { accept: 'text/html' }) =>
    app.request(`http://localhost${path}`, { headers: { 'x-forwarded-for': ip, ...headers }, redirect: 'manual' });
  /** A form posted by a browser without JavaScript. */
  const post = (path: string, fields: Record<string, string>, options: { ip?: string } = {}) =>
    app.request(`http://localhost${path}`, {
      method: 'POST',
      headers: {
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        'x-forwarded-for': options.ip ?? ip,
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  return { app, get, post, logLines };
}

export type SiteApp = Awaited<ReturnType<typeof createSiteApp>>;

/**
 * A test app and the whole site on it for the enclosing suite, made in its
 * beforeAll and closed in its afterAll (see `useTestApp`).
 */
export function useSiteApp(
  options: { app?: TestAppOptions; site?: Parameters<typeof createSiteApp>[1] } = {},
): { t: TestApp; site: SiteApp } {
  const t = useTestApp(options.app);
  const site = {} as SiteApp;
  beforeAll(async () => {
    Object.assign(site, await createSiteApp(t, options.site));
  });
  return { t, site };
}

/** The page with every script nonce emptied: two answers of one page differ only there. */
export const withoutNonces = (html: string) =>
  // The inlined stylesheet closes with a comment holding the nonce too (decision 102).
  html.replaceAll(/nonce="[^"]*"/g, 'nonce=""').replaceAll(/\/\*[A-Za-z0-9+/]{22}==\*\//g, '/**/');

const DAY = 86_400;
/** A fixed day, so dates in the markup are known: 2026-03-14 12:00 UTC. */
export const PI_DAY = Date.UTC(2026, 2, 14, 12) / 1000;

export interface SeedPost {
  slug: string;
  title: string;
  status?: 'draft' | 'published';
  excerpt?: string | null;
  content?: string;
  campaign_url?: string | null;
  category_ids?: string[];
  cover_image?: string | null;
  read_time?: number | null;
  sponsored?: boolean;
  pinned?: boolean;
  /** Days before PI_DAY it was published. */
  daysAgo?: number;
  /** The member of staff who created it (its byline). */
  created_by?: number;
  /** What the site thinks of its campaign (common/review.ts). */
  review?: ReviewJson | null;
}

export async function seedPost(t: TestApp, post: SeedPost) {
  const status = post.status ?? 'published';
  return insertPost(t.deps.db, {
    slug: post.slug,
    title: post.title,
    status,
    excerpt: post.excerpt === undefined ? `Why ${post.title} is worth a look.` : post.excerpt,
    content: post.content ?? `## ${post.title}\n\nThe full review.`,
    cover_image: post.cover_image === undefined ? `/images/demo/solar-backpack.svg` : post.cover_image,
    campaign_url: post.campaign_url ?? null,
    sponsored: post.sponsored ?? false,
    pinned: post.pinned ?? false,
    read_time: post.read_time === undefined ? 4 : post.read_time,
    published_at: status === 'published' ? PI_DAY - (post.daysAgo ?? 0) * DAY : null,
    category_ids: post.category_ids ?? [],
    ...(post.created_by === undefined ? {} : { created_by: post.created_by }),
    ...(post.review === undefined ? {} : { review: post.review }),
  });
}

export interface SeedResource {
  slug: string;
  title: string;
  status?: 'draft' | 'published';
  excerpt?: string | null;
  content?: string;
  cover_image?: string | null;
  read_time?: number | null;
}

/** Resources are published "now" by the query module; tests fix the date afterwards. */
export async function seedResource(t: TestApp, resource: SeedResource, publishedAt = PI_DAY) {
  const status = resource.status ?? 'published';
  const row = await insertResource(t.deps.db, {
    slug: resource.slug,
    title: resource.title,
    status,
    excerpt: resource.excerpt === undefined ? `A guide: ${resource.title}.` : resource.excerpt,
    content: resource.content ?? `## ${resource.title}\n\nStep by step.`,
    cover_image: resource.cover_image === undefined ? '/images/demo/fees-explained.svg' : resource.cover_image,
    read_time: resource.read_time === undefined ? 6 : resource.read_time,
    published_at: null,
    category_id: null,
  });
  if (status === 'published') {
    await t.deps.db.updateTable('resources').set({ published_at: publishedAt }).where('id', '=', row.id).execute();
  }
  return row;
}

export interface CampaignSeed {
  platform?: string;
  currency?: string;
  goal?: number | null;
  pledged?: number | null;
  backers?: number | null;
  launched_at?: number | null;
  ends_at?: number | null;
  state?: string;
}

/** Publishes a post with a campaign through the admin API, as the editor does. */
export async function seedCampaignPost(
  t: TestApp,
  post: { slug: string; title: string; categories?: string[]; publishedDaysAgo?: number; url?: string | null; sponsored?: boolean },
  campaign: CampaignSeed | null,
) {
  const url = post.url === undefined ? `https://www.kickstarter.com/projects/maker/${post.slug}` : post.url;
  const created = await t.request('POST', '/admin/posts', {
    token: await t.adminToken(),
    body: {
      title: post.title,
      slug: post.slug,
      excerpt: `Why ${post.title} is worth a look.`,
      content: `## ${post.title}\n\nThe full review.`,
      cover_image: '/images/demo/solar-backpack.svg',
      campaign_url: url,
      status: 'published',
      published_at: Math.floor(Date.now() / 1000) - (post.publishedDaysAgo ?? 1) * DAY,
      category_ids: post.categories ?? ['tech'],
      ...(post.sponsored === undefined ? {} : { sponsored: post.sponsored }),
      campaign: campaign && { platform: 'kickstarter', currency: 'USD', ...campaign },
    },
  });
  if (created.status !== 201) throw new Error(`seeding ${post.slug} failed: ${JSON.stringify(created.body)}`);
  return created.body as { id: number; version: number };
}

/** HTML entities React writes for quotes and ampersands, turned back into text. */
export function decodeHtml(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The text content of the elements matching a tag and an attribute fragment, in order. */
export function textsOf(html: string, tag: string): string[] {
  const pattern = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g');
  return [...html.matchAll(pattern)].map((match) => decodeHtml((match[1] ?? '').replace(/<[^>]+>/g, '')).trim());
}

/** A `<section>` of the page labelled by the heading with this id, or empty without one. */
export const sectionOf = (html: string, labelledBy: string) =>
  html.match(new RegExp(`<section aria-labelledby="${labelledBy}"[\\s\\S]*?</section>`))?.[0] ?? '';

/** The content of `<meta name|property="…">`. */
export function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"/>`));
  return tag?.[1] === undefined ? undefined : decodeHtml(tag[1]);
}

/** The JSON-LD blocks of a page, parsed. */
export function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(decodeHtml(match[1] ?? '')),
  );
}

let sponsoredCount = 0;

/**
 * A paid, approved sponsored submission whose post went live at
 * `publishedAt`, as staff take it there through the API: its report link
 * (path) and post.
 */
export async function liveSponsoredPostOf(t: TestApp, publishedAt: number) {
  sponsoredCount += 1;
  const admin = adminCalls(t);
  const started = await t.request('POST', '/payments/create-checkout', {
    ip: freshIp(),
    body: {
      project_name: `Reed Clock ${sponsoredCount}`,
      project_url: 'https://www.kickstarter.com/projects/reed-clock',
      contact_name: 'Grace Hopper',
      contact_email: `sponsor.${sponsoredCount}.${Date.now()}@example.com`,
      description: 'A clock of reeds.',
      terms_accepted: true,
    },
  });
  expect(started.status).toBe(201);
  await settleTestCheckout(t.deps, started.body.session_id, 'pay');
  const { submission_id: id } = await t.handle.db
    .selectFrom('payment_transactions')
    .select('submission_id')
    .where('provider_session_id', '=', started.body.session_id)
    .executeTakeFirstOrThrow();
  const found = (await admin('GET', `/admin/submissions/sponsored/${id}`)).body as { version: number };
  expect((await admin('PATCH', `/admin/submissions/sponsored/${id}`, { status: 'approved', version: found.version })).status).toBe(200);
  const drafted = await admin('POST', `/admin/submissions/sponsored/${id}/draft`);
  expect(drafted.status).toBe(201);
  const published = await publishDraft(t, drafted.body.id, { publishedAt });
  const url = ((await admin('GET', `/admin/submissions/sponsored/${id}`)).body as { report_url: string | null }).report_url ?? '';
  expect(url).toMatch(/\/sponsor-report\/[A-Za-z0-9_-]{43}$/);
  return { submissionId: id, post: { id: published.id, slug: published.slug, title: published.title }, publishedAt, path: new URL(url).pathname };
}

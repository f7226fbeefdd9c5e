/**
 * The HTTP application: the REST API under /api and, for every other path,
 * the page renderer handed in by the caller. Built from its dependencies so
 * tests drive exactly what production runs.
 */
import { Hono, type Context, type Handler, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { adminCategoriesApi, categoriesApi } from './api/categories.ts';
import { clickEventsApi, clickRedirects } from './api/clicks.ts';
import { siteOrigin } from './config.ts';
import { adminContactMessagesApi, contactMessagesApi } from './api/contact-messages.ts';
import { adminDashboardApi } from './api/dashboard.ts';
import { adminMediaApi, mediaUploadApi } from './api/media.ts';
import { paymentsApi } from './api/payments.ts';
import { searchApi } from './api/search.ts';
import { adminAccountAuthorApi, adminAuthorChoicesApi, adminUserAuthorApi, publicAuthorsApi } from './api/authors.ts';
import { adminContentApi, publicContentApi } from './api/content.ts';
import { authApi } from './api/auth.ts';
import { adminSponsoredSubmissionsApi, sponsoredSubmissionsApi } from './api/sponsored-submissions.ts';
import { sponsorReportApi } from './api/sponsor-report.ts';
import { adminSubscribersApi, subscribersApi } from './api/subscribers.ts';
import { adminFollowsApi, followsApi } from './api/follows.ts';
import { adminNewslettersApi } from './api/newsletters.ts';
import { adminPreviewLinksApi } from './api/preview-links.ts';
import { adminCreatorLinksApi, campaignUpdatesApi } from './api/campaign-updates.ts';
import { adminMeApi, adminUsersApi } from './api/staff.ts';
import { accountLinksApi, adminAccountApi } from './api/account.ts';
import { adminDemoContentApi } from './api/demo-content.ts';
import { adminSettingsApi } from './api/settings.ts';
import { adminWebhooksApi } from './api/webhooks.ts';
import { adminCampaignFetchingApi, adminCampaignPreviewApi, adminCampaignRefreshApi } from './api/campaign-refresh.ts';
import { adminAnalyticsApi } from './api/analytics-reports.ts';
import { adminAuditLogApi } from './api/audit-log.ts';
import { adminAnalyticsSettingsApi, eventsApi } from './api/analytics.ts';
import { adminOutboxApi } from './api/outbox.ts';
import { adminCdnApi } from './api/cdn.ts';
import { recordStaffChanges } from './http/audit.ts';
import { allow, requireStaff } from './http/require-staff.ts';
import { pingDatabase } from './db/database.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import type { Permission } from '../common/staff-roles.ts';
import { API_CONTENT_SECURITY_POLICY } from './http/content-security-policy.ts';
import { DomainError } from '../common/errors.ts';
import { isPrivateLinkPath } from '../common/private-links.ts';
import { callerReader } from './http/client-ip.ts';
import { DATABASE_RETRY_AFTER_SECONDS, errorBody, handleError } from './http/errors.ts';
import { strictTransportSecurity } from './http/https.ts';
import { publicReads } from './http/public-reads.ts';
import { finishCdnHeaders } from './freshness/cache-tags.ts';
import { createMetrics, metricsEndpoint, reasonTotals } from './http/metrics.ts';
import { pageRequests } from './http/page-requests.ts';
import { logRequests, PAGE_ROUTE, STATIC_ROUTE, withRouteLabel } from './http/request-log.ts';
import type { ResponseCache } from './http/response-cache.ts';
import { LOCAL_UPLOAD_PATH } from './storage/local.ts';
import type { MediaStorage } from './storage/media.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveUploads } from './http/serve-uploads.ts';
import { BEACON_PATH } from './http/session-cookies.ts';
import { serveSocialCards } from './http/social-cards.ts';
import type { AppServices } from './services/index.ts';
import { composeApp } from './start-up.ts';

const KB = 1024;
/** JSON bodies of the public API and most admin calls. */
export const DEFAULT_BODY_LIMIT = 100 * KB;
/** Post, resource and newsletter bodies carry whole markdown articles (so do the site settings' legal texts); imports carry CSV files. */
export const CONTENT_BODY_LIMIT = 1024 * KB;

const payloadTooLarge = (limit: number) => () => {
  throw new DomainError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit / KB} KB`);
};

export interface CreateAppOptions {
  /** Renders every non-API path (the React Router request handler). */
  renderPage?: Handler<AppEnv>;
  /**
   * Serves the web app's browser files (scripts, styles, public images) ahead
   * of the pages; calls `next()` when no file matches. Never sees /api paths.
   */
  serveStatic?: MiddlewareHandler<AppEnv>;
  /** The media storage the services are built on, when they are not given; built from the configuration otherwise. */
  media?: MediaStorage;
  /** True once shutdown has begun: the readiness check then answers 503. */
  isShuttingDown?: () => boolean;
  /** Keeps public API reads in memory (production); without it they are computed every time. */
  publicReadCache?: ResponseCache;
  /** The domain services (server/start-up.ts); built from the dependencies when not given. */
  services?: AppServices;
  /** Where the per-request lines go, at a level of their own (`requestLogLevel`); the app's logger when not given. */
  requestLogger?: AppDeps['logger'];
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();

  const metricsToken = deps.config.METRICS_TOKEN;
  const metrics = metricsToken ? createMetrics(deps) : undefined;
  app.use('*', requestId());
  // Last on the way out: a CDN's tags and time on public answers only, whatever set them (decision 098).
  app.use('*', async (c, next) => {
    await next();
    finishCdnHeaders({ method: c.req.method, path: c.req.path }, c.res.headers);
  });
  app.use('*', logRequests(options.requestLogger ?? deps.logger, metrics));
  // The creator's private link sends no referrer (security-headers.ts), so
  // browsers post its page's form with `Origin: null`, which the page
  // actions' cross-site check refuses. The link's token is its only
  // credential (no cookie rides along), so a cross-site post gains nothing:
  // that `null` is dropped, a real foreign origin is not (decision 063).
  app.use('*', async (c, next) => {
    if (c.req.method === 'POST' && c.req.header('origin') === 'null' && isPrivateLinkPath(c.req.path)) {
      const headers = new Headers(c.req.raw.headers);
      headers.delete('origin');
      c.req.raw = new Request(c.req.raw, { headers });
    }
    return next();
  });
  app.use('*', securityHeaders());
  app.use('*', strictTransportSecurity(deps.config));

  const services = options.services ?? composeApp(deps, options.media ? { storage: options.media } : {}).services;
  const { media } = services;
  if (metrics) {
    reasonTotals(metrics.registry, 'page_views_not_counted_total', 'Page-view beacons answered but not counted, by reason (this server, since it started).', () =>
      services.analytics.notCounted(),
    );
    reasonTotals(metrics.registry, 'clicks_not_counted_total', 'Clicks led on (or pings answered) but not counted, by reason (this server, since it started).', () =>
      services.clicks.notCounted(),
    );
    reasonTotals(metrics.registry, 'pages_rendered_in_background_total', 'Pages rendered without a reader waiting, by reason: what writes set off (this server, since it started).', () =>
      deps.pageRenders.background,
    );
    reasonTotals(metrics.registry, 'cdn_purges_total', 'Purges sent to the CDN in front, by outcome: sent or failed (this server, since it started).', () =>
      services.cdn.counts(),
    );
    reasonTotals(metrics.registry, 'kept_pages_let_go_total', 'Pages let go of the rendered-page store, by reason (this server, since it started).', () =>
      deps.pageRenders.letGo,
    );
  }
  const callerOf = callerReader(deps.config.TRUST_PROXY);
  const api = new Hono<AppEnv>();
  const contentLimit = bodyLimit({ maxSize: CONTENT_BODY_LIMIT, onError: payloadTooLarge(CONTENT_BODY_LIMIT) });
  const defaultLimit = bodyLimit({ maxSize: DEFAULT_BODY_LIMIT, onError: payloadTooLarge(DEFAULT_BODY_LIMIT) });
  api.use('*', (c, next) => {
    // Reads carry no body; asking would make the Node adapter build a full Request per read.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // Image uploads stream to disk and are limited to their signed size there.
    if (c.req.path === LOCAL_UPLOAD_PATH) return next();
    // The page-view beacon has a limit of its own, refused as a bad beacon.
    if (c.req.path === BEACON_PATH) return next();
    return /^\/api\/admin\/(posts|resources|newsletters|submissions\/newsletter\/import|settings\/site)(\/|$)/.test(c.req.path) ? contentLimit(c, next) : defaultLimit(c, next);
  });
  api.use('*', async (c, next) => {
    await next();
    // On the answer's own headers: c.header() after the answer rebuilds it, body stream and all.
    c.res.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  });
  // Tokens and private data must never be kept by a browser or shared cache.
  api.use('/auth/*', noStore);
  api.use('/admin/*', noStore);

  // Liveness, for orchestrators that restart a stuck process: it answers
  // from the process alone. A database outage is not cured by restarting
  // every app server, so it must not fail this check.
  api.get('/health', (c) => c.json({ status: 'ok' }));

  // Readiness, for load balancers: 503 from the moment shutdown begins, while
  // requests are still served, so traffic moves away before the port closes;
  // and 503 while the database does not answer, so traffic goes to servers
  // that can serve it.
  api.get('/health/ready', async (c) => {
    if (options.isShuttingDown?.()) {
      return c.json(errorBody('SERVICE_UNAVAILABLE', 'The server is shutting down'), 503);
    }
    try {
      await pingDatabase(deps.db);
    } catch (error) {
      deps.logger.warn({ err: error }, 'readiness check: database unreachable');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(errorBody('SERVICE_UNAVAILABLE', 'The database is not answering'), 503);
    }
    return c.json({ status: 'ready' });
  });

  api.route('/auth', authApi(services, callerOf, deps.config.TRUST_PROXY > 0));
  const shareable = publicReads(options.publicReadCache);
  // A wildcard also matches the bare path (`/posts`).
  for (const path of ['/posts/*', '/resources/*', '/categories/*', '/authors/*']) api.use(path, shareable);
  api.route('/posts', publicContentApi(services.posts, services));
  // A reader follows a post's campaign by e-mail (decision 097).
  api.route('/posts', followsApi(services, callerOf));
  api.route('/resources', publicContentApi(services.resources, services));
  api.route('/categories', categoriesApi(services));
  api.route('/authors', publicAuthorsApi(services));
  // Site search: public, shareable like the lists (a query is part of the cache key).
  api.use('/search/*', shareable);
  api.route('/search', searchApi(services));
  api.route('/submissions/contact', contactMessagesApi(services, callerOf));
  api.route('/submissions/newsletter', subscribersApi(services, callerOf));
  api.route('/submissions/sponsored', sponsoredSubmissionsApi(services, callerOf));
  api.route('/media', mediaUploadApi(media));
  api.route('/payments', paymentsApi(services, deps, callerOf));
  // A staff member's new address, confirmed from the mail's link (signed out or in).
  api.use('/account/*', noStore);
  api.route('/account', accountLinksApi(services, callerOf));
  // The creator's private link to their campaign's numbers: a secret in the path, never kept.
  api.use('/campaign-update/*', noStore);
  api.route('/campaign-update', campaignUpdatesApi(services, callerOf));
  // Page views of the public pages, counted without cookies (decision 065).
  api.route('/events', eventsApi(services, callerOf, siteOrigin(deps.config)));
  // The sponsor's private report: a secret in the path, never kept.
  api.use('/sponsor-report/*', noStore);
  api.route('/sponsor-report', sponsorReportApi(services, callerOf));
  // The ping of a campaign link on a post's page (decision 067).
  api.route('/events', clickEventsApi(services, callerOf, siteOrigin(deps.config)));

  // Every admin route needs a member of staff, and each family the role that
  // may use it (common/staff-roles.ts): checked here for every route, so a
  // route added to a family cannot forget it.
  api.use('/admin/*', requireStaff(deps));
  // Every change made through the back office is an audit entry (server/http/audit.ts).
  api.use('/admin/*', recordStaffChanges(services.auditLog, callerOf, deps.logger));
  const families: [string, Permission][] = [
    ['/admin/posts', 'content'],
    ['/admin/resources', 'content'],
    ['/admin/media', 'content'],
    ['/admin/categories', 'categories'],
    ['/admin/dashboard', 'dashboard'],
    ['/admin/submissions/contact', 'inbox'],
    ['/admin/submissions/sponsored', 'inbox'],
    ['/admin/submissions/newsletter', 'newsletter'],
    ['/admin/newsletters', 'newsletter'],
    ['/admin/authors', 'content'],
    // A campaign's followers: addresses, as the subscribers are.
    ['/admin/follows', 'newsletter'],
    ['/admin/settings/security', 'settings'],
    ['/admin/settings/campaign-fetching', 'settings'],
    ['/admin/settings/analytics', 'settings'],
    ['/admin/webhooks', 'settings'],
    ['/admin/campaign-preview', 'content'],
    ['/admin/settings/site', 'site_settings'],
    ['/admin/audit-log', 'audit'],
    ['/admin/analytics', 'analytics'],
    ['/admin/outbox', 'outbox'],
    // The CDN in front and "Purge everything": the owner's (decision 098).
    ['/admin/cdn', 'settings'],
  ];
  // A wildcard also matches the bare path.
  for (const [path, permission] of families) api.use(`${path}/*`, allow(permission));
  // The staff family is the owner's, but for anyone's author profile, which administrators edit too.
  const [staffFamily, authorsFamily] = [allow('staff'), allow('authors')];
  api.use('/admin/users/*', (c, next) => (/\/admin\/users\/[^/]+\/author$/.test(c.req.path) ? authorsFamily : staffFamily)(c, next));
  api.route('/admin/posts', adminContentApi(services.posts, async (post) => services.follows.withFollowers(await services.campaignUpdates.staffView(post))));
  api.route('/admin/resources', adminContentApi(services.resources));
  api.route('/admin/posts', adminPreviewLinksApi(services.previewLinks, 'post'));
  api.route('/admin/posts', adminCreatorLinksApi(services));
  api.route('/admin/resources', adminPreviewLinksApi(services.previewLinks, 'resource'));
  api.route('/admin/categories', adminCategoriesApi(services));
  api.route('/admin/submissions/contact', adminContactMessagesApi(services));
  api.route('/admin/submissions/newsletter', adminSubscribersApi(services));
  api.route('/admin/newsletters', adminNewslettersApi(services));
  api.route('/admin/follows', adminFollowsApi(services));
  api.route('/admin/submissions/sponsored', adminSponsoredSubmissionsApi(services));
  api.route('/admin/media', adminMediaApi(deps.config, media));
  api.route('/admin/dashboard', adminDashboardApi(services));
  api.route('/admin/me', adminMeApi(services));
  api.route('/admin/users', adminUserAuthorApi(services));
  api.route('/admin/users', adminUsersApi(services));
  api.route('/admin/authors', adminAuthorChoicesApi(services));
  // Every role's own account (no family guard).
  api.route('/admin/account/author', adminAccountAuthorApi(services));
  api.route('/admin/account', adminAccountApi(services, callerOf));
  // Seen by every member of staff; removed by the owner alone (its service checks).
  api.route('/admin/demo-content', adminDemoContentApi(services, callerOf));
  api.route('/admin/settings/campaign-fetching', adminCampaignFetchingApi(services, callerOf));
  api.route('/admin/settings/analytics', adminAnalyticsSettingsApi(services, callerOf));
  api.route('/admin/settings', adminSettingsApi(services, callerOf));
  api.route('/admin/campaign-preview', adminCampaignPreviewApi(services));
  api.route('/admin/posts', adminCampaignRefreshApi(services));
  api.route('/admin/audit-log', adminAuditLogApi(services));
  api.route('/admin/analytics', adminAnalyticsApi(services));
  api.route('/admin/outbox', adminOutboxApi(services));
  api.route('/admin/cdn', adminCdnApi(services));
  api.route('/admin/webhooks', adminWebhooksApi(services));

  app.route('/api', api);
  // Uploaded images, ahead of the web app's files and pages.
  app.get('/uploads/*', serveUploads(media));
  // The images social networks show for a shared post or resource, and for the site.
  const socialCards = serveSocialCards({
    services,
    media,
    cache: deps.socialCardCache,
    db: deps.db,
    logger: deps.logger,
    renders: deps.rateLimits.socialCardRendersPerIp,
    clientIpOf: (c) => callerOf(c).clientIp,
  });
  // The counted redirects to campaigns, share forms and newsletter links (decision 067).
  app.route('/', clickRedirects(services, callerOf));
  app.get('/social-cards/:file', socialCards);
  app.get('/social-cards/:type/:file', socialCards);
  // Without a token /metrics does not exist: it is an unknown path like any other.
  if (metrics && metricsToken) app.all('/metrics', metricsEndpoint(metrics, metricsToken));

  // Unknown API paths fall through to the JSON 404 below, never to a page.
  const { serveStatic, renderPage } = options;
  if (serveStatic) {
    app.use('*', withRouteLabel(STATIC_ROUTE, (c, next) => (isApiPath(c) ? next() : serveStatic(c, next))));
  }
  if (renderPage) {
    // Reads and size-capped form posts only: the page actions read whole bodies.
    const guardPage = pageRequests();
    app.use('*', withRouteLabel(PAGE_ROUTE, (c, next) => (isApiPath(c) ? next() : guardPage(c, next))));
    app.all('*', withRouteLabel(PAGE_ROUTE, (c, next) => (isApiPath(c) ? next() : renderPage(c, next))));
  }

  // Hono only consults notFound on the top-level app.
  app.notFound((c) => {
    if (isApiPath(c)) return c.json(errorBody('NOT_FOUND', `No API endpoint at ${c.req.method} ${c.req.path}`), 404);
    return c.text('Not found', 404);
  });
  app.onError((error, c) => handleError(error, c, deps.logger));

  return app;
}

const isApiPath = (c: Context) => c.req.path === '/api' || c.req.path.startsWith('/api/');

async function noStore(c: Context, next: () => Promise<void>) {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
}


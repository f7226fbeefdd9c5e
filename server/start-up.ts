/**
 * How one app is put together, top to bottom: its dependencies (with the
 * memories each app keeps for itself), then its media storage, then its
 * services, then the kinds of background job it runs. The server
 * (server/runtime.ts), the HTTP app when none is handed in (server/app.ts)
 * and the tests all build an app here, so it is wired one way only.
 */
import { ChangeFeed } from './freshness/change-feed.ts';
import { ContentChanges } from './freshness/content-changes.ts';
import { SecuritySettingsCache } from './auth/security-settings.ts';
import type { AppDeps } from './deps.ts';
import { SocialCardCache } from './social-cards/card-cache.ts';
import { Jobs } from './jobs/jobs.ts';
import { createMailer } from './mail/mailer.ts';
import { createPaymentProvider } from './payments/create-provider.ts';
import { PageRenderCounts } from './page-render-counts.ts';
import { ProviderChecks } from './payments/provider-checks.ts';
import { createServices, type AppServices } from './services/index.ts';
import { SiteProfileCache } from './site-profile.ts';
import { MediaStorage } from './storage/media.ts';

/** What an app is built from; what each app keeps for itself is made in `buildDeps`. */
export type DepsInput = Omit<
  AppDeps,
  'payments' | 'mailer' | 'contentChanges' | 'siteProfileCache' | 'jobs' | 'providerChecks' | 'securitySettingsCache' | 'socialCardCache' | 'pageRenders' | 'changeFeed'
> &
  Partial<Pick<AppDeps, 'payments' | 'mailer'>>;

/**
 * An app's dependencies. The payment provider and the mailer follow the
 * configuration unless given; the caches and the job runner are new, so
 * two apps in one process never share what either remembers.
 */
export function buildDeps(input: DepsInput): AppDeps {
  const { db, engine, config, logger } = input;
  const contentChanges = new ContentChanges();
  // The one cached reader of the site profile, for pages and mails alike (decision 056).
  const siteProfileCache = new SiteProfileCache(db, contentChanges);
  return {
    ...input,
    payments: input.payments ?? createPaymentProvider(config, db),
    mailer: input.mailer ?? createMailer({ db, logger, config, siteProfile: siteProfileCache }),
    contentChanges,
    changeFeed: new ChangeFeed(db),
    siteProfileCache,
    jobs: new Jobs({ db, engine, logger }),
    providerChecks: new ProviderChecks(),
    securitySettingsCache: new SecuritySettingsCache(),
    socialCardCache: new SocialCardCache(),
    pageRenders: new PageRenderCounts(),
  };
}

/** The parts of one app built on its dependencies. */
export interface AppParts {
  /** Every domain service, once for the API, the pages and the background work. */
  services: AppServices;
}

/**
 * Builds an app's services on its dependencies and registers the kinds of
 * background job they run with its job runner. `storage` is the media
 * storage to use (tests hand in their own); by default it follows the
 * configuration.
 */
export function composeApp(deps: AppDeps, { storage = new MediaStorage(deps) }: { storage?: MediaStorage } = {}): AppParts {
  const { services, jobKinds } = createServices(deps, storage);
  for (const kind of jobKinds) deps.jobs.register(kind);
  return { services };
}

import type { PageRenderCounts } from './page-render-counts.ts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Staff } from './auth/caller.ts';
import type { AuditEntry } from './db/queries/audit-log.ts';
import type { Engine, PoolStats } from './db/database.ts';
import type { Database } from './db/schema.ts';
import type { ChangeFeed } from './freshness/change-feed.ts';
import type { ContentChanges } from './freshness/content-changes.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { FetchLimits } from './campaigns/safe-fetch.ts';
import type { VideoPosterSources } from './campaigns/video-poster.ts';
import type { RateLimitRule } from './db/queries/rate-limits.ts';
import type { Mailer } from './mail/mailer.ts';
import type { NewsletterSenderOptions } from './newsletter/sender.ts';
import type { PaymentProvider } from './payments/provider.ts';
import type { ProviderChecks } from './payments/provider-checks.ts';
import type { SecuritySettingsCache } from './auth/security-settings.ts';
import type { SocialCardCache } from './social-cards/card-cache.ts';
import type { SiteProfileCache } from './site-profile.ts';

/** The rate limits of the public API; tests may tighten or loosen them. */
export interface RateLimits {
  /** Every login attempt from one address. */
  loginPerIp: RateLimitRule;
  /**
   * Failed logins for one account from one address. Keyed by both so a
   * stranger guessing passwords never locks the real administrator out.
   */
  loginFailuresPerAccountAndIp: RateLimitRule;
  /**
   * Second-step codes (app or recovery) tried for one account from one
   * address. Counted apart from passwords, so knowing the password does not
   * reset the guessing of codes.
   */
  codeFailuresPerAccountAndIp: RateLimitRule;
  /**
   * Failed logins for one account from any address: past `afterFailures`
   * each attempt waits, doubling from `baseMs` up to `maxMs`. Delays, not a
   * lock-out, so guessing from many addresses slows down while the real
   * owner can still sign in.
   */
  loginSlowdown: { name: string; afterFailures: number; windowSeconds: number; baseMs: number; maxMs: number };
  contactPerIp: RateLimitRule;
  newsletterPerIp: RateLimitRule;
  sponsoredPerIp: RateLimitRule;
  /** Starting a checkout stores a submission and calls the payment provider. */
  checkoutPerIp: RateLimitRule;
  /** "Forgot your password?" requests from one address. */
  forgotPasswordPerIp: RateLimitRule;
  /**
   * Reset mails to one address: past it, requests still get the usual
   * answer but no mail, so the limit itself tells nothing about accounts.
   */
  forgotPasswordPerAddress: RateLimitRule;
  /** Opening and accepting staff invitation links from one address. */
  invitationPerIp: RateLimitRule;
  /** Social cards drawn (not yet in storage) for one address: drawing one costs 100-250 ms of CPU. */
  socialCardRendersPerIp: RateLimitRule;
  /** Every request to a creator's update link from one address, good token or not: guessing tokens stays slow. */
  campaignUpdatePerIp: RateLimitRule;
  /** Updates through one creator's link: the numbers move a few times a day, not a minute. */
  campaignUpdatePerLink: RateLimitRule;
  /** Page-view beacons from one address (its hash with the day's salt: the address is never stored). */
  beaconsPerIp: RateLimitRule;
  /** Counted clicks from one address (in memory, as the beacons): past it, the reader is still led on, uncounted. */
  clicksPerIp: RateLimitRule;
  /** Every request to a sponsor report link from one address, good token or not: guessing tokens stays slow. */
  sponsorReportPerIp: RateLimitRule;
  /** Follow requests from one address: a reader follows a few campaigns, not hundreds. */
  followPerIp: RateLimitRule;
  /**
   * Confirmation mails to one recipient for one campaign: past it, requests
   * get the usual answer but no mail, so the form cannot flood an inbox.
   */
  followMailsPerRecipient: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { name: 'login-ip', max: 30, windowSeconds: 15 * 60 },
  loginFailuresPerAccountAndIp: { name: 'login-fail', max: 5, windowSeconds: 15 * 60 },
  codeFailuresPerAccountAndIp: { name: 'login-code-fail', max: 5, windowSeconds: 15 * 60 },
  loginSlowdown: { name: 'login-slow', afterFailures: 10, windowSeconds: 60 * 60, baseMs: 1000, maxMs: 20_000 },
  contactPerIp: { name: 'contact-ip', max: 5, windowSeconds: 10 * 60 },
  newsletterPerIp: { name: 'newsletter-ip', max: 10, windowSeconds: 10 * 60 },
  sponsoredPerIp: { name: 'sponsored-ip', max: 10, windowSeconds: 10 * 60 },
  checkoutPerIp: { name: 'checkout-ip', max: 10, windowSeconds: 10 * 60 },
  forgotPasswordPerIp: { name: 'forgot-ip', max: 10, windowSeconds: 15 * 60 },
  forgotPasswordPerAddress: { name: 'forgot-address', max: 3, windowSeconds: 60 * 60 },
  invitationPerIp: { name: 'invitation-ip', max: 20, windowSeconds: 15 * 60 },
  socialCardRendersPerIp: { name: 'social-card-ip', max: 20, windowSeconds: 60 },
  campaignUpdatePerIp: { name: 'campaign-update-ip', max: 60, windowSeconds: 15 * 60 },
  campaignUpdatePerLink: { name: 'campaign-update-link', max: 20, windowSeconds: 60 * 60 },
  beaconsPerIp: { name: 'beacon-ip', max: 120, windowSeconds: 60 },
  clicksPerIp: { name: 'click-ip', max: 30, windowSeconds: 60 },
  sponsorReportPerIp: { name: 'sponsor-report-ip', max: 60, windowSeconds: 15 * 60 },
  followPerIp: { name: 'follow-ip', max: 20, windowSeconds: 10 * 60 },
  followMailsPerRecipient: { name: 'follow-mail', max: 1, windowSeconds: 60 * 60 },
};

/** Everything a route needs, handed in once when the app is built. */
export interface AppDeps {
  db: Kysely<Database>;
  engine: Engine;
  /** The PostgreSQL pool behind `db`, when there is one and it is known. */
  dbPool?: PoolStats;
  config: Config;
  logger: Logger;
  signingKey: Uint8Array;
  /**
   * TOTP_ENCRYPTION_KEY, or the key generated into DATA_DIR: two-factor
   * secrets and unsubscribe links are sealed with keys derived from it.
   */
  totpEncryptionKey: Uint8Array;
  rateLimits: RateLimits;
  /** Stripe, or the built-in test checkout when no Stripe key is set. */
  payments: PaymentProvider;
  mailer: Mailer;
  /** Announces content writes to this app's caches of public answers. */
  contentChanges: ContentChanges;
  /** The one reader of what every server wrote: the content fingerprint and the change feed. */
  changeFeed: ChangeFeed;
  /** The site profile (name, addresses, legal texts): the one cached reader, for pages and mails alike. */
  siteProfileCache: SiteProfileCache;
  /** Durable background work, run by whichever server claims it. */
  jobs: Jobs;
  /** When this app last asked the payment provider about each pending checkout. */
  providerChecks: ProviderChecks;
  /** This app's recent copy of the owner's security settings. */
  securitySettingsCache: SecuritySettingsCache;
  /** The social cards this app has drawn or read, kept in memory. */
  socialCardCache: SocialCardCache;
  /** Pages this app rendered in the background and let go of the store, for `/metrics`. */
  pageRenders: PageRenderCounts;
  /** Timings of the newsletter's sending (tests shorten them). */
  newsletterSenderOptions?: Partial<NewsletterSenderOptions>;
  /** Limits of reading campaign pages (tests shorten the timeout). */
  campaignFetchLimits?: Partial<FetchLimits>;
  /** Limits of sending webhooks (tests shorten the timeout). */
  webhookSendLimits?: Partial<{ timeoutMs: number; maxAnswerBytes: number }>;
  /** Where campaign video posters are read from (tests put a local stand-in there). */
  videoPosterSources?: VideoPosterSources;
}

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The signed-in member of staff, on `/api/admin/*` routes. */
    staff: Staff;
    /**
     * What a handler adds to the audit entry of its request (the entity, the
     * versions, a detail such as a role change); read after it answers.
     */
    audit?: Partial<Omit<AuditEntry, 'at'>>;
  };
}

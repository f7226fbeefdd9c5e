/**
 * Table types for Kysely, declared once. Row types used by the query modules
 * derive from these (`Selectable<PostTable>` and friends).
 * Timestamps are Unix seconds (SPEC.md section 9); money is in cents.
 */
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

import type { CampaignPlatform, CampaignState, FactsSource } from '../../common/campaign.ts';
import type { FollowMoment, FollowStatus } from '../../common/follow.ts';
import type { StaffRole } from '../../common/staff-roles.ts';
import type {
  AuditLogEntryJson,
  ContactMessageJson,
  ContactMessageStatus,
  ContentRecord,
  NewsletterIssueRecord,
  PaymentStatus,
  PostRecord,
  PublicationStatus,
  ResourceJson,
  SponsorEventKind,
  SponsoredSubmissionRecord,
  SponsoredSubmissionStatus,
  SubscriberLeftVia,
  SubscriberStatus,
} from '../../common/answers.ts';

export type { ContactMessageStatus, PaymentStatus, PublicationStatus, SponsoredSubmissionStatus };
/** Staff roles, and `member`: an account that may sign in but reaches nothing of the back office. */
export type UserRole = StaffRole | 'member';

export interface UserTable {
  id: Generated<number>;
  email: string;
  /** The name staff set when accepting their invitation ('' for accounts made at start). */
  name: ColumnType<string, string | undefined, string>;
  password_hash: string;
  role: UserRole;
  created_at: number;
  updated_at: number;
  /** Access tokens of the user with an `iat` below this (Unix seconds) are refused. */
  tokens_valid_after: ColumnType<number, number | undefined, number>;
  /** The TOTP secret (base32): set at enrolment, in use once `totp_enabled_at` is set. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The time step of the last code accepted; a code of that step or before is refused. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** The public author profile (migration 0032): `/author/{slug}`; null until the account has a name. */
  author_slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** Plain text, at most 300 characters ('' for none). */
  author_bio: ColumnType<string, string | undefined, string>;
  /** An upload's path, or null. */
  author_avatar: ColumnType<string | null, string | null | undefined, string | null>;
  /** Up to three https addresses, as a JSON list. */
  author_links: ColumnType<string, string | undefined, string>;
}

/** One sign-in: its refresh tokens carry its id as `family_id`, its access tokens as `sid`. */
export interface StaffSessionTable {
  id: string;
  user_id: number;
  created_at: number;
  last_used_at: number;
  ip_address: string;
  user_agent: string;
  revoked_at: number | null;
}

export interface StaffInvitationTable {
  id: Generated<number>;
  email: string;
  role: StaffRole;
  token_hash: string;
  invited_by: number | null;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** Entries are never updated, so they count no version; `detail` is stored as JSON text. */
export type AuditLogTable = Omit<AuditLogEntryJson, 'id' | 'detail'> & {
  id: Generated<number>;
  /** A short JSON object of what else matters (never a secret). */
  detail: string | null;
};

export interface SiteSettingTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: number;
  updated_by: number | null;
}

/** A rendered social card kept in storage (`cards/<version>.png`), and what it was drawn for. */
/** A post's campaign (migration 0023); its link is the post's `campaign_url`. */
export interface PostCampaignTable {
  post_id: number;
  platform: CampaignPlatform;
  currency: string;
  goal: number | null;
  pledged: number | null;
  backers: number | null;
  launched_at: number | null;
  ends_at: number | null;
  state: CampaignState;
  facts_updated_at: number;
  facts_source: FactsSource;
  update_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  update_token_expires_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The creator's link token sealed with the key of secrets at rest (decision 063), for staff to read the link again. */
  update_token_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  refresh_error: ColumnType<string | null, string | null | undefined, string | null>;
  refresh_error_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The creator's referral tag, appended as `ref=` to every outbound link of the campaign. */
  ref_tag: ColumnType<string | null, string | null | undefined, string | null>;
  // The basics (migration 0034, decision 094): null is not known.
  creator_name: ColumnType<string | null, string | null | undefined, string | null>;
  location: ColumnType<string | null, string | null | undefined, string | null>;
  /** Minor units of `currency`. */
  reward_from: ColumnType<number | null, number | null | undefined, number | null>;
  /** `YYYY-MM`. */
  delivery_estimate: ColumnType<string | null, string | null | undefined, string | null>;
  /** Canonical YouTube or Vimeo address (common/campaign-video.ts). */
  video_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The video's poster as stored here: an upload's path; null shows the placeholder. */
  video_poster: ColumnType<string | null, string | null | undefined, string | null>;
}

export type PostCampaignRow = Selectable<PostCampaignTable>;

/** A reader's address following a post's campaign (migration 0036, decision 097). */
export interface FollowTable {
  id: Generated<number>;
  post_id: number;
  email: string;
  status: FollowStatus;
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  confirm_sent_at: number | null;
  /** JSON array of the moments handled, sent or passed over. */
  moments_done: ColumnType<string, string | undefined, string>;
  created_at: number;
  confirmed_at: number | null;
  ended_at: number | null;
  ended_via: string | null;
}

export type FollowRow = Selectable<FollowTable>;

/** One alert mail to one address, recorded before it is sent. */
export interface FollowAlertTable {
  id: Generated<number>;
  email: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: number | null;
  next_attempt_at: number;
  error: string | null;
  created_at: number;
  sent_at: number | null;
}

/** The end a campaign's calendar event was last given, and its SEQUENCE. */
export interface CampaignCalendarEventTable {
  post_id: number;
  ends_at: number;
  sequence: number;
}

/** What an alert mail tells of: one moment of one follow. */
export interface FollowAlertMomentTable {
  alert_id: number;
  follow_id: number;
  post_id: number;
  moment: FollowMoment;
}

/** Pledged and backers of a campaign at one moment. */
export interface CampaignSnapshotTable {
  post_id: number;
  at: number;
  pledged: number | null;
  backers: number | null;
}

export interface SocialCardTable {
  version: string;
  /** `post:<id>`, `resource:<id>` or `site`. */
  subject: string;
  /** When a server last stored it. */
  stored_at: number;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  family_id: string;
  expires_at: number;
  created_at: number;
  rotated_at: number | null;
  revoked_at: number | null;
}

export interface CategoryTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  position: number;
}

/** A record of the API's answers as a table: the id generated, the version counted by the database. */
type AsTable<Row extends { id: number; version: number }> = Omit<Row, 'id' | 'version'> & {
  id: Generated<number>;
  version: ColumnType<number, number | undefined, number>;
};

/** The columns of both content tables (posts and resources). */
export type ContentColumns = AsTable<ContentRecord>;

/**
 * A content row's markdown body as sanitised HTML, stored when the row is
 * saved, and the key (hash of the source and the renderer) it was rendered
 * under; null for rows saved before, or whose body could not be rendered
 * (decision 033).
 */
export interface RenderedContentColumns {
  content_html: ColumnType<string | null, string | null | undefined, string | null>;
  content_html_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 1 for an item the seeder of a fresh install made, 0 for the owner's (decision 053). */
export interface DemoFlagColumn {
  demo: ColumnType<number, number | undefined, number>;
}

/** `sponsored` and `pinned` are stored as 0 or 1 on both engines. */
export type PostTable = Omit<AsTable<PostRecord>, 'sponsored' | 'sponsored_submission_id' | 'pinned' | 'review'> & {
  sponsored: ColumnType<number, number | undefined, number>;
  pinned: ColumnType<number, number | undefined, number>;
  sponsored_submission_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The member of staff who created it (its byline); null when unknown or since removed. */
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The member of staff its byline names (its creator unless an editor picked another); null: none. */
  author_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Its review as JSON text (common/review.ts); null: none. */
  review: ColumnType<string | null, string | null | undefined, string | null>;
} & RenderedContentColumns & DemoFlagColumn;

export interface PostCategoryTable {
  post_id: number;
  category_id: string;
}

export type ResourceTable = AsTable<ResourceJson> & RenderedContentColumns & DemoFlagColumn;

export type ContactSubmissionTable = AsTable<ContactMessageJson>;

export interface NewsletterSubscriberTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  subscribed_at: number;
  status: ColumnType<SubscriberStatus, SubscriberStatus | undefined, SubscriberStatus>;
  signup_path: string | null;
  consent_text: string | null;
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  confirm_sent_at: number | null;
  confirmed_at: number | null;
  /** SHA-256 (hex) of the token of a link mailed before links were sealed (migration 0016); null for later subscribers. */
  unsubscribe_token_hash: string | null;
  left_at: number | null;
  left_via: SubscriberLeftVia | null;
  /** Imported addresses: where their consent came from. */
  consent_source: string | null;
}

/** A newsletter issue; `post_ids` is a JSON array. */
export type NewsletterIssueTable = Omit<AsTable<NewsletterIssueRecord>, 'post_ids' | 'left_out' | 'reached_nobody_at'> & {
  post_ids: string;
  /** JSON of NewsletterLeftOutPost[]. */
  left_out: ColumnType<string, string | undefined, string>;
  reached_nobody_at: ColumnType<number | null, number | null | undefined, number | null>;
};

/**
 * One recipient of one issue, frozen when sending starts. `sending` rows are
 * claimed by a worker until `locked_until`; `skipped`: the subscriber had
 * left before its turn came.
 */
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'cancelled';

export interface NewsletterDeliveryTable {
  id: Generated<number>;
  issue_id: number;
  subscriber_id: number;
  status: DeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: number;
  first_attempt_at: number | null;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  sent_at: number | null;
}

/** A preview link of a post or resource; only its token's hash is kept. */
export interface PreviewLinkTable {
  id: Generated<number>;
  token_hash: string;
  content_type: ContentType;
  content_id: number;
  created_by: number | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** A one-way hash of each erased address: an import cannot add it back. */
export interface NewsletterErasureTable {
  email_hash: string;
  erased_at: number;
}

export type SponsoredSubmissionTable = AsTable<SponsoredSubmissionRecord> & {
  /** The sponsor's report link (`/sponsor-report/{token}`): the hash its token is found by, null until issued or once revoked. */
  report_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The same token sealed with the key of secrets at rest, for staff to read the link again. */
  report_token_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  report_issued_at: ColumnType<number | null, number | null | undefined, number | null>;
};

/** One event of a sponsored submission's timeline (common/answers.ts SponsorEventKind). */
export interface SponsoredSubmissionEventTable {
  id: Generated<number>;
  submission_id: number;
  kind: SponsorEventKind;
  created_at: number;
  created_by: number | null;
  to_address: string | null;
  outbox_id: number | null;
  detail: string | null;
  dedupe_key: string | null;
}

export interface PaymentTransactionTable {
  id: Generated<number>;
  submission_id: number;
  provider: string;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  completed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface PaymentEventTable {
  provider: string;
  event_id: string;
  event_type: string;
  payment_id: number | null;
  processed_at: number;
}

export type LocalCheckoutSessionStatus = 'open' | 'complete' | 'expired';

export interface LocalCheckoutSessionTable {
  id: string;
  payment_id: number;
  amount_cents: number;
  currency: string;
  product_name: string;
  customer_email: string;
  status: LocalCheckoutSessionStatus;
  payment_status: 'paid' | 'unpaid';
  payment_intent_id: string | null;
  success_url: string;
  cancel_url: string;
  created_at: number;
  updated_at: number;
}

/** `stored`: no SMTP server is configured, the mail is only kept here. */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'stored';

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  status: OutboxStatus;
  error: string | null;
  created_at: number;
  sent_at: number | null;
  /** The HTML version, for a mail that has one (a newsletter kept without a mail server). */
  html_body: string | null;
  /**
   * The links that work as keys (reset, invitation, confirmation, a sponsor's
   * private links), one a line, until they are cut out of the bodies
   * (decisions 049 and 088).
   */
  secret_link: string | null;
  /** When `secret_link` must go at the latest if the mail is not sent: when its links stop working. */
  redact_after: number | null;
  redacted_at: number | null;
}

/** An earlier slug of a published post or resource; its address answers 301. */
export interface SlugHistoryTable {
  old_slug: string;
  content_type: ContentType;
  content_id: number;
  created_at: number;
}

/** An author page's earlier slug and the account that held it (decision 101). */
export interface AuthorSlugHistoryTable {
  old_slug: string;
  user_id: number;
  created_at: number;
}

/** The address each post and resource holds; its key refuses a slug used by the other kind. */
export interface ContentSlugTable {
  slug: string;
  content_type: ContentType;
  content_id: number;
}

/** An earlier state of a post or resource (content_revisions); `snapshot` is JSON of its revision fields. */
export interface ContentRevisionTable {
  id: Generated<number>;
  content_type: ContentType;
  content_id: number;
  version: number;
  snapshot: string;
  saved_by: number | null;
  saved_at: number;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/** Durable background work (server/jobs). */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  /** JSON. */
  payload: string;
  dedupe_key: string | null;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** pending: upload address handed out; ready: stored and checked; rejected: the stored bytes failed the checks. */
export type MediaState = 'pending' | 'ready' | 'rejected';

export interface MediaTable {
  id: Generated<number>;
  s3_key: string;
  content_type: string;
  file_size: number | null;
  original_name: string;
  uploaded_by: number | null;
  state: MediaState;
  variant_widths: string | null;
  created_at: number;
  updated_at: number;
}

/** One random salt per UTC day (`YYYY-MM-DD`), shared by every server; deleted after 48 hours. */
export interface AnalyticsSaltTable {
  day: string;
  salt: string;
  created_at: number;
}

/**
 * A visitor hash seen on a day: site-wide (`path` '') and per page, so each
 * counts once a day across servers. Deleted with the day's salt.
 */
export interface AnalyticsVisitorTable {
  day: string;
  visitor: string;
  path: string;
}

/** The latest beacon of a visitor hash, for "visitors now" (the last 5 minutes). */
export interface AnalyticsPresenceTable {
  visitor: string;
  seen_at: number;
}

/**
 * The dimensions of the daily roll-ups, and what `value` holds for each:
 * `site` '' (every public page), `page` the path, `source` the referring
 * host or `utm_source` (views = visits arriving from it), `campaign` the
 * JSON array `[utm_source, utm_medium, utm_campaign]`, `country` an ISO
 * 3166 code from the browser's time zone ('' when unknown), `device`
 * desktop | mobile | tablet, `browser` and `os` their family, and
 * `page_source` the path and the source joined by a newline (a page's own
 * sources, for its panel and the sponsor report).
 */
export type AnalyticsDimension = 'site' | 'page' | 'source' | 'campaign' | 'country' | 'device' | 'browser' | 'os' | 'page_source';

/** Views and visitors of one value of one dimension on one UTC day: the only audience numbers kept long-term. */
export interface AnalyticsDailyTable {
  dimension: AnalyticsDimension;
  day: string;
  value: string;
  views: ColumnType<number, number | undefined, number>;
  visitors: ColumnType<number, number | undefined, number>;
}

/**
 * The daily roll-ups added up per UTC month (`month` is `YYYY-MM`), written
 * with them; what the reports read for whole months (decision 071).
 */
export interface AnalyticsMonthlyTable {
  dimension: AnalyticsDimension;
  month: string;
  value: string;
  views: ColumnType<number, number | undefined, number>;
  visitors: ColumnType<number, number | undefined, number>;
}

/**
 * What a counted click was: `outbound` a click to a post's campaign
 * (`subject_id` the post, `target` how: `page` or `go`), `share` a share
 * button (the post, the network), `newsletter` a link of an issue (the
 * issue, the link number).
 */
export type ClickKind = 'outbound' | 'share' | 'newsletter';

/** Clicks of one subject on one UTC day, with nothing per person. */
export interface AnalyticsClickTable {
  kind: ClickKind;
  subject_id: number;
  day: string;
  target: string;
  clicks: ColumnType<number, number | undefined, number>;
}

/** A link of a sent newsletter issue, behind `/n/{issue}/{link}`; kept after the issue is deleted. */
export interface NewsletterLinkTable {
  issue_id: number;
  link_no: number;
  url: string;
  /** The post the link leads to (its page or its campaign), for the sponsor report. */
  post_id: number | null;
}

export interface RateLimitTable {
  key: string;
  window_start: number;
  count: number;
}

export interface Database {
  users: UserTable;
  refresh_tokens: RefreshTokenTable;
  categories: CategoryTable;
  posts: PostTable;
  post_categories: PostCategoryTable;
  resources: ResourceTable;
  contact_submissions: ContactSubmissionTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  sponsored_submissions: SponsoredSubmissionTable;
  sponsored_submission_events: SponsoredSubmissionEventTable;
  payment_transactions: PaymentTransactionTable;
  rate_limits: RateLimitTable;
  media: MediaTable;
  slug_history: SlugHistoryTable;
  author_slug_history: AuthorSlugHistoryTable;
  content_slugs: ContentSlugTable;
  content_revisions: ContentRevisionTable;
  jobs: JobTable;
  payment_events: PaymentEventTable;
  local_checkout_sessions: LocalCheckoutSessionTable;
  outbox: OutboxTable;
  newsletter_issues: NewsletterIssueTable;
  newsletter_deliveries: NewsletterDeliveryTable;
  newsletter_erasures: NewsletterErasureTable;
  preview_links: PreviewLinkTable;
  staff_sessions: StaffSessionTable;
  staff_invitations: StaffInvitationTable;
  password_resets: PasswordResetTable;
  recovery_codes: RecoveryCodeTable;
  audit_log: AuditLogTable;
  site_settings: SiteSettingTable;
  social_cards: SocialCardTable;
  post_campaigns: PostCampaignTable;
  follows: FollowTable;
  follow_alerts: FollowAlertTable;
  follow_alert_moments: FollowAlertMomentTable;
  campaign_calendar_events: CampaignCalendarEventTable;
  campaign_snapshots: CampaignSnapshotTable;
  analytics_salts: AnalyticsSaltTable;
  analytics_visitors: AnalyticsVisitorTable;
  analytics_presence: AnalyticsPresenceTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_monthly: AnalyticsMonthlyTable;
  analytics_clicks: AnalyticsClickTable;
  newsletter_links: NewsletterLinkTable;
  content_change_feed: ContentChangeFeedTable;
  rendered_pages: RenderedPageTable;
  rendered_page_state: RenderedPageStateTable;
  rendered_page_sources: RenderedPageSourceTable;
  page_source_versions: PageSourceVersionTable;
  cdn_purges: CdnPurgeTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_clock_events: WebhookClockEventTable;
}

/** One attempt to purge at the configured CDN (decision 098). */
export interface CdnPurgeTable {
  id: Generated<number>;
  cdn: string;
  /** A JSON array of cache tags; null for everything. */
  tags: string | null;
  reason: 'write' | 'clock' | 'everything';
  status: 'sent' | 'failed';
  attempt: number;
  /** 1 when a failed attempt is tried again. */
  retried: Generated<number>;
  error: string | null;
  at: number;
}

/** An owner's webhook receiver (decision 100). */
export interface WebhookEndpointTable {
  id: Generated<number>;
  url: string;
  /** A JSON array of event types. */
  events: string;
  /** 0 or 1, as every flag. */
  include_email: ColumnType<number, number | undefined, number>;
  /** `whsec_…`, sealed (server/auth/sealing.ts) and bound to the endpoint's id. */
  secret_sealed: string;
  enabled: ColumnType<number, number | undefined, number>;
  disabled_reason: string | null;
  failing_since: number | null;
  sending_delivery: number | null;
  sending_until: number | null;
  created_at: number;
  updated_at: number;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint, and what became of it. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  message_id: string;
  event_type: string;
  body: string;
  status: WebhookDeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  created_at: number;
}

/** One post or resource write and the sources of public pages it touched (decision 070). */
export interface ContentChangeFeedTable {
  id: Generated<number>;
  /** A JSON array of sources; null when it may touch anything. */
  sources: string | null;
  changed_at: number;
}

/** A rendered public page kept for every server and past restarts (decision 073). */
export interface RenderedPageTable {
  /** The page's path (no query string). */
  path: string;
  /** The web build that rendered it: another build's pages are not used. */
  build: string;
  /** The settings part of the content fingerprint when it was rendered. */
  rest: string;
  /** The write sequence read before it was rendered. */
  seq: number;
  /** A JSON array of the sources it shows; null when it may show anything. */
  sources: string | null;
  status: number;
  /** A JSON array of [name, value] pairs; the Content-Security-Policy is the render's (its nonce is replaced per answer; its frame-src is kept). */
  headers: string;
  body: Buffer;
  /** The script nonce the body was rendered with, replaced on every answer; null for a page without one. */
  nonce: string | null;
  /** Epoch milliseconds. */
  rendered_at: number;
  /** Epoch milliseconds: its own expiry, the next scheduled publication, or a day, whichever comes first. */
  valid_until: number;
  /** The body's size: what counts against the store's bound. */
  bytes: number;
  /** Epoch milliseconds: when a reader last asked for it (or it was first kept); the least recently read go first. */
  read_at: number;
}

/** One source a kept page shows (its `sources`, one row each), for finding the out-of-date pages in the database. */
export interface RenderedPageSourceTable {
  path: string;
  source: string;
}

/** One row (id 1): the sequence every content write moves on. */
export interface RenderedPageStateTable {
  id: number;
  seq: number;
}

/** The sequence of the last write that touched a source; `*` is moved by writes that may touch anything. */
export interface PageSourceVersionTable {
  source: string;
  seq: number;
}

/** The database or a transaction: query functions take either, so callers choose the transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

/** The two kinds of content, and the table of each. */
export type ContentType = 'post' | 'resource';
export type ContentTable = 'posts' | 'resources';
export const CONTENT_TABLES = { post: 'posts', resource: 'resources' } as const satisfies Record<ContentType, ContentTable>;

export type UserRow = Selectable<UserTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
export type CategoryRow = Selectable<CategoryTable>;
export type PostRow = Selectable<PostTable>;
export type NewPostRow = Insertable<PostTable>;
export type PostRowUpdate = Updateable<PostTable>;
export type ResourceRow = Selectable<ResourceTable>;
export type NewResourceRow = Insertable<ResourceTable>;
export type ContactSubmissionRow = Selectable<ContactSubmissionTable>;
export type NewsletterSubscriberRow = Selectable<NewsletterSubscriberTable>;
export type NewsletterIssueRow = Selectable<NewsletterIssueTable>;
export type NewsletterDeliveryRow = Selectable<NewsletterDeliveryTable>;
export type SponsoredSubmissionRow = Selectable<SponsoredSubmissionTable>;
export type PaymentTransactionRow = Selectable<PaymentTransactionTable>;
export type LocalCheckoutSessionRow = Selectable<LocalCheckoutSessionTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type MediaRow = Selectable<MediaTable>;
export type JobRow = Selectable<JobTable>;
export type ContentRevisionRow = Selectable<ContentRevisionTable>;
export type StaffSessionRow = Selectable<StaffSessionTable>;
export type StaffInvitationRow = Selectable<StaffInvitationTable>;
export type PasswordResetRow = Selectable<PasswordResetTable>;
export type RecoveryCodeRow = Selectable<RecoveryCodeTable>;
export type AuditLogRow = Selectable<AuditLogTable>;

/** A post's going live or its campaign's end, told once (decision 100). */
export interface WebhookClockEventTable {
  event: 'post.published' | 'campaign.ended';
  post_id: number;
  told_at: number;
}

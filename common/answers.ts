/**
 * The shapes of the API's answers (SPEC.md sections 3 and 7), shared by the
 * server that builds them and the back office and tests that read them.
 * Timestamps are Unix seconds unless a field says otherwise.
 */
import type { CampaignFacts, CampaignJson } from './campaign.ts';
import type { ReviewJson } from './review.ts';
import type { Permission, StaffRole } from './staff-roles.ts';

export type PublicationStatus = 'draft' | 'published';
export type ContactMessageStatus = 'new' | 'read';
export type SponsoredSubmissionStatus = 'new' | 'approved' | 'rejected';
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'expired' | 'refunded';
/** pending: waiting for its address to be confirmed; bounced: the mail server refused it for good. */
export type SubscriberStatus = 'pending' | 'active' | 'unsubscribed' | 'bounced';
/** How a subscriber left: the link in a mail, the mail client's one-click button, or an administrator. */
export type SubscriberLeftVia = 'link' | 'one-click' | 'admin';

export interface CategoryJson {
  id: string;
  slug: string;
  name: string;
  description: string;
}

export interface PostCategoryJson {
  category_id: string;
  category: { id: string; slug: string; name: string };
}

/** What posts and resources both are. */
export interface ContentRecord {
  id: number;
  slug: string;
  title: string;
  excerpt: string | null;
  /** Markdown. */
  content: string;
  cover_image: string | null;
  read_time: number | null;
  status: PublicationStatus;
  published_at: number | null;
  created_at: number;
  updated_at: number;
  version: number;
}

export interface PostRecord extends ContentRecord {
  campaign_url: string | null;
  /** Paid for: labelled 'Sponsored' wherever it appears, its campaign links marked as paid. */
  sponsored: boolean;
  /** The sponsored submission it was drafted from; such a post is always sponsored. */
  sponsored_submission_id: number | null;
  /** Put by an editor on the home page's lead tile (the newest pinned post leads); sponsored or not. */
  pinned: boolean;
  /** What the site thinks of the campaign; null without one, and always on a sponsored post (decision 093). */
  review: ReviewJson | null;
}

/**
 * Who a post's byline names: the member of staff who is its author, by the
 * name they set on their account (never their address), with their author
 * page (`url`, a path on this site: `/author/{slug}`) and avatar (an
 * upload's path, or null).
 */
export interface PostAuthorJson {
  name: string;
  slug: string;
  url: string;
  avatar: string | null;
}

/** What a reader sees of an author: their byline's fields, their bio and their links. */
export interface AuthorJson extends PostAuthorJson {
  /** Plain text, at most 300 characters ('' for none). */
  bio: string;
  /** Up to three https addresses. */
  links: string[];
}

/** `GET /api/authors/{slug}`: the profile and one page of its live posts, newest first. */
export interface AuthorPageJson {
  author: AuthorJson;
  posts: PostSummaryJson[];
  next_token: string | null;
}

/**
 * A member of staff's author profile as the back office edits it (Account,
 * the staff screen): `slug` null until they set a name or a slug.
 */
export interface AuthorProfileJson {
  user_id: number;
  name: string;
  slug: string | null;
  /** The author page's path, null without a slug. */
  url: string | null;
  bio: string;
  avatar: string | null;
  links: string[];
}

/**
 * One member of staff the post editor's Author picker offers: their name
 * ('' for none), never their address (editors may not read the staff list).
 */
export interface AuthorChoiceJson {
  id: number;
  name: string;
}

export interface PostSummaryJson extends Omit<PostRecord, 'content'> {
  /** The member of staff the post names as its author (its creator unless an editor picked another); null: none. */
  author_id: number | null;
  /** Null when its author set no name, is unknown, or was removed: the post then shows no byline. */
  author: PostAuthorJson | null;
  category_ids: string[];
  post_categories: PostCategoryJson[];
  /** Its crowdfunding campaign, with what the clock makes of the facts at the answer's moment; null when it has none. */
  campaign: CampaignJson | null;
}

export interface PostJson extends PostSummaryJson {
  content: string;
}

export interface PostPage {
  posts: PostSummaryJson[];
  next_token: string | null;
}

export interface ResourceJson extends ContentRecord {
  category_id: string | null;
}

export type ResourceSummaryJson = Omit<ResourceJson, 'content'>;

export interface ResourcePage {
  resources: ResourceSummaryJson[];
  next_token: string | null;
}

export interface ContactMessageJson {
  id: number;
  name: string;
  email: string;
  message: string;
  status: ContactMessageStatus;
  created_at: number;
  updated_at: number;
  version: number;
}

export interface SubscriberJson {
  id: number;
  email: string;
  /** SPEC.md section 3 gives this one as a date-time. */
  subscribed_at: string;
  status: SubscriberStatus;
  /** When the address was confirmed, as a date-time; null while pending (or from before confirmation). */
  confirmed_at: string | null;
  /** The consent record: the page of the signup, the text shown, or (imported) where consent came from. */
  signup_path: string | null;
  consent_text: string | null;
  consent_source: string | null;
  /** When and how it left the list, as a date-time; null while on it. */
  left_at: string | null;
  left_via: SubscriberLeftVia | null;
}

/** How many subscribers each status has (the back office's tabs). */
export type SubscriberCounts = Record<SubscriberStatus, number>;

export interface PaymentTransactionJson {
  id: number;
  provider: string;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  /** The payment provider's checkout session identifier. */
  provider_session_id: string | null;
  provider_payment_id: string | null;
  completed_at: number | null;
  created_at: number;
}

/** A sponsored submission as stored. */
export interface SponsoredSubmissionRecord {
  id: number;
  project_name: string;
  project_url: string;
  contact_name: string;
  contact_email: string;
  description: string | null;
  press_kit_url: string | null;
  budget_range: string | null;
  /** What the sponsor said of their campaign, carried into the drafted post's campaign: the goal in minor units of `campaign_currency`. */
  campaign_goal: number | null;
  campaign_currency: string | null;
  /** Unix seconds. */
  campaign_ends_at: number | null;
  status: SponsoredSubmissionStatus;
  payment_status: PaymentStatus | null;
  terms_accepted_at: number;
  created_at: number;
  updated_at: number;
  version: number;
}

/** Where a paid submission's article stands, as the back office follows it to the reader. */
export interface SubmissionProgressJson {
  /** The post drafted from it, once there is one. */
  post: Pick<PostRecord, 'id' | 'slug' | 'title' | 'status' | 'published_at'> | null;
  /** The sent newsletter issues that carried that post: the proof of the paid inclusion. */
  newsletter_issues: Pick<NewsletterIssueRecord, 'slug' | 'subject' | 'sent_at'>[];
}

export interface SponsoredSubmissionJson extends SponsoredSubmissionRecord {
  paid_amount: number | null;
  paid_currency: string | null;
  payment_transaction_id: string | null;
  payment_transaction: PaymentTransactionJson | null;
}

/** What happened to a sponsored submission, as its timeline shows it: changes, and each mail to the sponsor. */
export type SponsorEventKind =
  | 'payment_mail'
  | 'approved'
  | 'rejected'
  | 'approval_mail'
  | 'draft_created'
  | 'preview_mail'
  | 'scheduled_mail'
  | 'live_mail'
  | 'campaign_link_mail'
  | 'report_link_mail'
  | 'report_summary_mail';

/** How a kept mail stands: `stored` is kept in the outbox because no mail server is set up. */
export type MailDeliveryStatus = 'pending' | 'sent' | 'failed' | 'stored';

/** One entry of a sponsored submission's timeline, oldest first. */
export interface SponsorEventJson {
  id: number;
  kind: SponsorEventKind;
  created_at: number;
  /** The member of staff who did it; null when the site did (a payment, a scheduled post going live). */
  by: string | null;
  /** A mail: to whom, its outbox entry and how its delivery went (null once the entry is gone). */
  mail: { to: string; outbox_id: number | null; status: MailDeliveryStatus | null } | null;
  /**
   * scheduled_mail: the publication time (Unix seconds); live_mail: the post's address; preview_mail and campaign_link_mail: when
   * the link expires; approval_mail: PREVIEW_PROMISED when it promised a preview.
   */
  detail: string | null;
}

/** The detail of an approval mail that promised the sponsor a preview before the post goes live. */
export const PREVIEW_PROMISED = 'preview_promised';

/** A submission as its details panel shows it: with its article's progress and its timeline. */
export interface SponsoredSubmissionDetailsJson extends SponsoredSubmissionJson, SubmissionProgressJson {
  timeline: SponsorEventJson[];
  /** The sponsor's private report link (decision 068); null before the post exists or once revoked. */
  report_url: string | null;
  /** Why the link in use cannot be shown (sealed with another key; it still works); null when it can or there is none. */
  report_url_problem: string | null;
}

/** "Send a preview link": the link made (to copy) and the mail sent with it. */
export interface SponsorPreviewJson {
  url: string;
  expires_at: number;
  event: SponsorEventJson;
  /** Where the mail went, with the link to pass on when it did not leave (decision 048). */
  mail: MailDeliveryJson;
}

/**
 * The tabs of the back office's sponsored queue: new and paid (to review),
 * approved, rejected, and new without a completed payment (unpaid or
 * abandoned checkouts).
 */
export type SponsoredQueueTab = 'to_review' | 'approved' | 'rejected' | 'unpaid';

/** How many sponsored submissions each status has, and each tab of the queue. */
export interface SponsoredSubmissionCounts extends Record<SponsoredSubmissionStatus, number> {
  queue: Record<SponsoredQueueTab, number>;
}

/** Where an issue stands: composed, waiting for its time, going out, done, or stopped. */
export type NewsletterIssueStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

/** A newsletter issue as stored; times are unix seconds. */
export interface NewsletterIssueRecord {
  id: number;
  /** The address of its web version, `/newsletter/{slug}`. */
  slug: string;
  subject: string;
  preheader: string;
  intro: string;
  closing: string;
  /** The chosen posts, in the order the issue shows them. */
  post_ids: number[];
  status: NewsletterIssueStatus;
  scheduled_at: number | null;
  started_at: number | null;
  sent_at: number | null;
  created_at: number;
  updated_at: number;
  version: number;
  /** The chosen posts that were not live when the sending started: neither the mail nor the web version carries them. */
  left_out: NewsletterLeftOutPost[];
  /** When a sending found nobody to take the issue and it went back to draft; null otherwise. */
  reached_nobody_at: number | null;
}

/** A post an issue left out, with its title as it was then. */
export interface NewsletterLeftOutPost {
  id: number;
  title: string;
}

/** An issue with the progress of its sending (all zero until it starts). */
export interface NewsletterIssueJson extends NewsletterIssueRecord {
  recipients: number;
  /** Delivered: taken by the mail server. */
  sent: number;
  failed: number;
  pending: number;
  /** One issue's answer only (GET /api/admin/newsletters/{id}): each link of its mail as sent, and how often it was followed. */
  links?: NewsletterIssueLinkJson[];
}

/** A link of a sent issue behind `/n/{issue}/{link}`: where it leads and its clicks, every day added up. */
export interface NewsletterIssueLinkJson {
  link_no: number;
  url: string;
  clicks: number;
}

/** The e-mail an issue makes, as the composer previews it. */
export interface NewsletterPreviewJson {
  subject: string;
  html: string;
  text: string;
  /** Titles of the chosen posts that are not live now, and so not in the mail. */
  left_out: string[];
}

/** Who a "Send now" would reach, and how the mails would leave. */
export interface NewsletterAudienceJson {
  active_subscribers: number;
  /** `outbox`: no mail server is set up (no SMTP_URL), mails are only kept. */
  delivery: 'smtp' | 'outbox';
}

/**
 * The editable fields of a post or resource as one save found them: what a
 * revision keeps and a restore saves again. Posts have `campaign_url`,
 * `sponsored` and `category_ids`; resources `category_id`.
 */
export interface RevisionFields {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  cover_image: string | null;
  read_time: number | null;
  status: PublicationStatus;
  published_at: number | null;
  campaign_url?: string | null;
  /** A post's campaign facts as the editor saves them (revisions from before campaigns have none). */
  campaign?: Omit<CampaignFacts, 'url' | 'facts_updated_at' | 'facts_source'> | null;
  sponsored?: boolean;
  /** A post's review (revisions from before reviews have none: a restore keeps the current one). */
  review?: ReviewJson | null;
  category_ids?: string[];
  category_id?: string | null;
}

/**
 * One kept earlier state of a post or resource, as the revisions list shows
 * it: the version it was, and the save that replaced it (when, by whom;
 * null when that account is gone).
 */
export interface ContentRevisionSummaryJson {
  id: number;
  version: number;
  saved_at: number;
  saved_by_email: string | null;
  title: string;
  status: PublicationStatus;
}

export interface ContentRevisionListJson {
  /** Newest first. */
  revisions: ContentRevisionSummaryJson[];
}

/** One revision whole: its metadata and its fields. */
export interface ContentRevisionJson extends ContentRevisionSummaryJson {
  content_type: 'post' | 'resource';
  content_id: number;
  saved_by: number | null;
  fields: RevisionFields;
}

/**
 * One result of the site search (GET /api/search): a live post or resource.
 * `snippet` is escaped text whose matched words are wrapped in
 * `<mark>…</mark>`, the only markup it holds (common/search.ts).
 */
export interface SearchResultJson {
  type: 'post' | 'resource';
  slug: string;
  title: string;
  excerpt: string | null;
  snippet: string;
  published_at: number;
  /** A paid post, to be labelled wherever it appears; always false for resources. */
  sponsored: boolean;
}

/** A page of search results, best match first; `next_token` is null on the last page. */
export interface SearchPage {
  results: SearchResultJson[];
  next_token: string | null;
}

/** GET /api/admin/me: the signed-in member of staff and what their role may do. */
export interface StaffMeJson {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  permissions: Permission[];
  totp_enabled: boolean;
  /** The owner requires two-factor sign-in of all staff. */
  totp_required: boolean;
  /** The site's name as the owner saved it, for the back office's titles. */
  site_name: string;
}

/** One entry of the audit log (GET /api/admin/audit-log); times are Unix seconds. */
export interface AuditLogEntryJson {
  id: number;
  created_at: number;
  user_id: number | null;
  user_email: string | null;
  ip_address: string | null;
  /** `entity.verb` (`post.update`), or `METHOD /path` for a route without a name. */
  action: string;
  entity: string | null;
  entity_id: string | null;
  version_before: number | null;
  version_after: number | null;
  detail: Record<string, unknown> | null;
}

/** A page of the audit log, newest first; `next_token` is null on the last page. */
export interface AuditLogPage {
  entries: AuditLogEntryJson[];
  next_token: string | null;
}

/** Views and visitors of one row of the audience numbers screen (a day, a page, a country, a device…). */
export interface AnalyticsCountJson {
  views: number;
  visitors: number;
}

/**
 * GET /admin/analytics: the audience numbers of a range of UTC days, read
 * from the daily roll-ups. Visitors are counted per day, so a total over
 * several days adds daily visitors. Lists are largest first.
 */
export interface AnalyticsReportJson {
  totals: AnalyticsCountJson;
  /** Every day of the range, in order, zeros included. */
  days: (AnalyticsCountJson & { date: string })[];
  pages: (AnalyticsCountJson & { path: string })[];
  /** Visits arriving from each referring host or `utm_source`. */
  sources: { source: string; visits: number }[];
  campaigns: { utm_source: string; utm_medium: string; utm_campaign: string; visits: number }[];
  /** Approximate: read from the browser's time zone; '' when unknown. */
  countries: (AnalyticsCountJson & { country: string })[];
  devices: (AnalyticsCountJson & { device: string })[];
  browsers: (AnalyticsCountJson & { browser: string })[];
  os: (AnalyticsCountJson & { os: string })[];
  /** Clicks to each post's campaign, by the post's current slug. */
  outbound: { post_slug: string; clicks: number }[];
}

/** GET /admin/analytics/now: distinct visitors seen in the last 5 minutes. */
export interface AnalyticsNowJson {
  visitors: number;
  /** Today on the site's calendar (`YYYY-MM-DD`), the day views are counted on now (decision 085). */
  today: string;
}

/** The owner's security settings (GET/PUT /api/admin/settings/security). */
export interface SecuritySettingsJson {
  /** Every member of staff must sign in with a two-factor code. */
  require_totp: boolean;
}

/** Whether campaign pages are read from their platforms (GET/PUT /api/admin/settings/campaign-fetching); off until the owner turns it on. */
export interface CampaignFetchingSettingsJson {
  enabled: boolean;
}

/** Whether page views and clicks are counted (GET/PUT /api/admin/settings/analytics); on until the owner turns it off. */
export interface AnalyticsSettingsJson {
  enabled: boolean;
}

/** What a campaign page gives for sharing (POST /api/admin/campaign-preview): its Open Graph title, image and description. */
export interface CampaignPreviewJson {
  title: string | null;
  /** An absolute http(s) URL. */
  image: string | null;
  description: string | null;
  /** The campaign's basics the page names (decision 094): the editor fills the empty ones. */
  creator_name: string | null;
  location: string | null;
  /** A YouTube or Vimeo video, in its canonical form. */
  video_url: string | null;
  /** The lowest price the page gives, in major units ("89.00") and its currency. */
  reward_from: { amount: string; currency: string } | null;
}

/** A refresh asked for (POST /api/admin/posts/{id}/campaign/refresh): false when one is already running. */
export interface CampaignRefreshJson {
  queued: boolean;
}

/** A new two-factor secret, waiting for a first code to confirm it. */
export interface TotpSetupJson {
  /** Base32, for typing into an authenticator app. */
  secret: string;
  otpauth_url: string;
  /** The otpauth URL as a QR code (SVG markup). */
  qr_svg: string;
}

/** Single-use codes for signing in without the authenticator app, shown once. */
export interface RecoveryCodesJson {
  recovery_codes: string[];
}

/** The password was right; a two-factor code must follow (POST /api/auth/login/totp). */
export interface MfaChallengeJson {
  mfa_required: true;
  mfa_token: string;
}

/**
 * A member of staff's own name and address after a change
 * (PUT /api/admin/account/profile). `email_change` says what became of a new
 * address: `confirmation_sent` (a link went to `pending_email`; `email` is
 * unchanged until it is opened), `changed` (at once: no mail server is set
 * up, so no link could reach it) or `unchanged`.
 */
export interface AccountProfileJson {
  name: string;
  email: string;
  email_change: 'unchanged' | 'changed' | 'confirmation_sent';
  pending_email: string | null;
}

/** The demo content still there (GET /api/admin/demo-content): the back office marks it and the owner may remove it. */
export interface DemoContentJson {
  posts: { id: number; title: string }[];
  resources: { id: number; title: string }[];
}

/** One of the signed-in member of staff's active sessions. */
export interface StaffSessionJson {
  id: string;
  created_at: number;
  last_used_at: number;
  ip_address: string | null;
  /** The browser and system, as named from its user agent ("Chrome 131 on macOS"). */
  device: string;
  /** The session making this call. */
  current: boolean;
}

/** A member of staff as the owner's Staff screen lists them (GET /api/admin/users). */
export interface StaffUserJson {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  created_at: number;
  totp_enabled: boolean;
  /** The latest use of any of their sessions; null when they never signed in. */
  last_active_at: number | null;
}

/** An invitation not yet accepted, revoked or expired. */
export interface StaffInvitationJson {
  id: number;
  email: string;
  role: StaffRole;
  created_at: number;
  expires_at: number;
  /** Null once the inviting account is removed. */
  invited_by_email: string | null;
}

export interface StaffListJson {
  users: StaffUserJson[];
  invitations: StaffInvitationJson[];
}

/** What an invitation link offers (GET /api/auth/invitations/{token}). */
export interface InvitationLinkJson {
  email: string;
  role: StaffRole;
  expires_at: number;
}

/** One line of the dashboard's recent activity; `id` is the record's, for a link to it. */
export interface DashboardActivityJson {
  /** A post or resource saved, a contact message received, a sponsored post paid for, a newsletter signup. */
  kind: 'post' | 'resource' | 'contact_message' | 'sponsored_payment' | 'subscriber';
  id: number;
  /** The title, sender, project or address. */
  label: string;
  /** post and resource only: whether the save made it (rather than edited it). */
  created?: boolean;
  /**
   * contact_message and sponsored_payment only: the tab of their list the
   * record is in now (a message's status, a submission's queue tab), for a link
   * that finds it.
   */
  tab?: ContactMessageStatus | SponsoredQueueTab;
  at: number;
}

/** One week of the dashboard's revenue: completed payments from `start` (Monday 00:00 in the site's time zone) to the next Monday. */
export interface RevenueWeekJson {
  start: number;
  amount_cents: number;
  payments: number;
}

/**
 * How the site takes payments (GET /admin/dashboard/payments): through
 * Stripe, through the built-in test checkout (simulated, no money), or not
 * at all (production without a Stripe key: checkouts are refused).
 */
export type PaymentModeJson = 'stripe' | 'test' | 'off';

/** Revenue from sponsored posts, the last 12 weeks oldest first; the current week is the last, still running. */
export interface DashboardRevenueJson {
  currency: string;
  /**
   * How the site takes payments: `stripe` (the sums are money), `test` (the
   * built-in test checkout: simulated payments) or `off` (nothing can be
   * paid; the sums are earlier simulated payments, if any).
   */
  payment_mode: PaymentModeJson;
  /** The site's time zone, whose Mondays start the weeks. */
  time_zone: string;
  weeks: RevenueWeekJson[];
}

/**
 * GET /admin/dashboard. An editor gets the posts count and the activity of
 * posts and resources only: the rest belongs to areas their role does not reach.
 */
export interface DashboardJson {
  posts: number;
  contact_messages?: number;
  sponsored_submissions?: number;
  /** Active subscribers: those an issue would reach. */
  subscribers?: number;
  /** Signed up, waiting for their confirmation link: shown apart, not counted above. */
  subscribers_pending?: number;
  /** The latest events the role may see, newest first, at most 10. */
  activity: DashboardActivityJson[];
  revenue?: DashboardRevenueJson;
  /** Owners only: what still stands between this install and a public launch; empty once ready (decision 083). */
  launch?: LaunchItemJson[];
}

/** One open item of the launch checklist: what is left, and the link to where it is fixed. */
export interface LaunchItemJson {
  key: 'legal_texts' | 'public_url' | 'mail_server' | 'payments' | 'demo_content' | 'social_profiles' | 'owner_name';
  title: string;
  detail: string;
  fix: { label: string; href: `/admin/${string}` };
}

/**
 * Where the mail of a back-office action went: `kept` in the outbox (no mail
 * server is set up), `sent`, or `failed` (kept with the mail server's error;
 * `outbox_id` is null when not even that worked). `link` is the link the
 * mail carries, for staff to pass on themselves: given only where the
 * action offers it, and only when the mail did not leave (decision 048).
 */
export interface MailDeliveryJson {
  delivery: 'kept' | 'sent' | 'failed';
  outbox_id: number | null;
  link?: string;
}

/** One mail of the owner's outbox, as its list shows it. `stored`: kept because no mail server is set up. */
export interface OutboxMailSummaryJson {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed' | 'stored';
  /** The mail server's answer when sending failed. */
  error: string | null;
  created_at: number;
  sent_at: number | null;
}

/** GET /admin/outbox: a page of mails, newest first, the count of each status, and how mails leave now. */
export interface OutboxPageJson {
  mails: OutboxMailSummaryJson[];
  next_token: string | null;
  counts: Record<OutboxMailSummaryJson['status'], number>;
  /** `smtp`: a mail server is set up; `outbox`: mails are only kept here. */
  delivery: 'smtp' | 'outbox';
}

/** GET /admin/outbox/{id}: one mail, with its bodies and the links in it. */
export interface OutboxMailJson extends OutboxMailSummaryJson {
  text: string;
  /** The HTML version, when the mail has one (newsletters). */
  html: string | null;
  /** Every address the mail links to, in order, once each. */
  links: string[];
  /**
   * Its key-like links were cut out (decisions 049 and 088): once `sent`,
   * once `expired`, or at once as `private` (a password reset, kept for its
   * recipient alone); null while they are there or it had none.
   */
  link_removed: 'sent' | 'expired' | 'private' | null;
  /** Until when a copy that was not sent keeps its key-like links; null when it has none or keeps them. */
  link_expires_at: number | null;
}

/**
 * `GET /api/sponsor-report/{token}` (decision 068): the sponsored post's
 * audience and clicks from the day it went live to today (days of the
 * site's time zone, `time_zone`), from the
 * daily roll-ups only: nothing about one person.
 */
export interface SponsorReportJson {
  post: { slug: string; title: string; published_at: number | null };
  /**
   * `followers`: confirmed follows of the post's campaign, ever (decision
   * 097); `follow_alert_mails`: the alert mails about it that left the
   * site (or were kept in the outbox, as `mail_delivery` says).
   */
  totals: {
    views: number;
    visitors: number;
    outbound_clicks: number;
    newsletter_clicks: number;
    share_clicks: number;
    followers: number;
    follow_alert_mails: number;
  };
  days: { date: string; views: number; visitors: number; outbound_clicks: number }[];
  /**
   * The sent issues that carried the post. `mails`: those that left the site,
   * accepted by the mail server, or only kept in the outbox when
   * `mail_delivery` is `outbox` (no mail server is set up).
   */
  newsletters: { subject: string; sent_at: number | null; mails: number; clicks: number }[];
  mail_delivery: 'smtp' | 'outbox';
  /** The site's time zone: the days are its calendar days, and times are shown on its clocks. */
  time_zone: string;
  /** The sources of the post's views, most views first. */
  sources: { source: string; views: number }[];
  /** Share clicks by network, most first. */
  shares: { network: string; clicks: number }[];
}

/** A creator link as staff and the sponsor's mail see it. */
export interface CreatorLinkJson {
  url: string;
  expires_at: number;
}

/** What an administrator is told of a link: its address only when it is made. */
export interface PreviewLinkJson {
  id: number;
  url?: string;
  created_at: number;
  expires_at: number;
}

/** What the creator's page shows: the post it is for, the campaign now, and the link's end. */
export interface CampaignUpdatePageJson {
  project: string;
  post_url: string;
  campaign: CampaignJson;
  time_zone: string;
  expires_at: number;
}

/** A published post's campaign history, oldest first (GET /api/posts/{slug}/campaign/history). */
export interface CampaignHistoryJson {
  points: { at: number; pledged: number | null; backers: number | null }[];
}

/** The statuses of SPEC.md's payment status result. */
export type PublicPaymentStatus = 'completed' | 'pending' | 'failed' | 'expired';

/** How a checkout stands, as GET /api/payments/success tells it (SPEC.md section 3). */
export interface PaymentStatusResult {
  session_id: string;
  status: PublicPaymentStatus;
}

/** How a checkout stands, as its result page tells it: with the reference its receipt gives, once paid. */
export interface PaymentStatusWithReference extends PaymentStatusResult {
  /** The receipt's payment reference; null until the payment is completed (no receipt goes out before). */
  payment_reference: string | null;
}

/** SPEC.md section 3's payment cancellation result. */
export interface PaymentCancellation {
  session_id: string;
  status: PublicPaymentStatus;
  message: string;
  pending_submission: {
    project_name: string;
    project_url: string;
    description: string | null;
    contact_name: string;
    contact_email: string;
    press_kit_url: string | null;
  } | null;
}

/** An owner's webhook endpoint (decision 100); its secret is shown once, in the answer of its creation. */
export interface WebhookEndpointJson {
  id: number;
  url: string;
  events: string[];
  include_email: boolean;
  enabled: boolean;
  /** Why it was turned off by the site (5 days of failures); null when on, or turned off by the owner. */
  disabled_reason: string | null;
  /** Since when its deliveries have failed with no success between; null when the last one went through. */
  failing_since: number | null;
  created_at: number;
  updated_at: number;
}

export interface CreatedWebhookEndpointJson extends WebhookEndpointJson {
  /** `whsec_…`: shown this once. */
  secret: string;
}

export interface WebhookEndpointListJson {
  endpoints: WebhookEndpointJson[];
}

/** One event sent (or being sent) to one endpoint: the log's line. */
export interface WebhookDeliveryJson {
  id: number;
  endpoint_id: number;
  /** The `webhook-id` of every attempt. */
  message_id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  response_status: number | null;
  duration_ms: number | null;
  response_excerpt: string | null;
  error: string | null;
  created_at: number;
  /** The body sent, as JSON. */
  payload: unknown;
}

export interface WebhookDeliveryListJson {
  deliveries: WebhookDeliveryJson[];
}

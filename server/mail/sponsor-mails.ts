/**
 * What the sponsor of a paid submission is told after the payment receipt
 * (server/payments/payment-mails.ts): approved, a preview to check, the date
 * the post goes live (in the site's time zone), its address once live, and
 * the private link that keeps its campaign's numbers fresh.
 * Plain text; every link is built from the site's configured address.
 */
import type { SponsoredSubmissionJson } from '../../common/answers.ts';
import { formatSiteDateTime } from '../../common/site-time.ts';
import type { MailMessage } from './mailer.ts';

/** The site as a mail signs off and dates things. */
export interface SponsorMailSite {
  name: string;
  /** The configured origin, `https://example.com`. */
  url: string;
  timeZone: string;
}

type Submission = Pick<SponsoredSubmissionJson, 'project_name' | 'contact_name' | 'contact_email'>;

// Text typed into the form ends up in a header: keep it on one line.
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function mail(kind: string, submission: Submission, subject: string, body: string[], site: SponsorMailSite): MailMessage {
  return {
    kind,
    to: submission.contact_email,
    subject: oneLine(subject),
    text: [
      `Hi ${submission.contact_name},`,
      '',
      ...body,
      '',
      // The sender may well be a no-reply address: point at the contact form instead.
      `Questions? Write to us through the contact form at ${site.url}/contact-us.`,
      '',
      site.name,
      site.url,
    ].join('\n'),
  };
}

/** The submission was approved: its post is being written. */
export function sponsorApprovedMail(submission: Submission, site: SponsorMailSite): MailMessage {
  return mail(
    'sponsor_approved',
    submission,
    `Approved: your sponsored post about ${submission.project_name}`,
    [
      `Good news: we approved your sponsored post about ${submission.project_name}.`,
      '',
      'We are writing it now. Before it goes live we will send you a link to preview it.',
    ],
    site,
  );
}

/** The draft is ready to check, behind a preview link that expires. */
export function sponsorPreviewMail(submission: Submission, preview: { url: string; expiresAt: number }, site: SponsorMailSite): MailMessage {
  return mail(
    'sponsor_preview',
    submission,
    `Preview ready: your sponsored post about ${submission.project_name}`,
    [
      `The post about ${submission.project_name} is ready for you to check:`,
      '',
      preview.url,
      '',
      `The link works until ${formatSiteDateTime(preview.expiresAt, site.timeZone)}. It is private: please do not share it.`,
      'If anything is wrong, reply through the contact form below and tell us what to change.',
    ],
    site,
  );
}

/** The post has its publication date. */
export function sponsorScheduledMail(submission: Submission, publishAt: number, site: SponsorMailSite): MailMessage {
  const when = formatSiteDateTime(publishAt, site.timeZone);
  return mail(
    'sponsor_scheduled',
    submission,
    `Scheduled: your sponsored post about ${submission.project_name} goes live ${when}`,
    [`The post about ${submission.project_name} is scheduled to go live on ${when}.`, '', 'We will write again with its address once it is up.'],
    site,
  );
}

/**
 * The post is on the site. With a campaign, the mail also gives the
 * counted address straight to it (`/go/`, decision 067), for places
 * without a page, such as the sponsor's own mails or a printed QR code:
 * its clicks show in the sponsor's report.
 */
export function sponsorLiveMail(submission: Submission, link: { postUrl: string; goUrl: string | null }, site: SponsorMailSite): MailMessage {
  const straightToCampaign = link.goUrl
    ? ['', 'To send people straight to your campaign, with their clicks counted in your report, use:', '', link.goUrl]
    : [];
  return mail(
    'sponsor_live',
    submission,
    `Live: your sponsored post about ${submission.project_name}`,
    [
      `The post about ${submission.project_name} is live:`,
      '',
      link.postUrl,
      ...straightToCampaign,
      '',
      'Thank you for sponsoring it. Feel free to share the link.',
    ],
    site,
  );
}

/** The private link through which the sponsor keeps their campaign's numbers on the post up to date. */
export function sponsorCampaignLinkMail(
  submission: Submission,
  link: { url: string; expiresAt: number; postUrl: string },
  site: SponsorMailSite,
): MailMessage {
  return mail(
    'sponsor_campaign_link',
    submission,
    `Keep your campaign's numbers fresh on ${site.name}`,
    [
      `The post about ${submission.project_name} shows your campaign's numbers: ${link.postUrl}`,
      '',
      'When they change, update the amount pledged, the number of backers, the state or the end date here:',
      '',
      link.url,
      '',
      `The link works until ${formatSiteDateTime(link.expiresAt, site.timeZone)}. It is private: anyone who has it can change these numbers, so please do not share it.`,
      'The post says the numbers came from you, with the time of your last update.',
    ],
    site,
  );
}

/** The private link to the sponsored post's report, sent when the post goes live or staff reissue it. */
export function sponsorReportLinkMail(submission: Submission, link: { url: string; postUrl: string }, site: SponsorMailSite): MailMessage {
  return mail(
    'sponsor_report_link',
    submission,
    `How your sponsored post about ${submission.project_name} is doing`,
    [
      `Your post about ${submission.project_name} is live: ${link.postUrl}`,
      '',
      'Its views, visitors and clicks to your campaign, day by day, are on this private page:',
      '',
      link.url,
      '',
      'Keep the link to yourself: anyone who has it can read the report.',
    ],
    site,
  );
}

/** A week after the post went live: its first numbers, with the report link. */
export function sponsorReportSummaryMail(
  submission: Submission,
  summary: { url: string; views: number; visitors: number; outboundClicks: number },
  site: SponsorMailSite,
): MailMessage {
  return mail(
    'sponsor_report_summary',
    submission,
    `Your sponsored post about ${submission.project_name}: the first week`,
    [
      `In its first week, the post about ${submission.project_name} had ${summary.views} views from ${summary.visitors} visitors, and ${summary.outboundClicks} clicks to your campaign.`,
      '',
      'The full report, day by day:',
      '',
      summary.url,
    ],
    site,
  );
}

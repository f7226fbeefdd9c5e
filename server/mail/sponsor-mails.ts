/**
 * What the sponsor of a paid submission is told after the payment receipt
 * (server/payments/payment-mails.ts): approved, a preview to check, the date
 * the post goes live (in the site's time zone), and once live one mail with
 * its address, the private report and the private link that keeps its
 * campaign's numbers fresh.
 * Plain text; every link is built from the site's configured address, and
 * each private one is named so the outbox cuts it once sent (decision 088).
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

function mail(
  kind: string,
  submission: Submission,
  subject: string,
  body: string[],
  site: SponsorMailSite,
  secretLinks?: MailMessage['secretLinks'],
): MailMessage {
  return {
    kind,
    ...(secretLinks ? { secretLinks } : {}),
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

/**
 * The submission was approved: its post is being written. A preview is
 * promised only when staff said one will be sent (decision 082); otherwise
 * the mail says what does come: the date, then the address.
 */
export function sponsorApprovedMail(submission: Submission, site: SponsorMailSite, options: { isPreviewPromised: boolean }): MailMessage {
  return mail(
    'sponsor_approved',
    submission,
    `Approved: your sponsored post about ${submission.project_name}`,
    [
      `Good news: we approved your sponsored post about ${submission.project_name}.`,
      '',
      options.isPreviewPromised
        ? 'We are writing it now. Before it goes live we will send you a link to preview it.'
        : 'We are writing it now. We will write again when its publication date is set, and once it is live.',
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
    // Stored hashed, it cannot be read again: a kept copy keeps it for staff to pass on until it expires.
    { urls: [preview.url], keptUntil: preview.expiresAt },
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

/** What the sponsor's mail on publishing carries: the post, and the private links not mailed before. */
export interface SponsorLiveLinks {
  postUrl: string;
  /** The counted address straight to the campaign (`/go/`, decision 067); null without a campaign. */
  goUrl: string | null;
  /** False when the sponsor was told the post is live before and only a link is left to send. */
  isAnnouncement: boolean;
  /** The private report (decision 068); null when it was mailed before or cannot be made. */
  reportUrl: string | null;
  /** The creator's update link (decision 063); null without a campaign or when mailed before. */
  creatorLink: { url: string; expiresAt: number } | null;
}

/**
 * The one mail a sponsor gets when their post goes live (decision 082):
 * its address, then each private link with what it is for and who may hold
 * it, rather than three mails in the same second.
 */
export function sponsorLiveMail(submission: Submission, links: SponsorLiveLinks, site: SponsorMailSite): MailMessage {
  const { postUrl, goUrl, reportUrl, creatorLink } = links;
  const post = links.isAnnouncement
    ? [
        `Your sponsored post about ${submission.project_name} is live. Share its address freely:`,
        '',
        postUrl,
        ...(goUrl ? ['', 'To send people straight to your campaign, with their clicks counted in your report, use:', '', goUrl] : []),
      ]
    : [`Your sponsored post about ${submission.project_name} is live at ${postUrl}`];
  const privateLinks = [reportUrl, creatorLink].filter((link) => link !== null).length;
  const report = reportUrl
    ? [
        '',
        'Your report: how the post is doing, its views, visitors and clicks to your campaign, day by day:',
        '',
        reportUrl,
        '',
        'Keep this link to yourself: anyone who has it can read the report.',
      ]
    : [];
  const campaign = creatorLink
    ? [
        '',
        "Your campaign's numbers: when they change, update the amount pledged, the number of backers, the state or the end date here:",
        '',
        creatorLink.url,
        '',
        `This link works until ${formatSiteDateTime(creatorLink.expiresAt, site.timeZone)}. Anyone who has it can change these numbers, so please do not share it. The post says the numbers came from you, with the time of your last update.`,
      ]
    : [];
  const subject = links.isAnnouncement
    ? `Live: your sponsored post about ${submission.project_name}`
    : `Your private ${privateLinks > 1 ? 'links' : 'link'} for the sponsored post about ${submission.project_name}`;
  return mail(
    'sponsor_live',
    submission,
    subject,
    [
      ...post,
      ...(privateLinks > 0 ? ['', privateLinks > 1 ? 'Two more links, for you alone:' : 'One more link, for you alone:'] : []),
      ...report,
      ...campaign,
      ...(links.isAnnouncement ? ['', 'Thank you for sponsoring it.'] : []),
    ],
    site,
    // Staff read both again on the back office (decisions 063 and 068), so a
    // sent copy needs neither, and a kept one holds them while they all work.
    privateLinks > 0
      ? { urls: [reportUrl, creatorLink?.url].filter((url) => url !== null && url !== undefined), keptUntil: creatorLink?.expiresAt ?? null }
      : undefined,
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
    { urls: [summary.url], keptUntil: null },
  );
}

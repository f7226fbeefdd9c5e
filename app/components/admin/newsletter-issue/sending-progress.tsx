import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import type { NewsletterIssueJson } from '../../../../common/answers.ts';
import { KEPT_IN_OUTBOX, mailCount } from '../../../lib/mail-delivery.ts';
import { useSiteTimeZone } from '../../../lib/admin-time-zone.ts';
import { formatDateTime, formatSiteDateTime } from '../../../lib/dates.ts';

/** Reloads a sending issue every two seconds until it is done, so its progress moves. */
export function useRefreshWhileSending(status: NewsletterIssueJson['status'] | undefined) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (status !== 'sending') return;
    const timer = setInterval(() => void revalidator.revalidate(), 2000);
    return () => clearInterval(timer);
  }, [status, revalidator]);
}

/** When an issue goes or went out, how far its sending is, and how often each link of its mail was followed. */
export function SendingProgress({ issue, delivery }: { issue: NewsletterIssueJson; delivery: 'smtp' | 'outbox' }) {
  const timeZone = useSiteTimeZone();
  const done = issue.sent + issue.failed;
  // Without a mail server nothing was delivered: the screen must not say "sent".
  const kept = delivery === 'outbox';
  return (
    <section aria-label="Sending progress" className="mb-6 grid gap-2 rounded-md border border-border bg-background p-4 text-sm">
      {issue.status === 'scheduled' && issue.scheduled_at ? <p>Scheduled for {formatSiteDateTime(issue.scheduled_at, timeZone)}</p> : null}
      {issue.recipients > 0 ? (
        <>
          <progress className="w-full" max={issue.recipients} value={done} aria-label="Recipients done" />
          <p aria-live="polite">
            {mailCount(issue.sent, delivery)} of {issue.recipients} · Failed: {issue.failed} · Pending: {issue.pending}
          </p>
          {kept ? <p>The mails are {KEPT_IN_OUTBOX}.</p> : null}
        </>
      ) : null}
      {issue.sent_at ? <p>{kept ? 'Finished on' : 'Sent on'} {formatDateTime(issue.sent_at)}</p> : null}
      {issue.links && issue.links.length > 0 ? <LinkClicks links={issue.links} /> : null}
    </section>
  );
}

/** Each link of the mail as sent, and its clicks (counted per day, never per recipient). */
function LinkClicks({ links }: { links: NonNullable<NewsletterIssueJson['links']> }) {
  return (
    <table className="mt-2 w-full text-left">
      <caption className="mb-1 text-left font-medium">Clicks per link</caption>
      <thead>
        <tr>
          <th scope="col" className="py-1 pr-4 font-medium">
            Link
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Clicks
          </th>
        </tr>
      </thead>
      <tbody>
        {links.map((link) => (
          <tr key={link.link_no} className="border-t border-border">
            <td className="max-w-0 truncate py-1 pr-4" title={link.url}>
              {link.url}
            </td>
            <td className="py-1 text-right tabular-nums">{link.clicks}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The sponsored queue's pieces that act on one submission: Approve and
 * Reject behind a confirmation, and the details panel, which carries every
 * action (status, the draft post, the preview for the sponsor, a reply by
 * mail) and the submission's timeline of changes and mails (decision 051).
 */
import { Inbox, Mail } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type {
  MailDeliveryStatus,
  PostJson,
  SponsoredSubmissionDetailsJson,
  SponsoredSubmissionStatus,
  SponsorEventJson,
  SponsorPreviewJson,
} from '../../../common/answers.ts';
import { isLive } from '../../../common/publication.ts';
import { describeFailure } from '../../lib/admin-session.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
import { api } from '../../lib/api-client.ts';
import { formatSiteDateTime } from '../../lib/dates.ts';
import { KEPT_IN_OUTBOX } from '../../lib/mail-delivery.ts';
import { PREVIEW_PROMISED } from '../../../common/answers.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../ui/alert-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { Label } from '../ui/label.tsx';
import { MailDeliveryNote } from './mail-delivery-note.tsx';
import { useStaffCan } from './staff-permissions.ts';
import { SponsorReportLink } from './private-link-control.tsx';

type Submission = Pick<SponsoredSubmissionDetailsJson, 'id' | 'project_name' | 'contact_name' | 'contact_email' | 'status' | 'payment_status'>;

const CONFIRMATIONS: Record<'approved' | 'rejected', { verb: string; description: (submission: Submission) => string }> = {
  approved: {
    verb: 'Approve',
    description: (submission) =>
      `${submission.contact_name} (${submission.contact_email}) is mailed that the sponsored post is approved, and the submission moves to the Approved tab.`,
  },
  rejected: {
    verb: 'Reject',
    description: () => 'The submission moves to the Rejected tab; no mail is sent. It can be approved again later.',
  },
};

/** What staff chose in the confirmation: on approval, whether the sponsor is promised a preview (decision 082). */
export interface StatusChangeChoice {
  isPreviewPromised: boolean;
}

/**
 * Approve or Reject, asked once more before it happens: the row leaves its
 * tab and an approval mails the sponsor, so a stray click must not do it.
 * Approving asks too whether the mail promises a preview: it does only
 * when staff will send one.
 */
export function StatusChangeButton({
  submission,
  status,
  disabled,
  onConfirm,
}: {
  submission: Submission;
  status: 'approved' | 'rejected';
  disabled?: boolean;
  onConfirm: (choice: StatusChangeChoice) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [isPreviewPromised, setIsPreviewPromised] = useState(false);
  const { verb, description } = CONFIRMATIONS[status];
  const promiseId = `promise-preview-${submission.id}`;
  return (
    <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
      <Button size="sm" variant={status === 'approved' ? 'default' : 'outline'} disabled={disabled} onClick={() => setIsOpen(true)}>
        {verb}
        <span className="sr-only"> {submission.project_name}</span>
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {verb} {submission.project_name}?
          </AlertDialogTitle>
          <AlertDialogDescription>{description(submission)}</AlertDialogDescription>
        </AlertDialogHeader>
        {status === 'approved' ? (
          <div className="grid gap-1">
            <div className="flex items-center gap-2">
              <Checkbox
                id={promiseId}
                checked={isPreviewPromised}
                aria-describedby={`${promiseId}-hint`}
                onChange={(event) => setIsPreviewPromised(event.target.checked)}
              />
              <Label htmlFor={promiseId}>Promise a preview before it goes live</Label>
            </div>
            <p id={`${promiseId}-hint`} className="text-sm text-muted-foreground">
              The mail then says a preview link comes first; send it with “Send a preview link” once the draft is ready.
            </p>
          </div>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              setIsOpen(false);
              onConfirm({ isPreviewPromised: status === 'approved' && isPreviewPromised });
            }}
          >
            {verb}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** SPEC.md section 4: new → approved or rejected, approved ↔ rejected; approving also needs a completed payment. */
export const NEXT_STATUSES: Record<SponsoredSubmissionStatus, ('approved' | 'rejected')[]> = {
  new: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

/** A reply to the sponsor in the member of staff's own mail program: the project in the subject, the submission quoted. */
export function replyLink(submission: SponsoredSubmissionDetailsJson): string {
  const quoted = [
    `Project: ${submission.project_name}`,
    `Project URL: ${submission.project_url}`,
    ...(submission.description ? ['', ...submission.description.split('\n')] : []),
  ].map((line) => `> ${line}`.trimEnd());
  const body = [`Hi ${submission.contact_name},`, '', '', '', 'Your sponsored post submission:', ...quoted].join('\n');
  const subject = `Your sponsored post about ${submission.project_name}`;
  return `mailto:${encodeURIComponent(submission.contact_email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** How a mail of the timeline stands, in the back office's words (decision 048). */
const DELIVERY_TEXTS: Record<MailDeliveryStatus, string> = {
  stored: `${KEPT_IN_OUTBOX.charAt(0).toUpperCase()}${KEPT_IN_OUTBOX.slice(1)}`,
  sent: 'Sent',
  pending: 'Being sent',
  failed: 'Not sent: the mail server refused it',
};

function eventText(event: SponsorEventJson, timeZone: string): ReactNode {
  const to = event.mail?.to ?? '';
  const at = event.detail !== null && /^\d+$/.test(event.detail) ? Number(event.detail) : null;
  switch (event.kind) {
    case 'payment_mail':
      return `Payment receipt mailed to ${to}`;
    case 'approved':
      return `Approved${event.by ? ` by ${event.by}` : ''}`;
    case 'rejected':
      return `Rejected${event.by ? ` by ${event.by}` : ''}`;
    case 'approval_mail':
      return `Approval mailed to ${to}`;
    case 'draft_created':
      return `Draft post created${event.by ? ` by ${event.by}` : ''}`;
    case 'preview_mail':
      return `Preview link mailed to ${to}${at === null ? '' : `, valid until ${formatSiteDateTime(at, timeZone)}`}`;
    case 'scheduled_mail':
      return `Publication date mailed to ${to}${at === null ? '' : `: live on ${formatSiteDateTime(at, timeZone)}`}`;
    case 'campaign_link_mail':
      return `Creator's update link mailed to ${to}${at === null ? '' : `, valid until ${formatSiteDateTime(at, timeZone)}`}`;
    case 'report_link_mail':
      return `Report link mailed to ${to}`;
    case 'report_summary_mail':
      return `First week's report mailed to ${to}`;
    case 'live_mail':
      return (
        <>
          Live address mailed to {to}
          {event.detail ? (
            <>
              :{' '}
              <a href={event.detail} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline underline-offset-4">
                {event.detail}
              </a>
            </>
          ) : null}
        </>
      );
  }
}

/** What happened to the submission and what its sponsor was told, oldest first. */
export function SubmissionTimeline({ timeline }: { timeline: SponsorEventJson[] }) {
  const timeZone = useSiteTimeZone();
  const canOpenOutbox = useStaffCan()('outbox');
  if (timeline.length === 0) return <p className="text-muted-foreground">Nothing yet.</p>;
  return (
    <ol aria-label="Timeline" className="grid gap-3 border-l border-border pl-4">
      {timeline.map((event) => (
        <li key={event.id} className="grid gap-0.5">
          <time dateTime={new Date(event.created_at * 1000).toISOString()} className="text-xs text-muted-foreground">
            {formatSiteDateTime(event.created_at, timeZone)}
          </time>
          <span>{eventText(event, timeZone)}</span>
          {event.mail ? (
            <span className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
              <span>{event.mail.status ? DELIVERY_TEXTS[event.mail.status] : 'No longer in the outbox'}</span>
              {canOpenOutbox && event.mail.outbox_id !== null ? (
                <Link to={`/admin/outbox/${event.mail.outbox_id}`} className="inline-flex items-center gap-1 text-primary underline underline-offset-4">
                  <Inbox aria-hidden="true" className="size-3.5" />
                  Open in the outbox
                </Link>
              ) : null}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * Every action on one submission, as its status allows: Approve or Reject
 * (confirmed), Create draft post then Edit post, Send a preview link from
 * the approval until the post is live, and Reply by mail. `onChanged` reads the
 * submission and the queue again.
 */
export function SubmissionPanelActions({
  submission,
  onStatus,
  onChanged,
}: {
  submission: SponsoredSubmissionDetailsJson;
  onStatus: (status: 'approved' | 'rejected', choice: StatusChangeChoice) => Promise<void>;
  onChanged: () => void;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const [preview, setPreview] = useState<SponsorPreviewJson | null>(null);
  const canOpenOutbox = useStaffCan()('outbox');
  const isPaid = submission.payment_status === 'completed';
  const { post } = submission;
  const run = async (work: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await work();
    } finally {
      setIsBusy(false);
    }
  };
  const createDraft = () =>
    run(async () => {
      try {
        await api.post<PostJson>(`/admin/submissions/sponsored/${submission.id}/draft`, {});
        notifySuccess('Draft post created', `Review of ${submission.project_name}`);
        onChanged();
      } catch (error) {
        notifyError('Error', describeFailure(error, 'Failed to create the draft post'));
      }
    });
  // Offered from the approval on: a submission without its draft yet gets one first, as "Create draft post" makes it.
  const sendPreview = () =>
    run(async () => {
      try {
        if (!post) {
          await api.post<PostJson>(`/admin/submissions/sponsored/${submission.id}/draft`, {});
          notifySuccess('Draft post created', `Review of ${submission.project_name}`);
        }
        setPreview(await api.post<SponsorPreviewJson>(`/admin/submissions/sponsored/${submission.id}/preview`, {}));
        onChanged();
      } catch (error) {
        notifyError('Error', describeFailure(error, 'Failed to send the preview'));
      }
    });
  const offersPreview = submission.status === 'approved' && isPaid && !(post && isLive(post));
  const hasPreview = submission.timeline.some((event) => event.kind === 'preview_mail');
  const isPreviewPromised = submission.timeline.some((event) => event.kind === 'approval_mail' && event.detail === PREVIEW_PROMISED);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {NEXT_STATUSES[submission.status]
          .filter((next) => next !== 'approved' || isPaid)
          .map((next) => (
            <StatusChangeButton key={next} submission={submission} status={next} disabled={isBusy} onConfirm={(choice) => void run(() => onStatus(next, choice))} />
          ))}
        {post ? (
          <Button asChild size="sm" variant="outline">
            <Link to={`/admin/posts/${post.id}`}>
              Edit post<span className="sr-only"> about {submission.project_name}</span>
            </Link>
          </Button>
        ) : submission.status === 'approved' && isPaid ? (
          <Button size="sm" variant="outline" disabled={isBusy} onClick={() => void createDraft()}>
            Create draft post<span className="sr-only"> for {submission.project_name}</span>
          </Button>
        ) : null}
        {offersPreview ? (
          <Button size="sm" variant="outline" disabled={isBusy} onClick={() => void sendPreview()}>
            Send a preview link<span className="sr-only"> to {submission.contact_name}</span>
          </Button>
        ) : null}
        <Button asChild size="sm" variant="ghost">
          <a href={replyLink(submission)}>
            <Mail aria-hidden="true" />
            Reply by e-mail<span className="sr-only"> to {submission.contact_name}</span>
          </a>
        </Button>
      </div>
      {submission.status === 'new' && !isPaid ? <p className="text-xs text-muted-foreground">Can be approved once paid</p> : null}
      {offersPreview && !hasPreview ? (
        <p className="text-xs text-muted-foreground">
          {isPreviewPromised
            ? `The approval mail promised ${submission.contact_name} a preview: send one before the post goes live.`
            : `${submission.contact_name} has no preview yet: send one to let them check the post before it goes live.`}
        </p>
      ) : null}
      {preview ? (
        <MailDeliveryNote
          what="Preview link"
          to={submission.contact_email}
          mail={preview.mail}
          linkUse={{ kind: 'until', expiresAt: preview.expires_at }}
          linkLabel={`Preview link for ${submission.contact_name}`}
          canOpenOutbox={canOpenOutbox}
        />
      ) : null}
      {post ? (
        <SponsorReportLink
          key={`${submission.id}:${submission.report_url ?? ''}:${submission.report_url_problem ?? ''}`}
          submissionId={submission.id}
          reportUrl={submission.report_url}
          problem={submission.report_url_problem}
        />
      ) : null}
    </div>
  );
}

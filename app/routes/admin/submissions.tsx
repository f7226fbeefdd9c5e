import { useEffect, useState } from 'react';
import { Link, useFetcher, useNavigate } from 'react-router';
import { adminMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader, AdminPager } from '../../components/admin/admin-page.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toast.ts';
import { PagedTable } from '../../components/admin/paged-table.tsx';
import { StatusTabs } from '../../components/admin/status-tabs.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { api, errorMessage, pageToken } from '../../lib/api-client.ts';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { formatMoney } from '../../../common/money.ts';
import type { PostJson, SponsoredSubmissionJson, SponsoredSubmissionStatus, SubmissionProgressJson } from '../../../common/answers.ts';
import type { Route } from './+types/submissions';

// The API's own answer type: erased from the browser bundle, checked at build time.
type SponsoredSubmission = SponsoredSubmissionJson & SubmissionProgressJson;
type SubmissionStatus = SponsoredSubmissionStatus;

const STATUSES: SubmissionStatus[] = ['new', 'approved', 'rejected'];
const TAB_LABELS: Record<SubmissionStatus, string> = { new: 'New', approved: 'Approved', rejected: 'Rejected' };
const EMPTY_TEXTS: Record<SubmissionStatus, string> = {
  new: 'No new submissions',
  approved: 'No approved submissions',
  rejected: 'No rejected submissions',
};
// SPEC.md section 4: new → approved or rejected, approved ↔ rejected.
const NEXT_STATUSES: Record<SubmissionStatus, SubmissionStatus[]> = {
  new: ['approved', 'rejected'],
  approved: ['rejected'],
  rejected: ['approved'],
};

export const meta = () => adminMeta('Sponsored Posts');

const statusOf = (request: Request): SubmissionStatus => {
  const value = new URL(request.url).searchParams.get('status');
  return STATUSES.find((status) => status === value) ?? 'new';
};

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const status = statusOf(request);
  return withAdminSession(async () => {
    const page = await api.get<{
      submissions: SponsoredSubmission[];
      next_token: string | null;
      counts: Record<SubmissionStatus, number>;
    }>('/admin/submissions/sponsored', { status, limit: 20, next_token: pageToken(request) });
    return { ...page, status };
  });
}
clientLoader.hydrate = true as const;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const status = String(form.get('status'));
  return withAdminSession(async () => {
    try {
      await api.patch(`/admin/submissions/sponsored/${Number(form.get('id'))}`, {
        status,
        version: Number(form.get('version')),
      });
      notifySuccess('Status updated', `Submission marked as ${status}`);
      return { ok: true };
    } catch (error) {
      notifyError('Error', describeFailure(error, 'Failed to update'));
      return { ok: false };
    }
  });
}

export const HydrateFallback = AdminLoading;

/** SPEC.md section 2: completed and paid look secondary, failed and expired destructive, others outline. */
function paymentBadgeVariant(status: string | null): 'secondary' | 'destructive' | 'outline' {
  if (status === 'completed' || status === 'paid') return 'secondary';
  if (status === 'failed' || status === 'expired') return 'destructive';
  return 'outline';
}

function PaymentBadge({ status }: { status: string | null }) {
  return <Badge variant={paymentBadgeVariant(status)}>{(status ?? 'pending').toUpperCase()}</Badge>;
}

const amountText = (cents: number | null | undefined, currency: string | null | undefined) =>
  cents === null || cents === undefined || !currency ? '—' : formatMoney(cents, currency);

const dateTimeText = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { submissions, next_token, counts, status } = loaderData;
  return (
    <>
      <AdminPageHeader title="Sponsored Posts" />
      <StatusTabs status={status} labels={TAB_LABELS} counts={counts}>
        <PagedTable
          headings={['Project', 'Contact', 'Description', 'Press Kit', 'Date', 'Payment Status', 'Amount', 'Transaction']}
          emptyText={EMPTY_TEXTS[status]}
        >
          {submissions.map((submission) => (
            <SubmissionRow key={submission.id} submission={submission} />
          ))}
        </PagedTable>
      </StatusTabs>
      <AdminPager nextToken={next_token} />
    </>
  );
}

function SubmissionRow({ submission }: { submission: SponsoredSubmission }) {
  const fetcher = useFetcher();
  const change = (status: SubmissionStatus) =>
    void fetcher.submit({ id: submission.id, version: submission.version, status }, { method: 'post' });
  return (
    <TableRow>
      <TableCell>
        <div className="font-medium">{submission.project_name}</div>
        <a href={submission.project_url} target="_blank" rel="noopener noreferrer" className="text-sm text-primary hover:underline">
          View Project
        </a>
      </TableCell>
      <TableCell>
        <div>{submission.contact_name}</div>
        <div className="text-sm text-muted-foreground">{submission.contact_email}</div>
      </TableCell>
      <TableCell className="max-w-[14rem]">
        {submission.description ? (
          <Dialog>
            <DialogTrigger asChild>
              <button type="button" className="block w-full truncate text-left hover:underline">
                {submission.description}
              </button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Description for {submission.project_name}</DialogTitle>
                <DialogDescription>Submitted by {submission.contact_name}</DialogDescription>
              </DialogHeader>
              <p className="whitespace-pre-wrap text-sm">{submission.description}</p>
            </DialogContent>
          </Dialog>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </TableCell>
      <TableCell>
        {submission.press_kit_url ? (
          <a href={submission.press_kit_url} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
            View<span className="sr-only"> press kit of {submission.project_name}</span>
          </a>
        ) : (
          'None'
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatShortDate(submission.created_at)}</TableCell>
      <TableCell>
        <PaymentBadge status={submission.payment_status} />
      </TableCell>
      <TableCell>{amountText(submission.paid_amount, submission.paid_currency)}</TableCell>
      <TableCell className="max-w-[10rem] truncate font-mono text-xs">{submission.payment_transaction_id ?? '-'}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-2">
          {NEXT_STATUSES[submission.status].map((next) => (
            <Button
              key={next}
              size="sm"
              variant={next === 'approved' ? 'default' : 'outline'}
              disabled={fetcher.state !== 'idle'}
              onClick={() => change(next)}
            >
              {next === 'approved' ? 'Approve' : 'Reject'}
            </Button>
          ))}
          <SubmissionDetails id={submission.id} projectName={submission.project_name} />
        </div>
        <ArticleProgress submission={submission} />
      </TableCell>
    </TableRow>
  );
}

/**
 * The way of a paid submission to the reader: "Create draft post" once it
 * is approved and paid, then its post (draft, scheduled or published) and
 * the newsletter issues that carried it.
 */
function ArticleProgress({ submission }: { submission: SponsoredSubmission }) {
  const navigate = useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const { post } = submission;
  if (!post) {
    if (submission.status !== 'approved' || submission.payment_status !== 'completed') return null;
    const create = async () => {
      setIsCreating(true);
      try {
        const draft = await api.post<PostJson>(`/admin/submissions/sponsored/${submission.id}/draft`, {});
        notifySuccess('Draft post created', `Review of ${submission.project_name}`);
        await navigate(`/admin/posts/${draft.id}`);
      } catch (error) {
        notifyError('Error', describeFailure(error, 'Failed to create the draft post'));
        setIsCreating(false);
      }
    };
    return (
      <div className="mt-2 flex justify-end">
        <Button size="sm" variant="outline" disabled={isCreating} onClick={() => void create()}>
          {isCreating ? 'Creating...' : 'Create draft post'}
          <span className="sr-only"> for {submission.project_name}</span>
        </Button>
      </div>
    );
  }
  const now = Date.now() / 1000;
  const stage =
    post.status === 'draft'
      ? 'Draft'
      : post.published_at && post.published_at > now
        ? `Scheduled for ${dateTimeText(post.published_at)}`
        : `Published on ${post.published_at ? formatShortDate(post.published_at) : '—'}`;
  return (
    <div className="mt-2 grid justify-items-end gap-1 text-right text-sm">
      <Link className="text-primary underline underline-offset-4" to={`/admin/posts/${post.id}`}>
        Edit post<span className="sr-only"> about {submission.project_name}</span>
      </Link>
      <span className="text-muted-foreground">{stage}</span>
      {submission.newsletter_issues.map((issue) => (
        <span key={issue.slug} className="text-muted-foreground">
          Included in the newsletter of {issue.sent_at ? formatShortDate(issue.sent_at) : '—'}
        </span>
      ))}
    </div>
  );
}

type DetailsState = { status: 'loading' } | { status: 'loaded'; submission: SponsoredSubmission } | { status: 'failed'; message: string };

/** 'View Details': the submission read afresh when the dialog opens. */
function SubmissionDetails({ id, projectName }: { id: number; projectName: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [details, setDetails] = useState<DetailsState>({ status: 'loading' });

  // Syncs with the API while the dialog is open.
  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    setDetails({ status: 'loading' });
    api.get<SponsoredSubmission>(`/admin/submissions/sponsored/${id}`).then(
      (submission) => isCurrent && setDetails({ status: 'loaded', submission }),
      (error: unknown) => isCurrent && setDetails({ status: 'failed', message: errorMessage(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [id, isOpen]);

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost">
          View Details<span className="sr-only"> of {projectName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Submission Details</DialogTitle>
          <DialogDescription>{projectName}</DialogDescription>
        </DialogHeader>
        {details.status === 'loading' ? <p role="status">Loading submission details...</p> : null}
        {details.status === 'failed' ? (
          <p role="alert" className="text-destructive">
            {details.message}
          </p>
        ) : null}
        {details.status === 'loaded' ? <DetailsBody submission={details.submission} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailsBody({ submission }: { submission: SponsoredSubmission }) {
  const transaction = submission.payment_transaction;
  return (
    <div className="grid gap-6 text-sm">
      <section aria-labelledby={`payment-${submission.id}`}>
        <h3 id={`payment-${submission.id}`} className="mb-2 font-semibold">
          Payment
        </h3>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <PaymentBadge status={submission.payment_status} />
          </dd>
          <dt className="text-muted-foreground">Amount</dt>
          <dd>
            {transaction
              ? amountText(transaction.amount_cents, transaction.currency)
              : amountText(submission.paid_amount, submission.paid_currency)}
          </dd>
          <dt className="text-muted-foreground">Transaction id</dt>
          <dd className="break-all font-mono text-xs">{submission.payment_transaction_id ?? '-'}</dd>
          <dt className="text-muted-foreground">Checkout session</dt>
          <dd className="break-all font-mono text-xs">{transaction?.provider_session_id ?? '-'}</dd>
          <dt className="text-muted-foreground">Completed at</dt>
          <dd>{dateTimeText(transaction?.completed_at)}</dd>
        </dl>
      </section>
      <section aria-labelledby={`submission-${submission.id}`}>
        <h3 id={`submission-${submission.id}`} className="mb-2 font-semibold">
          Submission
        </h3>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Project</dt>
          <dd>{submission.project_name}</dd>
          <dt className="text-muted-foreground">Project URL</dt>
          <dd className="break-all">
            <a href={submission.project_url} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
              {submission.project_url}
            </a>
          </dd>
          <dt className="text-muted-foreground">Contact</dt>
          <dd>
            {submission.contact_name} ({submission.contact_email})
          </dd>
          <dt className="text-muted-foreground">Submitted</dt>
          <dd>{dateTimeText(submission.created_at)}</dd>
          {submission.budget_range ? (
            <>
              <dt className="text-muted-foreground">Budget range</dt>
              <dd>{submission.budget_range}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Press kit</dt>
          <dd className="break-all">
            {submission.press_kit_url ? (
              <a href={submission.press_kit_url} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
                {submission.press_kit_url}
              </a>
            ) : (
              'None'
            )}
          </dd>
          <dt className="text-muted-foreground">Description</dt>
          <dd className="whitespace-pre-wrap">{submission.description ?? '—'}</dd>
        </dl>
      </section>
    </div>
  );
}

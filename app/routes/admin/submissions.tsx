import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher, useNavigate, useRevalidator } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader, AdminPager } from '../../components/admin/admin-page.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { ListSearch, noMatchText } from '../../components/admin/list-search.tsx';
import { PagedTable } from '../../components/admin/paged-table.tsx';
import { StatusTabs } from '../../components/admin/status-tabs.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import {
  NEXT_STATUSES,
  StatusChangeButton,
  type StatusChangeChoice,
  SubmissionPanelActions,
  SubmissionTimeline,
} from '../../components/admin/sponsored-submission-panel.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { api, errorMessage, listSearch, pageToken } from '../../lib/api-client.ts';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { formatShortDate } from '../../lib/dates.ts';
import { formatMoney } from '../../../common/money.ts';
import { isScheduled } from '../../../common/publication.ts';
import type {
  PaymentStatus,
  PostJson,
  SponsoredQueueTab,
  SponsoredSubmissionCounts,
  SponsoredSubmissionDetailsJson,
  SponsoredSubmissionJson,
  SponsoredSubmissionStatus,
  SubmissionProgressJson,
} from '../../../common/answers.ts';
import type { Route } from './+types/submissions';

// The API's own answer type: erased from the browser bundle, checked at build time.
type SponsoredSubmission = SponsoredSubmissionJson & SubmissionProgressJson;
type SubmissionStatus = SponsoredSubmissionStatus;

/**
 * The queue's tabs (`?view=`): paid and new (the work to do), approved,
 * rejected, and new without a completed payment (abandoned checkouts,
 * which cannot be approved).
 */
const TAB_LABELS: Record<SponsoredQueueTab, string> = {
  to_review: 'Paid, to review',
  approved: 'Approved',
  rejected: 'Rejected',
  unpaid: 'Unpaid or abandoned',
};
const TABS = Object.keys(TAB_LABELS) as SponsoredQueueTab[];
const TAB_FILTERS: Record<SponsoredQueueTab, { status: SubmissionStatus; payment?: 'paid' | 'unpaid' }> = {
  to_review: { status: 'new', payment: 'paid' },
  approved: { status: 'approved' },
  rejected: { status: 'rejected' },
  unpaid: { status: 'new', payment: 'unpaid' },
};
const EMPTY_TEXTS: Record<SponsoredQueueTab, string> = {
  to_review: 'No paid submissions to review',
  approved: 'No approved submissions',
  rejected: 'No rejected submissions',
  unpaid: 'No unpaid or abandoned checkouts',
};

export const meta = adminPageMeta('Sponsored Posts');

/** The tab of the address; an older `?status=` link still lands on its tab. */
const tabOf = (request: Request): SponsoredQueueTab => {
  const params = new URL(request.url).searchParams;
  const value = params.get('view') ?? params.get('status');
  return TABS.find((tab) => tab === value) ?? 'to_review';
};

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const tab = tabOf(request);
  const q = listSearch(request);
  return withAdminSession(async () => {
    const page = await api.get<{
      submissions: SponsoredSubmission[];
      next_token: string | null;
      counts: SponsoredSubmissionCounts;
    }>('/admin/submissions/sponsored', { ...TAB_FILTERS[tab], limit: 20, next_token: pageToken(request), q });
    // `?submission={id}` opens that submission's details panel (a link from elsewhere in the back office).
    const opened = Number(new URL(request.url).searchParams.get('submission'));
    return { ...page, tab, q: q ?? null, openedId: Number.isInteger(opened) && opened > 0 ? opened : null };
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
        ...(status === 'approved' ? { preview_promised: form.get('preview_promised') === 'true' } : {}),
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

const isPaid = (submission: SponsoredSubmissionJson) => submission.payment_status === 'completed';

const amountText = (cents: number | null | undefined, currency: string | null | undefined) =>
  cents === null || cents === undefined || !currency ? '—' : formatMoney(cents, currency);

const dateTimeText = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A day as the queue shows it: `Nov 24`, with the year when it is not this one. Days are UTC, as everywhere. */
function dayText(seconds: number): string {
  const day = new Date(seconds * 1000);
  const isThisYear = day.getUTCFullYear() === new Date().getUTCFullYear();
  return day.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: isThisYear ? undefined : 'numeric',
    timeZone: 'UTC',
  });
}

/** The payment status in words. */
const PAYMENT_STATUS_TEXTS: Record<PaymentStatus, string> = {
  completed: 'Paid',
  pending: 'Payment pending',
  failed: 'Payment failed',
  expired: 'Checkout expired',
  refunded: 'Refunded',
};

const paymentStatusText = (status: PaymentStatus | null) => (status ? PAYMENT_STATUS_TEXTS[status] : 'No payment');

/** The payment in one line: `Paid $75.00 on Nov 24`, `Payment pending`, `No payment`… */
function paymentSummary(submission: SponsoredSubmission): string {
  if (!isPaid(submission)) return paymentStatusText(submission.payment_status);
  const transaction = submission.payment_transaction;
  const cents = submission.paid_amount ?? transaction?.amount_cents;
  const currency = submission.paid_currency ?? transaction?.currency;
  const amount = cents !== null && cents !== undefined && currency ? ` ${formatMoney(cents, currency)}` : '';
  const paidOn = transaction?.completed_at ? ` on ${dayText(transaction.completed_at)}` : '';
  return `Paid${amount}${paidOn}`;
}

function PaymentSummary({ submission }: { submission: SponsoredSubmission }) {
  const status = submission.payment_status;
  const tone =
    status === 'completed'
      ? 'font-medium text-foreground'
      : status === 'failed' || status === 'expired'
        ? 'text-destructive'
        : 'text-muted-foreground';
  return (
    <>
      <span className={tone}>{paymentSummary(submission)}</span>
      <TestPaymentBadge submission={submission} />
    </>
  );
}

/** The built-in test checkout's provider: its payments took no money. */
const TEST_PAYMENT_PROVIDER = 'local';

const isTestPayment = (submission: SponsoredSubmission) =>
  submission.payment_transaction?.provider === TEST_PAYMENT_PROVIDER;

/** Marks a payment made through the built-in test checkout, which charges nothing. */
function TestPaymentBadge({ submission }: { submission: SponsoredSubmission }) {
  if (!isTestPayment(submission)) return null;
  return (
    <span
      className="ml-2 inline-block rounded-sm bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-semibold text-amber-900"
      title="Paid through the built-in test checkout: no money was taken"
    >
      TEST, no money
    </span>
  );
}

/** The project's name, linking to its campaign. */
function ProjectLink({ submission }: { submission: SponsoredSubmission }) {
  return (
    <a
      href={submission.project_url}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-primary [overflow-wrap:anywhere] hover:underline"
    >
      {submission.project_name}
      <span className="sr-only"> (campaign, opens in a new tab)</span>
    </a>
  );
}

/** Opens the details panel of a submission; the button that opened it gets the focus back. */
type OpenDetails = (submission: SponsoredSubmission, opener: HTMLElement) => void;

export default function AdminSubmissions({ loaderData }: Route.ComponentProps) {
  const { submissions, next_token, counts, tab, q, openedId } = loaderData;
  const emptyText = q ? noMatchText(EMPTY_TEXTS[tab], q) : EMPTY_TEXTS[tab];
  // Held here, not by a row: approving from the panel moves the row to another tab, and the panel stays open.
  const [details, setDetails] = useState<{ id: number; projectName: string } | null>(
    openedId === null ? null : { id: openedId, projectName: submissions.find((submission) => submission.id === openedId)?.project_name ?? '' },
  );
  const opener = useRef<HTMLElement | null>(null);
  const openDetails: OpenDetails = (submission, element) => {
    opener.current = element;
    setDetails({ id: submission.id, projectName: submission.project_name });
  };
  return (
    <>
      <AdminPageHeader title="Sponsored Posts" />
      <ListSearch label="Search submissions" placeholder="Search by project, contact or email" results={submissions.length} more={next_token !== null} />
      <StatusTabs status={tab} labels={TAB_LABELS} counts={counts.queue} param="view">
        {submissions.length === 0 ? (
          <p className="rounded-lg border border-border bg-card py-10 text-center text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <>
            {/* Wide screens: a table whose columns fit without scrolling sideways. */}
            <div className="hidden lg:block">
              <PagedTable headings={['Project', 'Payment', 'Submitted']} emptyText={emptyText}>
                {submissions.map((submission) => (
                  <SubmissionRow key={submission.id} submission={submission} onView={openDetails} />
                ))}
              </PagedTable>
            </div>
            {/* Phones and tablets: one card per submission. */}
            <ul aria-label="Submissions" className="grid gap-3 lg:hidden">
              {submissions.map((submission) => (
                <SubmissionCard key={submission.id} submission={submission} onView={openDetails} />
              ))}
            </ul>
          </>
        )}
      </StatusTabs>
      <AdminPager nextToken={next_token} />
      <SubmissionDetails
        details={details}
        onClose={() => setDetails(null)}
        onClosed={() => {
          if (opener.current?.isConnected) opener.current.focus();
        }}
      />
    </>
  );
}

function SubmissionRow({ submission, onView }: { submission: SponsoredSubmission; onView: OpenDetails }) {
  return (
    <TableRow>
      <TableCell className="min-w-[11rem] max-w-[22rem]">
        <ProjectLink submission={submission} />
      </TableCell>
      <TableCell className="min-w-[9rem]">
        <PaymentSummary submission={submission} />
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatShortDate(submission.created_at)}</TableCell>
      <TableCell className="min-w-[15rem]">
        <SubmissionActions submission={submission} onView={onView} />
      </TableCell>
    </TableRow>
  );
}

function SubmissionCard({ submission, onView }: { submission: SponsoredSubmission; onView: OpenDetails }) {
  return (
    <li className="rounded-lg border border-border bg-card p-4 text-sm">
      <h2 className="text-base">
        <ProjectLink submission={submission} />
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Payment</dt>
        <dd>
          <PaymentSummary submission={submission} />
        </dd>
        <dt className="text-muted-foreground">Submitted</dt>
        <dd>{formatShortDate(submission.created_at)}</dd>
      </dl>
      <div className="mt-3">
        <SubmissionActions submission={submission} onView={onView} />
      </div>
    </li>
  );
}

/**
 * Approve and Reject as the status allows (Approve only once paid), each
 * confirmed first, the details, and the way to the article. In the table
 * they sit at the right.
 */
function SubmissionActions({ submission, onView }: { submission: SponsoredSubmission; onView: OpenDetails }) {
  const fetcher = useFetcher();
  const change = (status: SubmissionStatus, choice: StatusChangeChoice) =>
    void fetcher.submit(
      { id: submission.id, version: submission.version, status, preview_promised: String(choice.isPreviewPromised) },
      { method: 'post' },
    );
  const nextStatuses = NEXT_STATUSES[submission.status];
  const awaitsPayment = nextStatuses.includes('approved') && !isPaid(submission);
  return (
    <div className="grid gap-2 lg:justify-items-end">
      <div className="flex flex-wrap items-center gap-2 lg:justify-end">
        {nextStatuses
          .filter((next) => next !== 'approved' || isPaid(submission))
          .map((next) => (
            <StatusChangeButton key={next} submission={submission} status={next} disabled={fetcher.state !== 'idle'} onConfirm={(choice) => change(next, choice)} />
          ))}
        <ArticleProgress submission={submission} />
        <Button size="sm" variant="ghost" onClick={(event) => onView(submission, event.currentTarget)}>
          View Details<span className="sr-only"> of {submission.project_name}</span>
        </Button>
      </div>
      {awaitsPayment ? <p className="text-xs text-muted-foreground">Can be approved once paid</p> : null}
      <ArticleStage submission={submission} />
    </div>
  );
}

/**
 * The way of a paid submission to the reader: "Create draft post" once it
 * is approved and paid, then "Edit post" for its post.
 */
function ArticleProgress({ submission }: { submission: SponsoredSubmission }) {
  const navigate = useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const { post } = submission;
  if (post) {
    return (
      <Button asChild size="sm" variant="outline">
        <Link to={`/admin/posts/${post.id}`}>
          Edit post<span className="sr-only"> about {submission.project_name}</span>
        </Link>
      </Button>
    );
  }
  if (submission.status !== 'approved' || !isPaid(submission)) return null;
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
    <Button size="sm" variant="outline" disabled={isCreating} onClick={() => void create()}>
      {isCreating ? 'Creating...' : 'Create draft post'}
      <span className="sr-only"> for {submission.project_name}</span>
    </Button>
  );
}

/** Where the submission's post stands (draft, scheduled or published) and the newsletter issues that carried it. */
function ArticleStage({ submission }: { submission: SponsoredSubmission }) {
  const { post } = submission;
  if (!post) return null;
  const stage =
    post.status === 'draft'
      ? 'Post: draft'
      : isScheduled(post) && post.published_at !== null
        ? `Post scheduled for ${dateTimeText(post.published_at)}`
        : `Post published on ${post.published_at ? formatShortDate(post.published_at) : '—'}`;
  return (
    <div className="grid gap-1 text-xs text-muted-foreground lg:justify-items-end lg:text-right">
      <span>{stage}</span>
      {submission.newsletter_issues.map((issue) => (
        <span key={issue.slug}>Included in the newsletter of {issue.sent_at ? formatShortDate(issue.sent_at) : '—'}</span>
      ))}
    </div>
  );
}

type DetailsState =
  | { status: 'loading' }
  | { status: 'loaded'; submission: SponsoredSubmissionDetailsJson }
  | { status: 'failed'; message: string };

/**
 * 'View Details': the submission read afresh when the panel opens and after
 * each action in it, with every action and its timeline.
 */
function SubmissionDetails({
  details: opened,
  onClose,
  onClosed,
}: {
  details: { id: number; projectName: string } | null;
  onClose: () => void;
  onClosed: () => void;
}) {
  const [details, setDetails] = useState<DetailsState>({ status: 'loading' });
  const [reads, setReads] = useState(0);
  const revalidator = useRevalidator();
  const id = opened?.id ?? null;

  // Syncs with the API while the panel is open.
  useEffect(() => {
    if (id === null) return;
    let isCurrent = true;
    if (reads === 0) setDetails({ status: 'loading' });
    api.get<SponsoredSubmissionDetailsJson>(`/admin/submissions/sponsored/${id}`).then(
      (submission) => isCurrent && setDetails({ status: 'loaded', submission }),
      (error: unknown) => isCurrent && setDetails({ status: 'failed', message: errorMessage(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [id, reads]);

  const changed = () => {
    setReads((count) => count + 1);
    void revalidator.revalidate();
  };
  const changeStatus = async (status: 'approved' | 'rejected', choice: StatusChangeChoice) => {
    if (details.status !== 'loaded') return;
    try {
      await api.patch(`/admin/submissions/sponsored/${details.submission.id}`, {
        status,
        version: details.submission.version,
        ...(status === 'approved' ? { preview_promised: choice.isPreviewPromised } : {}),
      });
      notifySuccess('Status updated', `Submission marked as ${status}`);
      changed();
    } catch (error) {
      notifyError('Error', describeFailure(error, 'Failed to update'));
    }
  };

  return (
    <Dialog
      open={opened !== null}
      onOpenChange={(isOpen) => {
        if (isOpen) return;
        onClose();
        setReads(0);
      }}
    >
      <DialogContent
        className="max-h-[90vh] max-w-2xl overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle>Submission Details</DialogTitle>
          <DialogDescription>{details.status === 'loaded' ? details.submission.project_name : opened?.projectName}</DialogDescription>
        </DialogHeader>
        {details.status === 'loading' ? <p role="status">Loading submission details...</p> : null}
        {details.status === 'failed' ? (
          <p role="alert" className="text-destructive">
            {details.message}
          </p>
        ) : null}
        {details.status === 'loaded' ? (
          <div className="grid gap-6">
            <section aria-label="Actions">
              <SubmissionPanelActions submission={details.submission} onStatus={changeStatus} onChanged={changed} />
            </section>
            <DetailsBody submission={details.submission} />
            <section aria-labelledby={`timeline-${details.submission.id}`} className="text-sm">
              <h3 id={`timeline-${details.submission.id}`} className="mb-2 font-semibold">
                Timeline
              </h3>
              <SubmissionTimeline timeline={details.submission.timeline} />
            </section>
          </div>
        ) : null}
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
        <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            {paymentStatusText(submission.payment_status)}
            <TestPaymentBadge submission={submission} />
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
        <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Project</dt>
          <dd>{submission.project_name}</dd>
          <dt className="text-muted-foreground">Project URL</dt>
          <dd className="break-all">
            <a href={submission.project_url} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
              {submission.project_url}
            </a>
          </dd>
          <dt className="text-muted-foreground">Contact</dt>
          <dd className="break-all">
            {submission.contact_name} (
            <a href={`mailto:${submission.contact_email}`} className="text-primary underline underline-offset-4">
              {submission.contact_email}
            </a>
            )
          </dd>
          <dt className="text-muted-foreground">Submitted</dt>
          <dd>{dateTimeText(submission.created_at)}</dd>
          {submission.campaign_goal !== null && submission.campaign_currency !== null ? (
            <>
              <dt className="text-muted-foreground">Campaign goal</dt>
              <dd>{formatMoney(submission.campaign_goal, submission.campaign_currency)}</dd>
            </>
          ) : null}
          {submission.campaign_ends_at !== null ? (
            <>
              <dt className="text-muted-foreground">Campaign ends</dt>
              <dd>{dateTimeText(submission.campaign_ends_at)}</dd>
            </>
          ) : null}
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

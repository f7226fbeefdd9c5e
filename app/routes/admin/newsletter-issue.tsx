import { ArrowDown, ArrowLeft, ArrowUp, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import type { NewsletterIssueJson, NewsletterPreviewJson } from '../../../common/answers.ts';
import { fieldErrorsOf } from '../../../common/field-errors.ts';
import { newsletterIssueSchema, type NewsletterIssueInput } from '../../../common/schemas/newsletter.ts';
import { adminMeta, type AdminMetaMatches } from '../../components/admin/admin-meta.ts';
import { SponsoredLabel } from '../../components/sponsored-label.tsx';
import { AdminLoading } from '../../components/admin/admin-page.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import {
  cancelIssue,
  createIssue,
  deleteIssue,
  getAudience,
  getIssue,
  ISSUES_PATH,
  leftOutNotice,
  listIssues,
  listPublishedPosts,
  previewIssue,
  saveIssue,
  sendIssue,
  sendNowQuestion,
  sendTest,
  statusLabel,
} from '../../lib/admin-newsletters.ts';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { KEPT_IN_OUTBOX } from '../../lib/mail-delivery.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toast.ts';
import { isVersionConflict } from '../../lib/api-client.ts';
import { formatDateTime, formatSiteDateTime, siteInputToSeconds } from '../../lib/dates.ts';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
import { OutboxNotice } from './newsletter-issues.tsx';
import type { Route } from './+types/newsletter-issue';

// The editor and its styles stay out of every other page's bundle.
const MarkdownEditor = lazy(() => import('../../components/admin/markdown-editor.tsx'));

export const meta = ({ params, matches }: { params: { id?: string }; matches: AdminMetaMatches }) =>
  adminMeta(params.id === 'new' ? 'New Issue' : 'Edit Issue', matches);

/** /admin/newsletter/issues/new, or …/{id}. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return withAdminSession(async () => {
    const id = params.id === 'new' ? null : Number(params.id);
    const [issue, posts, list] = await Promise.all([
      id === null ? Promise.resolve(null) : getIssue(id),
      listPublishedPosts(),
      listIssues(),
    ]);
    return { issue, posts, delivery: list.delivery };
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const EMPTY: Required<NewsletterIssueInput> = { subject: '', preheader: '', intro: '', closing: '', post_ids: [] };

const valuesOf = (issue: NewsletterIssueJson | null): Required<NewsletterIssueInput> =>
  issue
    ? { subject: issue.subject, preheader: issue.preheader, intro: issue.intro, closing: issue.closing, post_ids: issue.post_ids }
    : EMPTY;

export default function NewsletterIssueRoute({ loaderData, params }: Route.ComponentProps) {
  // A different issue is a fresh form.
  return <IssueComposer key={params.id} {...loaderData} />;
}

function IssueComposer({
  issue,
  posts,
  delivery,
}: {
  issue: NewsletterIssueJson | null;
  posts: { id: number; title: string; sponsored: boolean }[];
  delivery: 'smtp' | 'outbox';
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [values, setValues] = useState(() => valuesOf(issue));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const isEditable = issue === null || issue.status === 'draft' || issue.status === 'scheduled';
  const isDirty = JSON.stringify(values) !== JSON.stringify(valuesOf(issue));
  const preview = useLivePreview(values);

  // Progress of a sending issue, every two seconds until it is done.
  useEffect(() => {
    if (issue?.status !== 'sending') return;
    const timer = setInterval(() => void revalidator.revalidate(), 2000);
    return () => clearInterval(timer);
  }, [issue?.status, revalidator]);

  const set = <K extends keyof NewsletterIssueInput>(field: K, value: Required<NewsletterIssueInput>[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const run = async (work: () => Promise<void>) => {
    setIsBusy(true);
    try {
      await work();
    } finally {
      setIsBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const result = newsletterIssueSchema.safeParse(values);
    const found = result.success ? {} : fieldErrorsOf(result.error);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`issue-${first}`)?.focus();
      return;
    }
    void run(async () => {
      try {
        if (issue === null) {
          const created = await createIssue(values);
          notifySuccess('Issue saved');
          await navigate(`${ISSUES_PATH}/${created.id}`, { replace: true });
        } else {
          await saveIssue(issue.id, { ...values, version: issue.version });
          setConflict(null);
          notifySuccess('Issue saved');
          await revalidator.revalidate();
        }
      } catch (error) {
        if (isVersionConflict(error)) setConflict(describeFailure(error, 'This issue was changed by someone else.'));
        else notifyError('Error', describeFailure(error, 'Failed to save the issue'));
      }
    });
  };

  return (
    <>
      <Link to={ISSUES_PATH} className="mb-4 inline-flex items-center gap-2 text-sm text-primary hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </Link>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{issue ? 'Edit Issue' : 'New Issue'}</h1>
        {issue ? <Badge variant="secondary">{statusLabel(issue.status, delivery)}</Badge> : null}
      </div>
      {delivery === 'outbox' ? <OutboxNotice /> : null}
      {conflict ? (
        <Alert variant="destructive" className="mb-6">
          <AlertTitle>Someone else changed this issue</AlertTitle>
          <AlertDescription>{conflict} Your text is kept below; copy what you need before reloading.</AlertDescription>
        </Alert>
      ) : null}
      {issue?.reached_nobody_at ? <ReachedNobodyNotice at={issue.reached_nobody_at} /> : null}
      {issue && issue.status !== 'draft' && issue.left_out.length > 0 ? (
        <Alert className="mb-6">
          <AlertTitle>Posts left out</AlertTitle>
          <AlertDescription>{leftOutNotice(issue.left_out.map((post) => post.title))}</AlertDescription>
        </Alert>
      ) : null}
      {issue && issue.status !== 'draft' ? <Progress issue={issue} delivery={delivery} /> : null}
      {/* Side by side only where the preview column is as wide as the mail (600 px). */}
      <div className="grid gap-8 2xl:grid-cols-2">
        <form noValidate onSubmit={save} className="grid content-start gap-6" aria-label="Issue">
          <fieldset disabled={!isEditable || isBusy} className="grid gap-6">
            <Field id="issue-subject" label="Subject" error={errors.subject}>
              {(control) => <Input {...control} required value={values.subject} onChange={(event) => set('subject', event.target.value)} />}
            </Field>
            <Field id="issue-preheader" label="Preheader" error={errors.preheader} hint="Shown after the subject in most inboxes.">
              {(control) => <Input {...control} value={values.preheader} onChange={(event) => set('preheader', event.target.value)} />}
            </Field>
            <div className="grid gap-2">
              <Label htmlFor="issue-intro">Intro</Label>
              <Suspense fallback={<Spinner label="Loading the editor" />}>
                <MarkdownEditor id="issue-intro" value={values.intro} onChange={(intro) => set('intro', intro)} invalid={Boolean(errors.intro)} />
              </Suspense>
            </div>
            <PostPicker posts={posts} chosen={values.post_ids} onChange={(ids) => set('post_ids', ids)} error={errors.post_ids} />
            <Field id="issue-closing" label="Closing text" error={errors.closing}>
              {(control) => <Textarea {...control} rows={3} value={values.closing} onChange={(event) => set('closing', event.target.value)} />}
            </Field>
          </fieldset>
          {isEditable ? (
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={isBusy}>
                {isBusy ? 'Saving...' : 'Save'}
              </Button>
              {issue?.status === 'draft' ? (
                <Button
                  type="button"
                  variant="outline"
                  disabled={isBusy}
                  onClick={() =>
                    void run(async () => {
                      if (!window.confirm('Delete this draft?')) return;
                      try {
                        await deleteIssue(issue.id);
                        notifySuccess('Issue deleted');
                        await navigate(ISSUES_PATH);
                      } catch (error) {
                        notifyError('Error', describeFailure(error, 'Failed to delete the issue'));
                      }
                    })
                  }
                >
                  Delete
                </Button>
              ) : null}
            </div>
          ) : null}
        </form>
        <PreviewPane preview={preview} />
        {issue ? <SendPanel issue={issue} isDirty={isDirty} onChanged={() => void revalidator.revalidate()} /> : null}
      </div>
    </>
  );
}

/** The mail as the typed values make it, fetched a moment after typing stops. */
function useLivePreview(values: NewsletterIssueInput): NewsletterPreviewJson | 'invalid' | null {
  const [preview, setPreview] = useState<NewsletterPreviewJson | 'invalid' | null>(null);
  const key = JSON.stringify(values);
  useEffect(() => {
    let isCurrent = true;
    const timer = setTimeout(() => {
      const parsed = newsletterIssueSchema.safeParse(JSON.parse(key));
      if (!parsed.success) {
        setPreview('invalid');
        return;
      }
      previewIssue(parsed.data).then(
        (next) => isCurrent && setPreview(next),
        () => isCurrent && setPreview('invalid'),
      );
    }, 400);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [key]);
  return preview;
}

function PreviewPane({ preview }: { preview: NewsletterPreviewJson | 'invalid' | null }) {
  const [part, setPart] = useState<'html' | 'text'>('html');
  return (
    <section aria-labelledby="preview-heading" className="grid content-start gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <div className="flex gap-2" role="group" aria-label="Part of the mail">
          <Button type="button" size="sm" variant={part === 'html' ? 'default' : 'outline'} aria-pressed={part === 'html'} onClick={() => setPart('html')}>
            HTML
          </Button>
          <Button type="button" size="sm" variant={part === 'text' ? 'default' : 'outline'} aria-pressed={part === 'text'} onClick={() => setPart('text')}>
            Plain text
          </Button>
        </div>
      </div>
      {preview === null ? (
        <Spinner label="Loading the preview" />
      ) : preview === 'invalid' ? (
        <p className="text-sm text-muted-foreground">The preview shows once the issue has a subject.</p>
      ) : (
        <>
          {preview.left_out.length > 0 ? (
            <Alert>
              <AlertTitle>Not in the mail</AlertTitle>
              <AlertDescription>
                Not published, so left out: {preview.left_out.join(', ')}. A post is sent only if it is live when the issue goes out.
              </AlertDescription>
            </Alert>
          ) : null}
          {part === 'html' ? (
            <MailFrame html={preview.html} />
          ) : (
            <pre className="h-[720px] overflow-auto whitespace-pre-wrap rounded-md border border-border bg-background p-4 text-sm">{preview.text}</pre>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The mail's HTML in a frame as tall as the mail, so none of it is cut off.
 * No scripts run in it, so its HTML cannot act on the back office; it keeps
 * the site's origin only so that the site's images (covers, logo) load as
 * they do in a mail client, and so its height can be read.
 */
function MailFrame({ html }: { html: string }) {
  const [height, setHeight] = useState(720);
  return (
    <iframe
      title="E-mail preview"
      sandbox="allow-same-origin"
      srcDoc={html}
      style={{ height: `${height}px` }}
      className="w-full rounded-md border border-border bg-white"
      onLoad={(event) => {
        const mail = event.currentTarget.contentDocument?.documentElement;
        if (mail) setHeight(Math.max(mail.scrollHeight, 200));
      }}
    />
  );
}

function PostPicker({
  posts,
  chosen,
  onChange,
  error,
}: {
  posts: { id: number; title: string; sponsored: boolean }[];
  chosen: number[];
  onChange: (ids: number[]) => void;
  error: string | undefined;
}) {
  const titleOf = (id: number) => posts.find((post) => post.id === id)?.title ?? `Post ${id}`;
  const isSponsored = (id: number) => posts.find((post) => post.id === id)?.sponsored ?? false;
  const available = posts.filter((post) => !chosen.includes(post.id));
  const move = (index: number, by: number) => {
    const next = [...chosen];
    const [id] = next.splice(index, 1);
    if (id === undefined) return;
    next.splice(index + by, 0, id);
    onChange(next);
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor="issue-post_ids">Posts</Label>
      {chosen.length > 0 ? (
        <ol className="grid gap-2">
          {chosen.map((id, index) => (
            <li key={id} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm">
              <span className="flex flex-wrap items-center gap-2">
                {index + 1}. {titleOf(id)}
                {isSponsored(id) ? <SponsoredLabel /> : null}
              </span>
              <span className="flex gap-1">
                <Button type="button" size="icon" variant="ghost" disabled={index === 0} onClick={() => move(index, -1)}>
                  <ArrowUp aria-hidden="true" />
                  <span className="sr-only">Move {titleOf(id)} up</span>
                </Button>
                <Button type="button" size="icon" variant="ghost" disabled={index === chosen.length - 1} onClick={() => move(index, 1)}>
                  <ArrowDown aria-hidden="true" />
                  <span className="sr-only">Move {titleOf(id)} down</span>
                </Button>
                <Button type="button" size="icon" variant="ghost" onClick={() => onChange(chosen.filter((other) => other !== id))}>
                  <X aria-hidden="true" />
                  <span className="sr-only">Remove {titleOf(id)}</span>
                </Button>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      <select
        id="issue-post_ids"
        value=""
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          const id = Number(event.target.value);
          if (id) onChange([...chosen, id]);
        }}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm"
      >
        <option value="">{available.length ? 'Add a published post…' : 'No more published posts'}</option>
        {available.map((post) => (
          <option key={post.id} value={post.id}>
            {post.sponsored ? `${post.title} (Sponsored)` : post.title}
          </option>
        ))}
      </select>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A sending that found nobody to take the issue sent it to no one: it is back in draft, and says why. */
function ReachedNobodyNotice({ at }: { at: number }) {
  return (
    <Alert className="mb-6">
      <AlertTitle>Not sent: nobody was left to receive it</AlertTitle>
      <AlertDescription>
        This issue started going out on {formatDateTime(at)}, but no active subscriber was left by then, so it went to nobody and is back
        in draft. It is not in the public archive. Send it again once you have active subscribers.
      </AlertDescription>
    </Alert>
  );
}

function Progress({ issue, delivery }: { issue: NewsletterIssueJson; delivery: 'smtp' | 'outbox' }) {
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
            {kept ? `Kept ${issue.sent} of ${issue.recipients} in the outbox` : `Sent ${issue.sent} of ${issue.recipients}`} · Failed{' '}
            {issue.failed} · Pending {issue.pending}
          </p>
          {kept ? <p>The mails are {KEPT_IN_OUTBOX}.</p> : null}
        </>
      ) : null}
      {issue.sent_at ? <p>{kept ? 'Finished on' : 'Sent on'} {formatDateTime(issue.sent_at)}</p> : null}
    </section>
  );
}

function SendPanel({ issue, isDirty, onChanged }: { issue: NewsletterIssueJson; isDirty: boolean; onChanged: () => void }) {
  const [testEmails, setTestEmails] = useState('');
  const [scheduleAt, setScheduleAt] = useState('');
  // Typed and shown on the clocks of the site's time zone, as the post editor's times.
  const timeZone = useSiteTimeZone();
  const [isBusy, setIsBusy] = useState(false);
  const canSend = issue.status === 'draft' || issue.status === 'scheduled';
  const canCancel = issue.status === 'scheduled' || issue.status === 'sending';

  /** Runs `work`; its answer is the success to announce, or null when the user stopped (nothing changed). */
  const act = async (work: () => Promise<string | null>, fallback: string) => {
    if (isDirty) {
      notifyError('Unsaved changes', 'Save the issue first: tests and sends use the saved version.');
      return;
    }
    setIsBusy(true);
    try {
      const done = await work();
      if (done === null) return;
      notifySuccess(done);
      onChanged();
    } catch (error) {
      notifyError('Error', describeFailure(error, fallback));
    } finally {
      setIsBusy(false);
    }
  };

  const emails = testEmails
    .split(/[,\s]+/)
    .map((email) => email.trim())
    .filter(Boolean);

  return (
    <section aria-labelledby="send-heading" className="grid gap-4 border-t border-border pt-6">
      <h2 id="send-heading" className="text-lg font-semibold">
        Send
      </h2>
      <div className="grid gap-2">
        <Label htmlFor="issue-test-emails">Test addresses</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="issue-test-emails"
            className="max-w-sm"
            placeholder="you@example.com, editor@example.com"
            value={testEmails}
            onChange={(event) => setTestEmails(event.target.value)}
          />
          <Button
            type="button"
            variant="outline"
            disabled={isBusy || emails.length === 0}
            onClick={() =>
              void act(async () => {
                const result = await sendTest(issue.id, emails);
                return result.delivery === 'outbox'
                  ? `Test ${KEPT_IN_OUTBOX}`
                  : `Test sent to ${result.sent} address${result.sent === 1 ? '' : 'es'}`;
              }, 'Failed to send the test')
            }
          >
            Send test
          </Button>
        </div>
      </div>
      {canSend ? (
        <div className="flex flex-wrap items-end gap-3">
          <Button
            type="button"
            disabled={isBusy}
            onClick={() =>
              void act(async () => {
                // Counted when asked, so the question names who gets it now.
                const audience = await getAudience();
                if (audience.active_subscribers === 0) {
                  notifyError('No recipients', 'There are no active subscribers: nobody would receive this issue. Nothing was sent.');
                  return null;
                }
                if (!window.confirm(sendNowQuestion(audience))) return null;
                await sendIssue(issue.id);
                return audience.delivery === 'outbox' ? `Issue ${KEPT_IN_OUTBOX}` : 'Sending started';
              }, 'Failed to send the issue')
            }
          >
            Send now
          </Button>
          <div className="grid gap-2">
            <Label htmlFor="issue-schedule">Send later at ({timeZone})</Label>
            <Input id="issue-schedule" type="datetime-local" value={scheduleAt} onChange={(event) => setScheduleAt(event.target.value)} />
          </div>
          <Button
            type="button"
            variant="outline"
            disabled={isBusy || !scheduleAt}
            onClick={() =>
              void act(async () => {
                const at = siteInputToSeconds(scheduleAt, timeZone) ?? Math.floor(Date.now() / 1000);
                const scheduled = await sendIssue(issue.id, at);
                return `Scheduled for ${formatSiteDateTime(scheduled.scheduled_at ?? at, timeZone)}`;
              }, 'Failed to schedule the issue')
            }
          >
            Schedule
          </Button>
        </div>
      ) : null}
      {canCancel ? (
        <div>
          <Button
            type="button"
            variant="destructive"
            disabled={isBusy}
            onClick={() => {
              if (!window.confirm('Stop this issue? Mails not sent yet will not be sent.')) return;
              void act(async () => {
                await cancelIssue(issue.id);
                return 'Issue cancelled';
              }, 'Failed to cancel the issue');
            }}
          >
            Cancel sending
          </Button>
        </div>
      ) : null}
    </section>
  );
}

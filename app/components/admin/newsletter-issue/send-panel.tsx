import { useState } from 'react';
import type { NewsletterAudienceJson, NewsletterIssueJson } from '../../../../common/answers.ts';
import { cancelIssue, getAudience, sendIssue, sendNowQuestion, sendTest } from '../../../lib/admin-newsletters.ts';
import { KEPT_IN_OUTBOX } from '../../../lib/mail-delivery.ts';
import { describeFailure } from '../../../lib/admin-session.ts';
import { useSiteTimeZone } from '../../../lib/admin-time-zone.ts';
import { notifyError, notifySuccess } from '../../../lib/admin-toasts.ts';
import { formatSiteDateTime, siteInputToSeconds } from '../../../lib/dates.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';

/** Runs `work`; its answer is the success to announce, or null when the user stopped (nothing changed). */
type Act = (work: () => Promise<string | null>, fallback: string) => Promise<void>;

/**
 * A stored issue's sending: a test to some addresses, now, later, or
 * stopped. One action at a time, on the saved version only.
 */
export function SendPanel({ issue, isDirty, onChanged }: { issue: NewsletterIssueJson; isDirty: boolean; onChanged: () => void }) {
  const [isBusy, setIsBusy] = useState(false);
  const canSend = issue.status === 'draft' || issue.status === 'scheduled';
  const canCancel = issue.status === 'scheduled' || issue.status === 'sending';

  const act: Act = async (work, fallback) => {
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

  return (
    <section aria-labelledby="send-heading" className="grid gap-4 border-t border-border pt-6">
      <h2 id="send-heading" className="text-lg font-semibold">
        Send
      </h2>
      <TestSend issueId={issue.id} isBusy={isBusy} act={act} />
      {canSend ? <SendNowOrLater issueId={issue.id} isBusy={isBusy} act={act} /> : null}
      {canCancel ? <CancelSending issueId={issue.id} isBusy={isBusy} act={act} /> : null}
    </section>
  );
}

interface SendActionProps {
  issueId: number;
  isBusy: boolean;
  act: Act;
}

/** The issue sent to a few addresses, to see it in a real inbox. */
function TestSend({ issueId, isBusy, act }: SendActionProps) {
  const [testEmails, setTestEmails] = useState('');
  const emails = testEmails
    .split(/[,\s]+/)
    .map((email) => email.trim())
    .filter(Boolean);
  return (
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
              const result = await sendTest(issueId, emails);
              return result.delivery === 'outbox' ? `Test ${KEPT_IN_OUTBOX}` : `Test sent to ${result.sent} address${result.sent === 1 ? '' : 'es'}`;
            }, 'Failed to send the test')
          }
        >
          Send test
        </Button>
      </div>
    </div>
  );
}

/** The issue sent to every active subscriber now, or scheduled for a time typed on the site's clocks. */
function SendNowOrLater({ issueId, isBusy, act }: SendActionProps) {
  const [scheduleAt, setScheduleAt] = useState('');
  // The question "Send now" asks, once the audience is counted; null while no question is open.
  const [question, setQuestion] = useState<{ text: string; delivery: NewsletterAudienceJson['delivery'] } | null>(null);
  // Typed and shown on the clocks of the site's time zone, as the post editor's times.
  const timeZone = useSiteTimeZone();
  return (
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
            setQuestion({ text: sendNowQuestion(audience), delivery: audience.delivery });
            return null;
          }, 'Failed to count the subscribers')
        }
      >
        Send now
      </Button>
      <ConfirmDialog
        title="Send this issue?"
        question={question?.text ?? null}
        confirm="Send"
        onAnswer={(isYes) => {
          const delivery = question?.delivery;
          setQuestion(null);
          if (!isYes) return;
          void act(async () => {
            await sendIssue(issueId);
            return delivery === 'outbox' ? `Issue ${KEPT_IN_OUTBOX}` : 'Sending started';
          }, 'Failed to send the issue');
        }}
      />
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
            const scheduled = await sendIssue(issueId, at);
            return `Scheduled for ${formatSiteDateTime(scheduled.scheduled_at ?? at, timeZone)}`;
          }, 'Failed to schedule the issue')
        }
      >
        Schedule
      </Button>
    </div>
  );
}

/**
 * A question in the back office's own dialog (as its deletions ask), open
 * while `question` is set; `onAnswer` hears yes or no once.
 */
function ConfirmDialog({
  title,
  question,
  confirm,
  onAnswer,
}: {
  title: string;
  question: string | null;
  confirm: string;
  onAnswer: (isYes: boolean) => void;
}) {
  return (
    <AlertDialog open={question !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onAnswer(false))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{question}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              // Answered here, once: the dialog's own closing would answer no as well.
              event.preventDefault();
              onAnswer(true);
            }}
          >
            {confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A scheduled or sending issue stopped: mails not sent yet are not sent. */
function CancelSending({ issueId, isBusy, act }: SendActionProps) {
  const [isAsking, setIsAsking] = useState(false);
  return (
    <div>
      <Button type="button" variant="destructive" disabled={isBusy} onClick={() => setIsAsking(true)}>
        Cancel sending
      </Button>
      <ConfirmDialog
        title="Stop this issue?"
        question={isAsking ? 'Mails not sent yet will not be sent.' : null}
        confirm="Stop the issue"
        onAnswer={(isYes) => {
          setIsAsking(false);
          if (!isYes) return;
          void act(async () => {
            await cancelIssue(issueId);
            return 'Issue cancelled';
          }, 'Failed to cancel the issue');
        }}
      />
    </div>
  );
}

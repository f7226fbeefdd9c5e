import { formatDateTime } from '../../../lib/dates.ts';
import { leftOutNotice } from '../../../lib/admin-newsletters.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';

/** Without SMTP_URL nothing leaves the server: the owner must know before sending. */
export function OutboxNotice() {
  return (
    <Alert className="mb-6">
      <AlertTitle>Mails are kept in the outbox</AlertTitle>
      <AlertDescription>
        No mail server is configured (SMTP_URL is not set), so issues and test mails are stored in the outbox, not sent.
      </AlertDescription>
    </Alert>
  );
}

/** A save refused because someone else saved first: the typed text stays. */
export function IssueConflictAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive" className="mb-6">
      <AlertTitle>Someone else changed this issue</AlertTitle>
      <AlertDescription>{message} Your text is kept below; copy what you need before reloading.</AlertDescription>
    </Alert>
  );
}

/** A sending that found nobody to take the issue sent it to no one: it is back in draft, and says why. */
export function ReachedNobodyNotice({ at }: { at: number }) {
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

/** The posts a sending left out, not being live when the issue went out. */
export function LeftOutPostsNotice({ titles }: { titles: readonly string[] }) {
  return (
    <Alert className="mb-6">
      <AlertTitle>Posts left out</AlertTitle>
      <AlertDescription>{leftOutNotice(titles)}</AlertDescription>
    </Alert>
  );
}

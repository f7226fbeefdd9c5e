/**
 * Where the mail of a back-office action went, said in place (decision 048):
 * sent, kept in the outbox because no mail server is set up, or refused by
 * the mail server; with the link the mail carries, to copy, when the action
 * offers it and the mail did not leave.
 *
 * Usage: a mail-sending action answers `{ …, mail: MailDeliveryJson }`
 * (server/mail/mailer.ts `mailDelivery(result, link?)` makes it); show that
 * under the form that sent it, instead of a toast:
 *
 *   <MailDeliveryNote what="Preview link" to={submission.contact_email} mail={answer.mail}
 *     linkUse={{ kind: 'until', expiresAt: answer.expires_at }} />
 *
 * `what` starts the sentence ("Invitation", "Preview link"); `linkUse` says
 * how the link works, so the note tells the truth about it: once for an
 * invitation or a reset, until it expires for a preview. The owner also
 * gets a link to the mail in the outbox; pass `canOpenOutbox` from the
 * layout's permissions (`me.permissions.includes('outbox')`). Give
 * `linkLabel` when the copied link needs a name other than "Link".
 */
import { Copy, Inbox } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { MailDeliveryJson } from '../../../common/answers.ts';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { cn } from '../../lib/cn.ts';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
import { linkUseSentence, mailDeliverySentence, type LinkUse } from '../../lib/mail-delivery.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';

/** Copies the link; where the browser allows no clipboard (a plain-http address), selects it for the user to copy. */
async function copy(link: string, fieldId: string) {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(link);
    notifySuccess('Link copied');
  } catch {
    const field = document.getElementById(fieldId);
    if (field instanceof HTMLInputElement) {
      field.focus();
      field.select();
    }
    notifyError('Error', 'Copying is not allowed here: the link is selected, copy it yourself.');
  }
}

export function MailDeliveryNote({
  what,
  mail,
  linkUse,
  to,
  canOpenOutbox = false,
  linkLabel = 'Link',
  className,
}: {
  what: string;
  mail: MailDeliveryJson;
  linkUse: LinkUse;
  to?: string;
  canOpenOutbox?: boolean;
  linkLabel?: string;
  className?: string;
}) {
  const fieldId = useId();
  const timeZone = useSiteTimeZone();
  const sent = mail.delivery === 'sent';
  return (
    <div
      role="status"
      data-testid="mail-delivery-note"
      className={cn(
        'grid gap-3 rounded-md border px-4 py-3 text-sm',
        sent ? 'border-border bg-background' : 'border-amber-400 bg-amber-50 text-amber-950',
        className,
      )}
    >
      <p className="font-medium">{mailDeliverySentence(what, mail, to)}</p>
      {mail.link ? (
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>{linkLabel}</Label>
          <p className="text-amber-950">{linkUseSentence(linkUse, timeZone)}</p>
          <div className="flex flex-wrap gap-2">
            <Input id={fieldId} readOnly value={mail.link} className="max-w-xl bg-background text-foreground" onFocus={(event) => event.target.select()} />
            <Button type="button" variant="outline" onClick={() => void copy(mail.link ?? '', fieldId)}>
              <Copy aria-hidden="true" />
              Copy link
            </Button>
          </div>
        </div>
      ) : null}
      {canOpenOutbox && mail.outbox_id !== null && !sent ? (
        <Link to={`/admin/outbox/${mail.outbox_id}`} className="inline-flex items-center gap-2 font-medium text-primary underline underline-offset-4">
          <Inbox aria-hidden="true" className="size-4" />
          Open it in the outbox
        </Link>
      ) : null}
    </div>
  );
}

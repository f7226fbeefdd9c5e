import { ArrowLeft, Copy } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader } from '../../components/admin/admin-page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { api } from '../../lib/api-client.ts';
import { withAdminSession } from '../../lib/admin-session.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { LINK_REMOVED_NOTES, mailKindLabel, OUTBOX_STATUS_LABELS } from '../../lib/outbox.ts';
import type { OutboxMailJson } from '../../../common/answers.ts';
import type { Route } from './+types/outbox-mail';

export const meta = adminPageMeta('Outbox');

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return withAdminSession(() => api.get<OutboxMailJson>(`/admin/outbox/${encodeURIComponent(params.id)}`));
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const copy = (link: string) =>
  void (navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject(new Error('no clipboard'))).then(
    () => notifySuccess('Link copied'),
    () => notifyError('Error', 'Copying is not allowed here: select the link in the mail and copy it yourself.'),
  );

// The same addresses the server lists as the mail's links (server/services/site/outbox.ts).
const URL_PATTERN = /(https?:\/\/[^\s<>"'`]+?)([.,;:!?)\]]*(?=\s|$))/g;

/** The plain-text mail with its addresses as links, as a mail program shows it. */
function TextWithLinks({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[1] ?? '';
    parts.push(
      text.slice(last, match.index),
      <a key={match.index} href={url} className="break-all text-primary underline underline-offset-4">
        {url}
      </a>,
    );
    // A full stop after the address stays in the text.
    last = match.index + url.length;
  }
  parts.push(text.slice(last));
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm leading-relaxed" data-testid="outbox-mail-text">
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </pre>
  );
}

export default function AdminOutboxMail({ loaderData: mail }: Route.ComponentProps) {
  const sentLine = mail.sent_at ? `Sent ${formatDateTime(mail.sent_at)}` : null;
  return (
    <>
      <Link to="/admin/outbox" className="mb-4 inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the outbox
      </Link>
      <AdminPageHeader title={mail.subject} />
      <div className="grid max-w-4xl gap-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="font-medium">To</dt>
          <dd className="break-all">{mail.to}</dd>
          <dt className="font-medium">Kind</dt>
          <dd>{mailKindLabel(mail.kind)}</dd>
          <dt className="font-medium">Status</dt>
          <dd>
            <Badge variant={mail.status === 'failed' ? 'destructive' : mail.status === 'sent' ? 'default' : 'secondary'}>
              {OUTBOX_STATUS_LABELS[mail.status]}
            </Badge>
            {mail.status === 'stored' ? <span className="ml-2 text-muted-foreground">Not sent: no mail server is set up.</span> : null}
          </dd>
          <dt className="font-medium">Written</dt>
          <dd>
            {formatDateTime(mail.created_at)}
            {sentLine ? ` · ${sentLine}` : ''}
          </dd>
          {mail.error ? (
            <>
              <dt className="font-medium">Mail server</dt>
              <dd className="break-words">{mail.error}</dd>
            </>
          ) : null}
        </dl>

        <section aria-labelledby="outbox-links" className="grid gap-3">
          <h2 id="outbox-links" className="text-lg font-semibold">
            Links
          </h2>
          {mail.link_removed ? (
            <p className="text-sm text-muted-foreground">
              {LINK_REMOVED_NOTES[mail.link_removed]}
            </p>
          ) : mail.link_expires_at ? (
            <p className="text-sm text-muted-foreground">
              Its private links stay in this copy until {formatDateTime(mail.link_expires_at)}, then they are removed. Whoever opens one acts as the recipient: pass it only to them.
            </p>
          ) : null}
          {mail.links.length === 0 ? (
            <p className="text-sm text-muted-foreground">No links in this mail.</p>
          ) : (
            <ul className="grid gap-2">
              {mail.links.map((link) => (
                <li key={link} className="flex flex-wrap items-center gap-2">
                  <a href={link} className="min-w-0 break-all text-sm text-primary underline underline-offset-4">
                    {link}
                  </a>
                  <Button type="button" variant="outline" size="sm" onClick={() => copy(link)}>
                    <Copy aria-hidden="true" />
                    Copy link<span className="sr-only"> {link}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>

        {mail.html ? (
          <Card>
            <CardHeader>
              <CardTitle>As the recipient sees it</CardTitle>
            </CardHeader>
            <CardContent>
              {/* Sandboxed: the mail's own markup runs nothing and reaches nothing of the back office. */}
              <iframe title={`The mail “${mail.subject}”`} sandbox="" srcDoc={mail.html} className="h-[720px] w-full rounded-md border border-border bg-white" />
            </CardContent>
          </Card>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle>{mail.html ? 'Plain-text version' : 'The mail'}</CardTitle>
          </CardHeader>
          <CardContent>
            <TextWithLinks text={mail.text} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

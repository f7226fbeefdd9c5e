import { Link } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader, AdminPager } from '../../components/admin/admin-page.tsx';
import { PagedTable } from '../../components/admin/paged-table.tsx';
import { StatusTabs } from '../../components/admin/status-tabs.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { api, pageToken } from '../../lib/api-client.ts';
import { withAdminSession } from '../../lib/admin-session.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { KEPT_IN_OUTBOX } from '../../lib/mail-delivery.ts';
import { mailKindLabel, OUTBOX_STATUS_LABELS } from '../../lib/outbox.ts';
import type { OutboxMailSummaryJson, OutboxPageJson } from '../../../common/answers.ts';
import type { Route } from './+types/outbox';

type Tab = 'all' | OutboxMailSummaryJson['status'];

const TAB_LABELS: Record<Tab, string> = { all: 'All', ...OUTBOX_STATUS_LABELS };
const TABS = Object.keys(TAB_LABELS) as Tab[];

export const meta = adminPageMeta('Outbox');

const tabOf = (request: Request): Tab => {
  const value = new URL(request.url).searchParams.get('status');
  return TABS.find((tab) => tab === value) ?? 'all';
};

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const tab = tabOf(request);
  return withAdminSession(async () => {
    const page = await api.get<OutboxPageJson>('/admin/outbox', {
      limit: 20,
      next_token: pageToken(request),
      status: tab === 'all' ? undefined : tab,
    });
    return { ...page, tab };
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

const BADGES: Record<OutboxMailSummaryJson['status'], 'default' | 'secondary' | 'destructive'> = {
  sent: 'default',
  stored: 'secondary',
  pending: 'secondary',
  failed: 'destructive',
};

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { mails, next_token, counts, delivery, tab } = loaderData;
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return (
    <>
      <AdminPageHeader title="Outbox" />
      <Alert className="mb-6">
        {delivery === 'outbox' ? (
          <>
            <AlertTitle>Mails are {KEPT_IN_OUTBOX}</AlertTitle>
            <AlertDescription>
              Nothing leaves the site until SMTP_URL is set. Open a mail to read it and copy its links; a link that signs
              someone in or confirms an address is shown until it expires.
            </AlertDescription>
          </>
        ) : (
          <>
            <AlertTitle>Mails go out through the mail server</AlertTitle>
            <AlertDescription>
              Here is what was sent and what failed, with the mail server's answer. Links that sign someone in or confirm
              an address are removed from the kept copy once the mail is sent.
            </AlertDescription>
          </>
        )}
      </Alert>
      <StatusTabs status={tab} labels={TAB_LABELS} counts={{ all: total, ...counts }}>
        <PagedTable
          headings={['Time', 'Kind', 'To', 'Subject', 'Status']}
          emptyText={tab === 'all' ? 'No mails yet' : `No ${TAB_LABELS[tab].toLowerCase()} mails`}
        >
          {mails.map((mail) => (
            <TableRow key={mail.id}>
              <TableCell className="whitespace-nowrap">{formatDateTime(mail.created_at)}</TableCell>
              <TableCell>{mailKindLabel(mail.kind)}</TableCell>
              <TableCell className="break-all">{mail.to}</TableCell>
              <TableCell className="min-w-48">{mail.subject}</TableCell>
              <TableCell>
                <Badge variant={BADGES[mail.status]}>{OUTBOX_STATUS_LABELS[mail.status]}</Badge>
                {mail.error ? <div className="mt-1 max-w-64 break-words text-xs text-muted-foreground">{mail.error}</div> : null}
              </TableCell>
              <TableCell className="text-right">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/admin/outbox/${mail.id}`}>
                    Open<span className="sr-only"> the mail “{mail.subject}” to {mail.to}</span>
                  </Link>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </PagedTable>
      </StatusTabs>
      <AdminPager nextToken={next_token} />
    </>
  );
}

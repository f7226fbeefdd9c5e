import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader, EmptyTableRow } from '../../components/admin/admin-page.tsx';
import { OutboxNotice } from '../../components/admin/newsletter-issue/issue-notices.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { ISSUES_PATH, listIssues, statusLabel } from '../../lib/admin-newsletters.ts';
import { withAdminSession } from '../../lib/admin-session.ts';
import { formatDateTime } from '../../lib/dates.ts';
import type { Route } from './+types/newsletter-issues';

export const meta = adminPageMeta('Newsletter Issues');

export const clientLoader = () => withAdminSession(listIssues);
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

/** The list's headings, which also label each issue's card on a phone: "Delivered" only with a mail server. */
const columnsFor = (delivery: 'smtp' | 'outbox') => ['Subject', 'Status', delivery === 'outbox' ? 'Kept in the outbox' : 'Delivered', 'Failed', 'Pending', 'Date'];

export default function NewsletterIssues({ loaderData }: Route.ComponentProps) {
  const { issues, delivery } = loaderData;
  const columns = columnsFor(delivery);
  return (
    <>
      <AdminPageHeader title="Newsletter Issues">
        <Button asChild>
          <Link to={`${ISSUES_PATH}/new`}>
            <Plus aria-hidden="true" />
            New issue
          </Link>
        </Button>
      </AdminPageHeader>
      {delivery === 'outbox' ? <OutboxNotice /> : null}
      <Table labels={columns}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {issues.length === 0 ? (
            <EmptyTableRow columns={columns.length}>No issues yet. Compose your first one!</EmptyTableRow>
          ) : (
            issues.map((issue) => (
              <TableRow key={issue.id}>
                <TableCell className="font-medium">
                  <Link className="underline-offset-4 hover:underline" to={`${ISSUES_PATH}/${issue.id}`}>
                    {issue.subject}
                  </Link>
                </TableCell>
                <TableCell>
                  <Badge variant={issue.status === 'sent' ? 'default' : 'secondary'}>{statusLabel(issue.status, delivery)}</Badge>
                </TableCell>
                <TableCell>{issue.recipients ? `${issue.sent} of ${issue.recipients}` : '—'}</TableCell>
                <TableCell>{issue.recipients ? issue.failed : '—'}</TableCell>
                <TableCell>{issue.recipients ? issue.pending : '—'}</TableCell>
                <TableCell>{formatDateTime(issue.sent_at ?? issue.scheduled_at ?? issue.updated_at)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </>
  );
}

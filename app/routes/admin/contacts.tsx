import { useFetcher } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader, AdminPager } from '../../components/admin/admin-page.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { ListSearch, noMatchText } from '../../components/admin/list-search.tsx';
import { PagedTable } from '../../components/admin/paged-table.tsx';
import { StatusTabs } from '../../components/admin/status-tabs.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { api, listSearch, pageToken } from '../../lib/api-client.ts';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { formatShortDate } from '../../lib/dates.ts';
import type { ContactMessageJson, ContactMessageStatus } from '../../../common/answers.ts';
import type { Route } from './+types/contacts';

// The API's own answer type: erased from the browser bundle, checked at build time.
type ContactStatus = ContactMessageStatus;
type ContactMessage = ContactMessageJson;

const TAB_LABELS: Record<ContactStatus, string> = { new: 'New', read: 'Read' };

export const meta = adminPageMeta('Contact Messages');

const statusOf = (request: Request): ContactStatus =>
  new URL(request.url).searchParams.get('status') === 'read' ? 'read' : 'new';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const status = statusOf(request);
  const q = listSearch(request);
  return withAdminSession(async () => {
    const page = await api.get<{ submissions: ContactMessage[]; next_token: string | null; counts: Record<ContactStatus, number> }>(
      '/admin/submissions/contact',
      { status, limit: 20, next_token: pageToken(request), q },
    );
    return { ...page, status, q: q ?? null };
  });
}
clientLoader.hydrate = true as const;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  return withAdminSession(async () => {
    try {
      await api.patch(`/admin/submissions/contact/${Number(form.get('id'))}`, {
        status: 'read',
        version: Number(form.get('version')),
      });
      notifySuccess('Marked as read');
      return { ok: true };
    } catch (error) {
      notifyError('Error', describeFailure(error, 'Failed to update'));
      return { ok: false };
    }
  });
}

export const HydrateFallback = AdminLoading;

export default function AdminContacts({ loaderData }: Route.ComponentProps) {
  const { submissions, next_token, counts, status, q } = loaderData;
  return (
    <>
      <AdminPageHeader title="Contact Messages" />
      <ListSearch label="Search messages" placeholder="Search by name, email or text" results={submissions.length} more={next_token !== null} />
      <StatusTabs status={status} labels={TAB_LABELS} counts={counts}>
        <PagedTable
          headings={['Name', 'Email', 'Message', 'Date']}
          emptyText={q ? noMatchText(`No ${status} messages`, q) : status === 'new' ? 'No new messages' : 'No read messages'}
        >
          {submissions.map((message) => (
            <ContactRow key={message.id} message={message} />
          ))}
        </PagedTable>
      </StatusTabs>
      <AdminPager nextToken={next_token} />
    </>
  );
}

function ContactRow({ message }: { message: ContactMessage }) {
  const fetcher = useFetcher();
  const markRead = () => void fetcher.submit({ id: message.id, version: message.version }, { method: 'post' });
  return (
    <TableRow>
      <TableCell className="font-medium">{message.name}</TableCell>
      <TableCell>
        <a href={`mailto:${message.email}`} className="text-primary hover:underline">
          {message.email}
        </a>
      </TableCell>
      <TableCell className="max-w-xs">
        <Dialog>
          <DialogTrigger asChild>
            <button type="button" className="block w-full truncate text-left hover:underline">
              {message.message}
            </button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Message from {message.name}</DialogTitle>
              <DialogDescription>
                {message.email} · {formatShortDate(message.created_at)}
              </DialogDescription>
            </DialogHeader>
            <p className="whitespace-pre-wrap text-sm">{message.message}</p>
          </DialogContent>
        </Dialog>
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatShortDate(message.created_at)}</TableCell>
      <TableCell className="text-right">
        {message.status === 'new' ? (
          <Button size="sm" variant="outline" disabled={fetcher.state !== 'idle'} onClick={markRead}>
            Mark Read
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

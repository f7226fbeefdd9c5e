import { Download } from 'lucide-react';
import { useState } from 'react';
import { adminMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader, AdminPager, EmptyTableRow } from '../../components/admin/admin-page.tsx';
import { notifyError } from '../../lib/admin-toast.ts';
import { Button } from '../../components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { api, errorMessage, pageToken } from '../../lib/api-client.ts';
import { withAdminSession } from '../../lib/admin-session.ts';
import { subscribersCsv } from '../../lib/subscribers-csv.ts';
import type { SubscriberJson } from '../../../common/answers.ts';
import type { Route } from './+types/newsletter';

interface SubscriberPage {
  subscribers: SubscriberJson[];
  next_token: string | null;
  total: number;
}

export const meta = () => adminMeta('Newsletter Subscribers');

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return withAdminSession(() =>
    api.get<SubscriberPage>('/admin/submissions/newsletter', { limit: 20, next_token: pageToken(request) }),
  );
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

/** Every subscriber, page after page. */
async function listAllSubscribers(): Promise<SubscriberJson[]> {
  const all: SubscriberJson[] = [];
  let token: string | null = null;
  do {
    const page: SubscriberPage = await api.get<SubscriberPage>('/admin/submissions/newsletter', { limit: 100, next_token: token });
    all.push(...page.subscribers);
    token = page.next_token;
  } while (token);
  return all;
}

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const subscribedDate = (value: string) =>
  new Date(value).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { subscribers, next_token, total } = loaderData;
  const [isExporting, setIsExporting] = useState(false);

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      const all = await listAllSubscribers();
      download(`newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`, subscribersCsv(all));
    } catch (error) {
      notifyError('Error', errorMessage(error));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <>
      <AdminPageHeader title={`Newsletter Subscribers (${total})`}>
        <Button variant="outline" disabled={isExporting || total === 0} onClick={() => void exportCsv()}>
          <Download aria-hidden="true" />
          {isExporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </AdminPageHeader>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Subscribed Date</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {subscribers.length === 0 ? (
            <EmptyTableRow columns={2}>No subscribers yet</EmptyTableRow>
          ) : (
            subscribers.map((subscriber) => (
              <TableRow key={subscriber.id}>
                <TableCell>{subscriber.email}</TableCell>
                <TableCell>{subscribedDate(subscriber.subscribed_at)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <AdminPager nextToken={next_token} />
    </>
  );
}

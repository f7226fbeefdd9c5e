import { Download, MailPlus, Upload, UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader, AdminPager } from '../../components/admin/admin-page.tsx';
import { DeleteButton } from '../../components/admin/delete-button.tsx';
import { ListSearch, noMatchText } from '../../components/admin/list-search.tsx';
import { PagedTable } from '../../components/admin/paged-table.tsx';
import { StatusTabs } from '../../components/admin/status-tabs.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { api, errorMessage, listSearch, pageToken } from '../../lib/api-client.ts';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { mailDeliverySentence } from '../../lib/mail-delivery.ts';
import { subscribersCsv } from '../../lib/subscribers-csv.ts';
import { fieldErrorsOf } from '../../../common/field-errors.ts';
import { subscriberImportSchema } from '../../../common/schemas/subscriber.ts';
import type { MailDeliveryJson, SubscriberCounts, SubscriberJson, SubscriberStatus } from '../../../common/answers.ts';
import { utcDay } from '../../../common/calendar-days.ts';
import type { Route } from './+types/newsletter';

type Tab = 'all' | SubscriberStatus;

interface SubscriberPage {
  subscribers: SubscriberJson[];
  next_token: string | null;
  total: number;
  counts: SubscriberCounts;
}

interface ImportResult {
  added: number;
  existing: number;
  erased: number;
  invalid: { line: number; value: string }[];
}

const TAB_LABELS: Record<Tab, string> = {
  all: 'All',
  active: 'Active',
  pending: 'Pending',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};
const TABS = Object.keys(TAB_LABELS) as Tab[];

const LEFT_VIA_LABELS: Record<NonNullable<SubscriberJson['left_via']>, string> = {
  link: 'unsubscribe page',
  'one-click': 'one-click',
  admin: 'administrator',
};

export const meta = adminPageMeta('Newsletter Subscribers');

const tabOf = (request: Request): Tab => {
  const value = new URL(request.url).searchParams.get('status');
  return TABS.find((tab) => tab === value) ?? 'all';
};

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const tab = tabOf(request);
  const q = listSearch(request);
  return withAdminSession(async () => {
    const page = await api.get<SubscriberPage>('/admin/submissions/newsletter', {
      limit: 20,
      next_token: pageToken(request),
      status: tab === 'all' ? undefined : tab,
      q,
    });
    return { ...page, tab, q: q ?? null };
  });
}
clientLoader.hydrate = true as const;

/** A row's action: mail a pending address its confirmation link again, take an address off the list, or erase it for good. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = String(form.get('intent'));
  return withAdminSession(async () => {
    try {
      if (intent === 'resend') {
        const { mail } = await api.post<{ mail: MailDeliveryJson }>(`/admin/submissions/newsletter/${id}/resend-confirmation`, {});
        const sentence = mailDeliverySentence('Confirmation link', mail, String(form.get('email') ?? ''));
        if (mail.delivery === 'failed') notifyError('Not sent', sentence);
        else notifySuccess(mail.delivery === 'sent' ? 'Confirmation sent' : 'Confirmation kept', sentence);
      } else if (intent === 'erase') {
        await api.delete(`/admin/submissions/newsletter/${id}`);
        notifySuccess('Subscriber erased', 'The address is gone; it cannot be imported again.');
      } else {
        await api.post(`/admin/submissions/newsletter/${id}/unsubscribe`, {});
        notifySuccess('Unsubscribed', 'Nothing more will be sent to this address.');
      }
      return { ok: true };
    } catch (error) {
      notifyError('Error', describeFailure(error, 'Failed to update'));
      return { ok: false };
    }
  });
}

export const HydrateFallback = AdminLoading;

/** Every subscriber, from the export route: the server records who exported the list. */
async function listAllSubscribers(): Promise<SubscriberJson[]> {
  return (await api.get<{ subscribers: SubscriberJson[] }>('/admin/submissions/newsletter/export')).subscribers;
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

const shortDate = (value: string | null) =>
  value ? new Date(value).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }) : '—';

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { subscribers, next_token, total, counts, tab, q } = loaderData;
  const [isExporting, setIsExporting] = useState(false);

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      const all = await listAllSubscribers();
      download(`newsletter-subscribers-${utcDay(Date.now() / 1000)}.csv`, subscribersCsv(all));
    } catch (error) {
      notifyError('Error', errorMessage(error));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <>
      <AdminPageHeader title={`Newsletter Subscribers (${total})`}>
        <div className="flex flex-wrap gap-2">
          <ImportDialog />
          <Button variant="outline" disabled={isExporting || total === 0} onClick={() => void exportCsv()}>
            <Download aria-hidden="true" />
            {isExporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
      </AdminPageHeader>
      <ListSearch label="Search subscribers" placeholder="Search by email" results={subscribers.length} more={next_token !== null} />
      <StatusTabs status={tab} labels={TAB_LABELS} counts={{ all: total, ...counts }}>
        <PagedTable
          headings={['Email', 'Subscribed Date', 'Status', 'Confirmed', 'Left']}
          emptyText={
            q
              ? noMatchText(`No ${tab === 'all' ? '' : `${TAB_LABELS[tab].toLowerCase()} `}subscribers`, q)
              : tab === 'all'
                ? 'No subscribers yet'
                : `No ${TAB_LABELS[tab].toLowerCase()} subscribers`
          }
        >
          {subscribers.map((subscriber) => (
            <SubscriberRow key={subscriber.id} subscriber={subscriber} />
          ))}
        </PagedTable>
      </StatusTabs>
      <AdminPager nextToken={next_token} />
    </>
  );
}

function SubscriberRow({ subscriber }: { subscriber: SubscriberJson }) {
  const fetcher = useFetcher();
  const isPending = fetcher.state !== 'idle';
  const isOnList = subscriber.status === 'active' || subscriber.status === 'pending';
  const act = (intent: 'resend' | 'unsubscribe' | 'erase') =>
    void fetcher.submit({ id: subscriber.id, intent, email: subscriber.email }, { method: 'post' });
  return (
    <TableRow>
      <TableCell>
        <div>{subscriber.email}</div>
        {subscriber.consent_source ? <div className="text-xs text-muted-foreground">{subscriber.consent_source}</div> : null}
      </TableCell>
      <TableCell>{shortDate(subscriber.subscribed_at)}</TableCell>
      <TableCell>
        <Badge variant={subscriber.status === 'active' ? 'default' : subscriber.status === 'bounced' ? 'destructive' : 'secondary'}>
          {TAB_LABELS[subscriber.status]}
        </Badge>
      </TableCell>
      <TableCell>{shortDate(subscriber.confirmed_at)}</TableCell>
      <TableCell>
        {subscriber.left_at ? (
          <>
            {shortDate(subscriber.left_at)}
            {subscriber.left_via ? <div className="text-xs text-muted-foreground">by {LEFT_VIA_LABELS[subscriber.left_via]}</div> : null}
          </>
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-1">
          {subscriber.status === 'pending' ? (
            <Button variant="ghost" size="icon" disabled={isPending} title="Resend the confirmation link" onClick={() => act('resend')}>
              <MailPlus aria-hidden="true" />
              <span className="sr-only">Resend the confirmation link to {subscriber.email}</span>
            </Button>
          ) : null}
          {isOnList ? (
            <Button variant="ghost" size="icon" disabled={isPending} onClick={() => act('unsubscribe')}>
              <UserX aria-hidden="true" />
              <span className="sr-only">Unsubscribe {subscriber.email}</span>
            </Button>
          ) : null}
          <DeleteButton title={subscriber.email} isPending={isPending} onConfirm={() => act('erase')} />
        </div>
      </TableCell>
    </TableRow>
  );
}

/** Addresses from elsewhere, with the required note on where their consent came from. */
function ImportDialog() {
  const revalidator = useRevalidator();
  const [isOpen, setIsOpen] = useState(false);
  const [csv, setCsv] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [isImporting, setIsImporting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = { csv, consent_note: note };
    const parsed = subscriberImportSchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setIsImporting(true);
    try {
      const result = await api.post<ImportResult>('/admin/submissions/newsletter/import', values);
      const skipped = [
        result.existing ? `${result.existing} already on the list` : '',
        result.erased ? `${result.erased} erased before` : '',
        result.invalid.length ? `${result.invalid.length} not valid (line ${result.invalid.map((item) => item.line).join(', ')})` : '',
      ].filter(Boolean);
      notifySuccess(`Imported ${result.added} address${result.added === 1 ? '' : 'es'}`, skipped.length ? `Skipped: ${skipped.join('; ')}.` : undefined);
      setIsOpen(false);
      setCsv('');
      setNote('');
      await revalidator.revalidate();
    } catch (error) {
      notifyError('Error', describeFailure(error, 'Failed to import'));
    } finally {
      setIsImporting(false);
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden="true" />
          Import CSV
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import subscribers</DialogTitle>
          <DialogDescription>
            One address per line, or a CSV with an Email column. Imported addresses are active at once: import only people
            who agreed to receive the newsletter.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <Field id="import-file" label="CSV file">
            {(control) => (
              <Input
                {...control}
                type="file"
                accept=".csv,text/csv,text/plain"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void file.text().then(setCsv);
                }}
              />
            )}
          </Field>
          <Field id="import-csv" label="Addresses" error={errors.csv}>
            {(control) => <Textarea {...control} rows={6} value={csv} onChange={(event) => setCsv(event.target.value)} />}
          </Field>
          <Field id="import-consent" label="Where did these people give their consent?" error={errors.consent_note}>
            {(control) => (
              <Input
                {...control}
                required
                placeholder="Signed up on our old site's newsletter form"
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={isImporting}>
            {isImporting ? 'Importing...' : 'Import'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { Form, Link, useNavigation } from 'react-router';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader, AdminPager, EmptyTableRow } from '../../components/admin/admin-page.tsx';
import { Alert, AlertDescription } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { api, ApiRequestError, pageToken } from '../../lib/api-client.ts';
import { withAdminSession } from '../../lib/admin-session.ts';
import { formatDateTime } from '../../lib/dates.ts';
import type { AuditLogEntryJson, AuditLogPage } from '../../../common/answers.ts';
import type { Route } from './+types/audit-log';

export const meta = adminPageMeta('Audit Log');

const PAGE_SIZE = 50;

/** The filters as the address carries them: what the form shows and the API is asked. */
interface Filters {
  /** Free text over the action, the address and the entity. */
  q: string;
  user: string;
  action: string;
  entity: string;
  entity_id: string;
  /** Calendar days, `YYYY-MM-DD`, in the reader's time zone like the times shown. */
  from: string;
  to: string;
}

const FILTER_NAMES = ['q', 'user', 'action', 'entity', 'entity_id', 'from', 'to'] as const;

// Families of actions offered while typing; any exact action works too.
const ACTION_SUGGESTIONS = [
  'post.',
  'resource.',
  'preview_link.',
  'media.',
  'contact_message.',
  'sponsored_submission.',
  'subscriber.',
  'newsletter.',
  'user.',
  'account.',
  'settings.',
  'auth.',
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first (or last) second of a calendar day in the reader's time zone; undefined for anything else. */
function daySeconds(day: string, end: boolean): number | undefined {
  if (!DAY.test(day)) return undefined;
  const time = new Date(`${day}T${end ? '23:59:59' : '00:00:00'}`).getTime();
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
}

function filtersOf(request: Request): Filters {
  const params = new URL(request.url).searchParams;
  const value = (name: (typeof FILTER_NAMES)[number]) => (params.get(name) ?? '').trim();
  return {
    q: value('q'),
    user: value('user'),
    action: value('action'),
    entity: value('entity'),
    entity_id: value('entity_id'),
    from: value('from'),
    to: value('to'),
  };
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const filters = filtersOf(request);
  const isFiltered = FILTER_NAMES.some((name) => filters[name] !== '');
  return withAdminSession(async () => {
    try {
      const page = await api.get<AuditLogPage>('/admin/audit-log', {
        // A number is an account's id; anything else its e-mail address.
        ...(/^\d+$/.test(filters.user) ? { user_id: filters.user } : { user_email: filters.user }),
        q: filters.q,
        action: filters.action,
        entity: filters.entity,
        entity_id: filters.entity_id,
        from: daySeconds(filters.from, false),
        to: daySeconds(filters.to, true),
        limit: PAGE_SIZE,
        next_token: pageToken(request),
      });
      return { ...page, filters, isFiltered, problem: null };
    } catch (error) {
      // A filter the server refuses is shown with the form, to be corrected there.
      if (error instanceof ApiRequestError && error.status === 400) {
        return { entries: [], next_token: null, filters, isFiltered, problem: error.message };
      }
      throw error;
    }
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, next_token, filters, isFiltered, problem } = loaderData;
  const navigation = useNavigation();
  return (
    <>
      <AdminPageHeader title="Audit Log" />
      <FilterForm filters={filters} isLoading={navigation.state === 'loading'} />
      {problem ? (
        <Alert variant="destructive" className="mb-4">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
      <div className="rounded-md border border-border bg-background">
        <Table labels={['When', 'Who', 'Action', 'Entity', 'Versions', 'Address']}>
          <caption className="sr-only">Changes made in the back office, newest first</caption>
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Entity</TableHead>
              <TableHead>Versions</TableHead>
              <TableHead>Address</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.length === 0 ? (
              <EmptyTableRow columns={6}>{isFiltered ? 'No entries match these filters' : 'No entries yet'}</EmptyTableRow>
            ) : (
              entries.map((entry) => <EntryRow key={entry.id} entry={entry} />)
            )}
          </TableBody>
        </Table>
      </div>
      <AdminPager nextToken={next_token} />
    </>
  );
}

function FilterForm({ filters, isLoading }: { filters: Filters; isLoading: boolean }) {
  // Keyed by the address, so going back or following a link shows its own filters.
  const key = FILTER_NAMES.map((name) => filters[name]).join('\u0000');
  return (
    <Form method="get" key={key} role="search" aria-label="Filter the audit log" className="mb-6 grid gap-4 rounded-md border border-border bg-background p-4 sm:grid-cols-2 lg:grid-cols-3">
      <FilterField name="q" label="Search" defaultValue={filters.q} type="search" hint="Any part of an action, address or entity" />
      <FilterField name="user" label="User (e-mail or id)" defaultValue={filters.user} type="text" />
      <FilterField name="action" label="Action" defaultValue={filters.action} type="text" list="audit-action-suggestions" hint="post.update, or post. for every post action" />
      <datalist id="audit-action-suggestions">
        {ACTION_SUGGESTIONS.map((action) => (
          <option key={action} value={action} />
        ))}
      </datalist>
      <FilterField name="entity" label="Entity" defaultValue={filters.entity} type="text" />
      <FilterField name="entity_id" label="Entity ID" defaultValue={filters.entity_id} type="text" />
      <FilterField name="from" label="From" defaultValue={filters.from} type="date" />
      <FilterField name="to" label="To" defaultValue={filters.to} type="date" />
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit" disabled={isLoading}>
          Filter
        </Button>
        <Button variant="outline" asChild>
          <Link to="/admin/audit-log">Clear filters</Link>
        </Button>
      </div>
    </Form>
  );
}

function FilterField({
  name,
  label,
  defaultValue,
  type,
  list,
  hint,
}: {
  name: string;
  label: string;
  defaultValue: string;
  type: 'text' | 'search' | 'date';
  list?: string;
  hint?: string;
}) {
  const id = `audit-filter-${name}`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={name} type={type} defaultValue={defaultValue} list={list} aria-describedby={hint ? `${id}-hint` : undefined} autoComplete="off" />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function versions(entry: AuditLogEntryJson): string {
  if (entry.version_before === null && entry.version_after === null) return '—';
  return `${entry.version_before ?? '—'} → ${entry.version_after ?? '—'}`;
}

function EntryRow({ entry }: { entry: AuditLogEntryJson }) {
  const when = new Date(entry.created_at * 1000).toISOString();
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">
        <time dateTime={when}>{formatDateTime(entry.created_at)}</time>
      </TableCell>
      <TableCell>{entry.user_email ?? (entry.user_id === null ? '—' : `#${entry.user_id}`)}</TableCell>
      <TableCell>
        <code className="text-sm">{entry.action}</code>
        {entry.detail ? <div className="text-xs text-muted-foreground">{describeDetail(entry.detail)}</div> : null}
      </TableCell>
      <TableCell>{entry.entity ? `${entry.entity}${entry.entity_id === null ? '' : ` #${entry.entity_id}`}` : '—'}</TableCell>
      <TableCell className="whitespace-nowrap">{versions(entry)}</TableCell>
      <TableCell>{entry.ip_address ?? '—'}</TableCell>
    </TableRow>
  );
}

/** The detail as `key: value` pairs; nested values as JSON. */
function describeDetail(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

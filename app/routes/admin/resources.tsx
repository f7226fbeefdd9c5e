import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { adminMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader, AdminPager, pageToken } from '../../components/admin/admin-page.tsx';
import { PagedTable } from '../../components/admin/paged-table.tsx';
import { deleteListedRecord, RowActions } from '../../components/admin/row-actions.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { api } from '../../lib/api-client.ts';
import { withAdminSession } from '../../lib/admin-session.ts';
import { formatShortDate } from '../../lib/dates.ts';
import type { Route } from './+types/resources';

interface AdminResourceRow {
  id: number;
  slug: string;
  title: string;
  cover_image: string | null;
  status: 'draft' | 'published';
  published_at: number | null;
  created_at: number;
}

export const meta = () => adminMeta('Resources');

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return withAdminSession(() =>
    api.get<{ resources: AdminResourceRow[]; next_token: string | null }>('/admin/resources', {
      limit: 20,
      next_token: pageToken(request),
    }),
  );
}
clientLoader.hydrate = true as const;

export function clientAction({ request }: Route.ClientActionArgs) {
  return deleteListedRecord(request, '/admin/resources', {
    deleted: 'Resource deleted successfully',
    failureTitle: 'Failed to delete resource',
    failureFallback: '',
  });
}

export const HydrateFallback = AdminLoading;

export default function AdminResources({ loaderData }: Route.ComponentProps) {
  const { resources, next_token } = loaderData;
  return (
    <>
      <AdminPageHeader title="Resources">
        <Button asChild>
          <Link to="/admin/resources/new">
            <Plus aria-hidden="true" />
            New Resource
          </Link>
        </Button>
      </AdminPageHeader>
      <PagedTable
        headings={['Featured image', 'Title', 'Status', 'Published', 'Created']}
        emptyText="No resources yet. Create your first one!"
      >
        {resources.map((resource) => (
          <ResourceRow key={resource.id} resource={resource} />
        ))}
      </PagedTable>
      <AdminPager nextToken={next_token} />
    </>
  );
}

function ResourceRow({ resource }: { resource: AdminResourceRow }) {
  return (
    <TableRow>
      <TableCell>
        {resource.cover_image ? (
          <img src={resource.cover_image} alt="" className="h-10 w-16 rounded border border-border object-cover" loading="lazy" />
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </TableCell>
      <TableCell className="font-medium">{resource.title}</TableCell>
      <TableCell>
        <Badge variant={resource.status === 'published' ? 'default' : 'secondary'}>{resource.status}</Badge>
      </TableCell>
      <TableCell>{resource.published_at ? formatShortDate(resource.published_at) : '—'}</TableCell>
      <TableCell>{formatShortDate(resource.created_at)}</TableCell>
      <TableCell>
        <RowActions id={resource.id} title={resource.title} editTo={`/admin/resources/${resource.id}`} />
      </TableCell>
    </TableRow>
  );
}

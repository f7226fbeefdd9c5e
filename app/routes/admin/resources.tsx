import { Pencil, Plus } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { adminMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading, AdminPageHeader, AdminPager, EmptyTableRow, pageToken } from '../../components/admin/admin-page.tsx';
import { notifyError, notifySuccess } from '../../components/admin/admin-toast.tsx';
import { DeleteButton } from '../../components/admin/delete-button.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { api } from '../../lib/api-client.ts';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
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

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const id = Number(form.get('id'));
  return withAdminSession(async () => {
    try {
      await api.delete(`/admin/resources/${id}`);
      notifySuccess('Resource deleted successfully');
      return { ok: true };
    } catch (error) {
      notifyError('Failed to delete resource', describeFailure(error, ''));
      return { ok: false };
    }
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
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Featured image</TableHead>
            <TableHead>Title</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Published</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {resources.length === 0 ? (
            <EmptyTableRow columns={6}>No resources yet. Create your first one!</EmptyTableRow>
          ) : (
            resources.map((resource) => <ResourceRow key={resource.id} resource={resource} />)
          )}
        </TableBody>
      </Table>
      <AdminPager nextToken={next_token} />
    </>
  );
}

function ResourceRow({ resource }: { resource: AdminResourceRow }) {
  const fetcher = useFetcher();
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
        <div className="flex justify-end gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link to={`/admin/resources/${resource.id}`}>
              <Pencil aria-hidden="true" />
              <span className="sr-only">Edit {resource.title}</span>
            </Link>
          </Button>
          <DeleteButton
            title={resource.title}
            isPending={fetcher.state !== 'idle'}
            onConfirm={() => void fetcher.submit({ id: resource.id }, { method: 'post' })}
          />
        </div>
      </TableCell>
    </TableRow>
  );
}

import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading } from '../../components/admin/admin-page.tsx';
import { ContentList } from '../../components/admin/content-list.tsx';
import { RowActions } from '../../components/admin/row-actions.tsx';
import { DemoBadge, useIsDemo } from '../../components/admin/demo-content-banner.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { ADMIN_RESOURCES, deleteListedContent, loadContentList } from '../../lib/admin-content.ts';
import { isLive, isScheduled } from '../../../common/publication.ts';
import { formatShortDate, formatSiteDateTime } from '../../lib/dates.ts';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
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

export const meta = adminPageMeta('Resources');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadContentList<AdminResourceRow>(ADMIN_RESOURCES, request);
clientLoader.hydrate = true as const;

export const clientAction = ({ request }: Route.ClientActionArgs) => deleteListedContent(ADMIN_RESOURCES, request);

export const HydrateFallback = AdminLoading;

export default function AdminResources({ loaderData }: Route.ComponentProps) {
  const { rows: resources, next_token, state } = loaderData;
  return (
    <ContentList
      kind={ADMIN_RESOURCES}
      headings={['Featured image', 'Title', 'Status', 'Published', 'Created']}
      emptyText="No resources yet. Create your first one!"
      nextToken={next_token}
      state={state}
    >
      {resources.map((resource) => (
        <ResourceRow key={resource.id} resource={resource} />
      ))}
    </ContentList>
  );
}

function ResourceRow({ resource }: { resource: AdminResourceRow }) {
  const timeZone = useSiteTimeZone();
  const isDemo = useIsDemo('resources', resource.id);
  return (
    <TableRow>
      <TableCell>
        {resource.cover_image ? (
          <img src={resource.cover_image} alt="" className="h-10 w-16 rounded border border-border object-cover" loading="lazy" />
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </TableCell>
      <TableCell className="font-medium">
        <span className="flex flex-wrap items-center gap-2">
          {resource.title}
          {isDemo ? <DemoBadge /> : null}
        </span>
      </TableCell>
      <TableCell>
        <Badge variant={isLive(resource) ? 'default' : 'secondary'}>
          {isScheduled(resource) ? 'scheduled' : resource.status}
        </Badge>
      </TableCell>
      <TableCell>
        {resource.published_at ? (isScheduled(resource) ? formatSiteDateTime(resource.published_at, timeZone) : formatShortDate(resource.published_at)) : '—'}
      </TableCell>
      <TableCell>{formatShortDate(resource.created_at)}</TableCell>
      <TableCell>
        <RowActions id={resource.id} title={resource.title} editTo={`/admin/resources/${resource.id}`} />
      </TableCell>
    </TableRow>
  );
}

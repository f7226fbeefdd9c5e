import { ExternalLink } from 'lucide-react';
import { adminPageMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading } from '../../components/admin/admin-page.tsx';
import { ContentList } from '../../components/admin/content-list.tsx';
import { RowActions } from '../../components/admin/row-actions.tsx';
import { DemoBadge, useIsDemo } from '../../components/admin/demo-content-banner.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { ADMIN_POSTS, deleteListedContent, loadContentList } from '../../lib/admin-content.ts';
import { isLive, isScheduled } from '../../../common/publication.ts';
import { formatShortDate, formatSiteDateTime } from '../../lib/dates.ts';
import { useSiteTimeZone } from '../../lib/admin-time-zone.ts';
import type { Route } from './+types/posts';

export interface AdminPostRow {
  id: number;
  slug: string;
  title: string;
  status: 'draft' | 'published';
  published_at: number | null;
  post_categories: { category_id: string; category: { name: string } }[];
}

export const meta = adminPageMeta('Posts');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadContentList<AdminPostRow>(ADMIN_POSTS, request);
clientLoader.hydrate = true as const;

export const clientAction = ({ request }: Route.ClientActionArgs) => deleteListedContent(ADMIN_POSTS, request);

export const HydrateFallback = AdminLoading;

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { rows: posts, next_token, state } = loaderData;
  return (
    <ContentList
      kind={ADMIN_POSTS}
      headings={['Title', 'Status', 'Categories', 'Published']}
      emptyText="No posts yet. Create your first one!"
      nextToken={next_token}
      state={state}
    >
      {posts.map((post) => (
        <PostRow key={post.id} post={post} />
      ))}
    </ContentList>
  );
}

function PostRow({ post }: { post: AdminPostRow }) {
  const isDemo = useIsDemo('posts', post.id);
  const scheduled = isScheduled(post);
  const timeZone = useSiteTimeZone();
  const isPublished = isLive(post);
  return (
    <TableRow>
      <TableCell className="font-medium">
        <span className="flex flex-wrap items-center gap-2">
          {post.title}
          {isDemo ? <DemoBadge /> : null}
        </span>
      </TableCell>
      <TableCell>
        <Badge variant={isPublished ? 'default' : 'secondary'}>{scheduled ? 'scheduled' : post.status}</Badge>
      </TableCell>
      <TableCell>{post.post_categories.map((item) => item.category.name).join(', ') || '—'}</TableCell>
      <TableCell>
        {scheduled && post.published_at ? formatSiteDateTime(post.published_at, timeZone) : isPublished && post.published_at ? formatShortDate(post.published_at) : '—'}
      </TableCell>
      <TableCell>
        <RowActions id={post.id} title={post.title} editTo={`/admin/posts/${post.id}`}>
          {isPublished ? (
            <Button asChild variant="ghost" size="icon">
              <a href={`/${post.slug}`} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                <span className="sr-only">View {post.title}</span>
              </a>
            </Button>
          ) : null}
        </RowActions>
      </TableCell>
    </TableRow>
  );
}

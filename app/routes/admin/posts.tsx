import { ExternalLink, Plus } from 'lucide-react';
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
import type { Route } from './+types/posts';

export interface AdminPostRow {
  id: number;
  slug: string;
  title: string;
  status: 'draft' | 'published';
  published_at: number | null;
  post_categories: { category_id: string; category: { name: string } }[];
}

export const meta = () => adminMeta('Posts');

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return withAdminSession(() =>
    api.get<{ posts: AdminPostRow[]; next_token: string | null }>('/admin/posts', {
      limit: 20,
      next_token: pageToken(request),
    }),
  );
}
clientLoader.hydrate = true as const;

export function clientAction({ request }: Route.ClientActionArgs) {
  return deleteListedRecord(request, '/admin/posts', {
    deleted: 'Post deleted',
    failureTitle: 'Error',
    failureFallback: 'Failed to delete post',
  });
}

export const HydrateFallback = AdminLoading;

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { posts, next_token } = loaderData;
  return (
    <>
      <AdminPageHeader title="Posts">
        <Button asChild>
          <Link to="/admin/posts/new">
            <Plus aria-hidden="true" />
            New Post
          </Link>
        </Button>
      </AdminPageHeader>
      <PagedTable headings={['Title', 'Status', 'Categories', 'Published']} emptyText="No posts yet. Create your first one!">
        {posts.map((post) => (
          <PostRow key={post.id} post={post} />
        ))}
      </PagedTable>
      <AdminPager nextToken={next_token} />
    </>
  );
}

function PostRow({ post }: { post: AdminPostRow }) {
  const isPublished = post.status === 'published';
  return (
    <TableRow>
      <TableCell className="font-medium">{post.title}</TableCell>
      <TableCell>
        <Badge variant={isPublished ? 'default' : 'secondary'}>{post.status}</Badge>
      </TableCell>
      <TableCell>{post.post_categories.map((item) => item.category.name).join(', ') || '—'}</TableCell>
      <TableCell>{isPublished && post.published_at ? formatShortDate(post.published_at) : '—'}</TableCell>
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

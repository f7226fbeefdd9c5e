import { ExternalLink, Pencil, Plus } from 'lucide-react';
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

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const id = Number(form.get('id'));
  return withAdminSession(async () => {
    try {
      await api.delete(`/admin/posts/${id}`);
      notifySuccess('Post deleted');
      return { ok: true };
    } catch (error) {
      notifyError('Error', describeFailure(error, 'Failed to delete post'));
      return { ok: false };
    }
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
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Title</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Categories</TableHead>
            <TableHead>Published</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {posts.length === 0 ? (
            <EmptyTableRow columns={5}>No posts yet. Create your first one!</EmptyTableRow>
          ) : (
            posts.map((post) => <PostRow key={post.id} post={post} />)
          )}
        </TableBody>
      </Table>
      <AdminPager nextToken={next_token} />
    </>
  );
}

function PostRow({ post }: { post: AdminPostRow }) {
  const fetcher = useFetcher();
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
        <div className="flex justify-end gap-1">
          {isPublished ? (
            <Button asChild variant="ghost" size="icon">
              <a href={`/${post.slug}`} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                <span className="sr-only">View {post.title}</span>
              </a>
            </Button>
          ) : null}
          <Button asChild variant="ghost" size="icon">
            <Link to={`/admin/posts/${post.id}`}>
              <Pencil aria-hidden="true" />
              <span className="sr-only">Edit {post.title}</span>
            </Link>
          </Button>
          <DeleteButton
            title={post.title}
            isPending={fetcher.state !== 'idle'}
            onConfirm={() => void fetcher.submit({ id: post.id }, { method: 'post' })}
          />
        </div>
      </TableCell>
    </TableRow>
  );
}

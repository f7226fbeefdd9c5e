import { data, redirect } from 'react-router';
import { adminMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading } from '../../components/admin/admin-page.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toast.ts';
import { ContentEditor, type SaveFailure } from '../../components/admin/content-editor.tsx';
import { EMPTY_DRAFT, type ContentDraft } from '../../lib/content-payload.ts';
import { api, ApiRequestError, isVersionConflict } from '../../lib/api-client.ts';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import type { Route } from './+types/post-editor';

interface AdminPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  cover_image: string | null;
  campaign_url: string | null;
  status: 'draft' | 'published';
  read_time: number | null;
  category_ids: string[];
  version?: number;
}

export const meta = ({ params }: Route.MetaArgs) => adminMeta(params.id === 'new' ? 'New Post' : 'Edit Post');

/** /admin/posts/new, or /admin/posts/{id}. */
const postId = (param: string) => (param === 'new' ? null : Number(param));

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = postId(params.id);
  return withAdminSession(async () => {
    const categoriesCall = api.get<{ categories: { id: string; name: string }[] }>('/admin/categories');
    if (id === null) return { draft: EMPTY_DRAFT, version: null, categories: (await categoriesCall).categories };
    let post: AdminPost;
    try {
      post = await api.get<AdminPost>(`/admin/posts/${id}`);
    } catch (error) {
      notifyError('Failed to load post', describeFailure(error, ''));
      if (error instanceof ApiRequestError && error.status === 404) throw data('Post not found', { status: 404 });
      throw error;
    }
    const draft: ContentDraft = {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt ?? '',
      content: post.content,
      cover_image: post.cover_image,
      campaign_url: post.campaign_url ?? '',
      status: post.status,
      read_time: post.read_time === null ? '' : String(post.read_time),
      category_id: post.category_ids[0] ?? '',
    };
    // SPEC.md section 4: a loaded post without a version counts as version 1.
    return { draft, version: post.version ?? 1, categories: (await categoriesCall).categories };
  });
}
clientLoader.hydrate = true as const;

export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<SaveFailure | Response> {
  const id = postId(params.id);
  const payload = (await request.json()) as Record<string, unknown>;
  return withAdminSession(async () => {
    try {
      if (id === null) await api.post('/admin/posts', payload);
      else await api.put(`/admin/posts/${id}`, payload);
    } catch (error) {
      const message = describeFailure(error, 'Failed to save post');
      notifyError('Failed to save post', message);
      return { error: message, isConflict: isVersionConflict(error) };
    }
    notifySuccess(id === null ? 'Post created' : 'Post updated');
    return redirect('/admin/posts');
  });
}

export const HydrateFallback = AdminLoading;

export default function PostEditor({ loaderData, params }: Route.ComponentProps) {
  return (
    <ContentEditor
      // A different post is a fresh form.
      key={params.id}
      kind="post"
      initial={loaderData.draft}
      version={loaderData.version}
      categories={loaderData.categories}
    />
  );
}

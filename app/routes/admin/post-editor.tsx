import { adminMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading } from '../../components/admin/admin-page.tsx';
import { ContentEditor } from '../../components/admin/content-editor.tsx';
import { ADMIN_POSTS, loadContentEditor, saveContent } from '../../lib/admin-content.ts';
import type { Route } from './+types/post-editor';

export const meta = ({ params }: Route.MetaArgs) => adminMeta(params.id === 'new' ? 'New Post' : 'Edit Post');

/** /admin/posts/new, or /admin/posts/{id}. */
export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadContentEditor(ADMIN_POSTS, params.id);
clientLoader.hydrate = true as const;

export const clientAction = ({ params, request }: Route.ClientActionArgs) => saveContent(ADMIN_POSTS, params.id, request);

export const HydrateFallback = AdminLoading;

export default function PostEditor({ loaderData, params }: Route.ComponentProps) {
  // A different post is a fresh form.
  return <ContentEditor key={params.id} kind={ADMIN_POSTS} {...loaderData} />;
}

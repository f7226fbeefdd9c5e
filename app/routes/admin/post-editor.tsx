import { adminMeta, type AdminMetaMatches } from '../../components/admin/admin-meta.ts';
import { AdminLoading } from '../../components/admin/admin-page.tsx';
import { ContentEditor } from '../../components/admin/content-editor/content-editor.tsx';
import { PreviewLinks } from '../../components/admin/preview-links.tsx';
import { ShareKit } from '../../components/admin/share-kit.tsx';
import { ADMIN_POSTS, isDraftLive, loadContentEditor, saveContent, skipRevalidationAfterSave } from '../../lib/admin-content.ts';
import type { Route } from './+types/post-editor';

export const meta = ({ params, matches }: { params: { id?: string }; matches: AdminMetaMatches }) =>
  adminMeta(params.id === 'new' ? 'New Post' : 'Edit Post', matches);

/** /admin/posts/new, or /admin/posts/{id}. */
export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadContentEditor(ADMIN_POSTS, params.id);
clientLoader.hydrate = true as const;

export const clientAction = ({ params, request }: Route.ClientActionArgs) => saveContent(ADMIN_POSTS, params.id, request);
export const shouldRevalidate = skipRevalidationAfterSave;

export const HydrateFallback = AdminLoading;

export default function PostEditor({ loaderData, params }: Route.ComponentProps) {
  // A different post is a fresh form.
  const id = Number(params.id);
  // Live items are shared by their own address; drafts and scheduled ones by a preview link.
  const isLive = isDraftLive(loaderData.draft);
  return (
    <>
      <ContentEditor key={params.id} kind={ADMIN_POSTS} {...loaderData} />
      {Number.isInteger(id) && id > 0 && !isLive ? <PreviewLinks key={`preview-${id}`} apiPath={ADMIN_POSTS.apiPath} id={id} noun="Post" /> : null}
      {isLive && loaderData.draft.sponsored && loaderData.version !== null ? (
        <ShareKit slug={loaderData.draft.slug} title={loaderData.draft.title} excerpt={loaderData.draft.excerpt} version={loaderData.version} hasCampaign={loaderData.draft.campaign_url.trim() !== ''} />
      ) : null}
    </>
  );
}

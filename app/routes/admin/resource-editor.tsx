import { adminMeta, type AdminMetaMatches } from '../../components/admin/admin-meta.ts';
import { AdminLoading } from '../../components/admin/admin-page.tsx';
import { ContentEditor } from '../../components/admin/content-editor/content-editor.tsx';
import { PreviewLinks } from '../../components/admin/preview-links.tsx';
import { ADMIN_RESOURCES, isDraftLive, loadContentEditor, saveContent, skipRevalidationAfterSave } from '../../lib/admin-content.ts';
import type { Route } from './+types/resource-editor';

export const meta = ({ params, matches }: { params: { id?: string }; matches: AdminMetaMatches }) =>
  adminMeta(params.id === 'new' ? 'New Resource' : 'Edit Resource', matches);

/** /admin/resources/new, or /admin/resources/{id}. */
export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadContentEditor(ADMIN_RESOURCES, params.id);
clientLoader.hydrate = true as const;

export const clientAction = ({ params, request }: Route.ClientActionArgs) =>
  saveContent(ADMIN_RESOURCES, params.id, request);
export const shouldRevalidate = skipRevalidationAfterSave;

export const HydrateFallback = AdminLoading;

export default function ResourceEditor({ loaderData, params }: Route.ComponentProps) {
  // A different resource is a fresh form.
  const id = Number(params.id);
  // Live items are shared by their own address; drafts and scheduled ones by a preview link.
  const isLive = isDraftLive(loaderData.draft);
  return (
    <>
      <ContentEditor key={params.id} kind={ADMIN_RESOURCES} {...loaderData} />
      {Number.isInteger(id) && id > 0 && !isLive ? <PreviewLinks key={`preview-${id}`} apiPath={ADMIN_RESOURCES.apiPath} id={id} noun="Resource" /> : null}
    </>
  );
}

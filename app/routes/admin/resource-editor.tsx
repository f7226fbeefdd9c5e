import { data, redirect } from 'react-router';
import { adminMeta } from '../../components/admin/admin-meta.ts';
import { AdminLoading } from '../../components/admin/admin-page.tsx';
import { notifyError } from '../../lib/admin-toast.ts';
import { ContentEditor, type SaveFailure } from '../../components/admin/content-editor.tsx';
import { EMPTY_DRAFT, type ContentDraft } from '../../lib/content-payload.ts';
import { api, ApiRequestError, isVersionConflict } from '../../lib/api-client.ts';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import type { Route } from './+types/resource-editor';

interface AdminResource {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  cover_image: string | null;
  status: 'draft' | 'published';
  read_time: number | null;
  version: number;
}

export const meta = ({ params }: Route.MetaArgs) => adminMeta(params.id === 'new' ? 'New Resource' : 'Edit Resource');

const resourceId = (param: string) => (param === 'new' ? null : Number(param));

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = resourceId(params.id);
  return withAdminSession(async () => {
    if (id === null) return { draft: EMPTY_DRAFT, version: null };
    let resource: AdminResource;
    try {
      resource = await api.get<AdminResource>(`/admin/resources/${id}`);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) throw data('Resource not found', { status: 404 });
      throw error;
    }
    const draft: ContentDraft = {
      ...EMPTY_DRAFT,
      title: resource.title,
      slug: resource.slug,
      excerpt: resource.excerpt ?? '',
      content: resource.content,
      cover_image: resource.cover_image,
      status: resource.status,
      read_time: resource.read_time === null ? '' : String(resource.read_time),
    };
    return { draft, version: resource.version };
  });
}
clientLoader.hydrate = true as const;

export async function clientAction({ params, request }: Route.ClientActionArgs): Promise<SaveFailure | Response> {
  const id = resourceId(params.id);
  const payload = (await request.json()) as Record<string, unknown>;
  return withAdminSession(async () => {
    try {
      if (id === null) await api.post('/admin/resources', payload);
      else await api.put(`/admin/resources/${id}`, payload);
    } catch (error) {
      const message = describeFailure(error, 'Unable to save resource.');
      notifyError('Failed to save resource', message);
      return { error: message, isConflict: isVersionConflict(error) };
    }
    // The list's loader runs again on arrival, so it shows the change.
    return redirect('/admin/resources');
  });
}

export const HydrateFallback = AdminLoading;

export default function ResourceEditor({ loaderData, params }: Route.ComponentProps) {
  return <ContentEditor key={params.id} kind="resource" initial={loaderData.draft} version={loaderData.version} />;
}

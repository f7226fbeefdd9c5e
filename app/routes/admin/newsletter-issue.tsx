import { adminMeta, type AdminMetaMatches } from '../../components/admin/admin-meta.ts';
import { AdminLoading } from '../../components/admin/admin-page.tsx';
import { IssueComposer } from '../../components/admin/newsletter-issue/issue-composer.tsx';
import { getIssue, listIssues, listPublishedPosts } from '../../lib/admin-newsletters.ts';
import { withAdminSession } from '../../lib/admin-session.ts';
import type { Route } from './+types/newsletter-issue';

export const meta = ({ params, matches }: { params: { id?: string }; matches: AdminMetaMatches }) =>
  adminMeta(params.id === 'new' ? 'New Issue' : 'Edit Issue', matches);

/** /admin/newsletter/issues/new, or …/{id}. */
export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return withAdminSession(async () => {
    const id = params.id === 'new' ? null : Number(params.id);
    const [issue, posts, list] = await Promise.all([
      id === null ? Promise.resolve(null) : getIssue(id),
      listPublishedPosts(),
      listIssues(),
    ]);
    return { issue, posts, delivery: list.delivery };
  });
}
clientLoader.hydrate = true as const;

export const HydrateFallback = AdminLoading;

export default function NewsletterIssueRoute({ loaderData, params }: Route.ComponentProps) {
  // A different issue is a fresh form.
  return <IssueComposer key={params.id} {...loaderData} />;
}

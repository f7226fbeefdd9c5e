import { data } from 'react-router';
import { PostArticle, ResourceArticle } from '../components/content-article.tsx';
import { PageError } from '../components/page-error.tsx';
import { NO_STORE } from '../lib/cache-headers.ts';
import { findPreview } from '../server/content.server.ts';
import { pageTitle } from '../lib/seo.ts';
import type { Route } from './+types/preview';

/** Never kept by a cache, never indexed: the link is a secret, the item not public yet. */
const PREVIEW_HEADERS = { 'Cache-Control': NO_STORE, 'X-Robots-Tag': 'noindex, nofollow' };

/** /preview/{token}: a draft or scheduled item exactly as it will look, while its link is valid. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const found = await findPreview(context, params.token);
  if (!found) throw data(null, { status: 404, headers: PREVIEW_HEADERS });
  return data(found, { headers: PREVIEW_HEADERS });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? (loaderData.kind === 'post' ? loaderData.post.title : loaderData.resource.title) : 'Page Not Found';
  return [{ title: pageTitle(`Preview: ${title}`) }, { name: 'robots', content: 'noindex, nofollow' }];
}

export function headers() {
  return PREVIEW_HEADERS;
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p role="note" className="mx-auto mb-8 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-center font-semibold text-amber-900">
        Preview — not published
      </p>
      {loaderData.kind === 'post' ? <PostArticle post={loaderData.post} /> : <ResourceArticle resource={loaderData.resource} />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFound="content" />;
}

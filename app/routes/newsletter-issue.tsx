import { ArrowLeft } from 'lucide-react';
import { data, Link } from 'react-router';
import { MarkdownContent } from '../components/markdown-content.tsx';
import { PageError } from '../components/page-error.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { NOT_FOUND_CACHE_CONTROL, publicPageHeaders } from '../lib/cache-headers.ts';
import { formatLongDate } from '../lib/dates.ts';
import { findIssueWebVersion } from '../server/newsletter-archive.server.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import { notePageSources } from '../server/content.server.ts';
import { pageSource } from '../../common/page-sources.ts';
import type { Route } from './+types/newsletter-issue';

/** /newsletter/{slug}: the web version of a sent issue; 404 for any other. */
export async function loader({ context, params }: Route.LoaderArgs) {
  // The issue's posts are read as they are now: a post write may change them.
  notePageSources(context, [pageSource.postLists]);
  const issue = await findIssueWebVersion(context, params.slug);
  if (!issue) throw data(null, { status: 404, headers: { 'Cache-Control': NOT_FOUND_CACHE_CONTROL } });
  return { issue };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  if (error || !loaderData) return [{ title: pageTitle('Page Not Found', matches) }, { name: 'robots', content: 'noindex' }];
  const { issue } = loaderData;
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: `/newsletter/${issue.slug}`,
    title: pageTitle(issue.subject, matches),
    description: issue.preheader || `The ${siteFromMatches(matches).name} newsletter of ${formatLongDate(issue.sent_at)}.`,
    image: issue.posts.find((post) => post.image)?.image ?? null,
    type: 'article',
  });
}

export const headers = publicPageHeaders;

export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { issue } = loaderData;
  return (
    <article className="mx-auto max-w-3xl">
      <Link to="/newsletter" className="mb-6 inline-flex items-center gap-2 text-sm text-primary hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All issues
      </Link>
      <header className="mb-8">
        <time className="text-sm text-muted-foreground" dateTime={new Date(issue.sent_at * 1000).toISOString()}>
          {formatLongDate(issue.sent_at)}
        </time>
        <h1 className="mt-1 page-title">{issue.subject}</h1>
      </header>
      <MarkdownContent content={issue.intro} />
      {issue.posts.length > 0 ? (
        <ul className="my-8 grid gap-6">
          {issue.posts.map((post) => (
            <li key={post.path} className="rounded-lg border border-border p-5">
              {post.sponsored ? <Badge variant="secondary">Sponsored</Badge> : null}
              <h2 className="mt-2 text-xl font-semibold">
                <Link className="hover:underline" to={post.path}>
                  {post.title}
                </Link>
              </h2>
              {post.campaignLine ? <p className="mt-2 font-medium">{post.campaignLine}</p> : null}
              {post.excerpt ? <p className="mt-2 text-muted-foreground">{post.excerpt}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <MarkdownContent content={issue.closing} />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

import { Link } from 'react-router';
import { ContentCard } from '../components/content-card.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { PageError } from '../components/page-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { publicPageHeaders } from '../lib/cache-headers.ts';
import { formatLongDate } from '../lib/dates.ts';
import { listArchivedIssues } from '../server/newsletter-archive.server.ts';
import { notePageSources } from '../server/content.server.ts';
import { originFromMatches, pageMeta, pageTitle } from '../lib/seo.ts';
import { siteFromMatches } from '../lib/public-site.ts';
import type { Route } from './+types/newsletter-archive';

export async function loader({ context }: Route.LoaderArgs) {
  // Sent issues alone, whose changes touch every page.
  notePageSources(context, []);
  return { issues: await listArchivedIssues(context) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    origin: originFromMatches(matches),
    siteName: siteFromMatches(matches).name,
    path: '/newsletter',
    title: pageTitle('Newsletter Archive', matches),
    description: `Every issue of the ${siteFromMatches(matches).name} newsletter: reviewed crowdfunding campaigns and guides, as they were sent.`,
  });
}

export const headers = publicPageHeaders;

export default function NewsletterArchive({ loaderData }: Route.ComponentProps) {
  const { issues } = loaderData;
  return (
    <>
      <PageHeader title="Newsletter Archive">
        <p>
          Every issue we have sent.{' '}
          <Link className="text-primary underline underline-offset-4" to="/#newsletter">
            Subscribe
          </Link>{' '}
          to get the next one in your inbox.
        </p>
      </PageHeader>
      {issues.length === 0 ? (
        <EmptyState>No issues sent yet. Check back soon!</EmptyState>
      ) : (
        <ul className="max-w-3xl border-b border-border">
          {issues.map((issue) => (
            <li key={issue.slug}>
              <ContentCard
                layout="row"
                href={`/newsletter/${issue.slug}`}
                title={issue.subject}
                headingLevel={2}
                excerpt={issue.preheader}
                meta={
                  <p className="text-sm text-muted-foreground">
                    <time dateTime={new Date(issue.sent_at * 1000).toISOString()}>{formatLongDate(issue.sent_at)}</time>
                  </p>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

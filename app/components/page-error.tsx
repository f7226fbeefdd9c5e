import { isRouteErrorResponse, Link } from 'react-router';
import { ContentNotFound, NotFoundPage, recentPostsOf } from './not-found-page.tsx';
import { PageHeader } from './page-header.tsx';
import { Button } from './ui/button.tsx';

/**
 * A public page's error boundary, inside the site's frame: SPEC.md's
 * not-found texts for a 404, a short apology for anything else.
 */
export function PageError({ error, notFound = 'page' }: { error: unknown; notFound?: 'page' | 'content' }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const recentPosts = recentPostsOf(error.data);
    return notFound === 'content' ? <ContentNotFound recentPosts={recentPosts} /> : <NotFoundPage recentPosts={recentPosts} />;
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <div className="flex flex-col items-center gap-6 py-24 text-center">
        <h1 className="page-title">Back in a moment</h1>
        <p className="text-muted-foreground">The site is briefly unavailable. Please try again in a moment.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-6 py-24 text-center">
      <h1 className="page-title">Something went wrong</h1>
      <p className="text-muted-foreground">Please try again in a moment.</p>
      <Button asChild variant="outline">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}

/**
 * The error boundary of a private link's page (the creator's update link,
 * the sponsor's report): a 404 says the link does not work, `why` it may
 * not, and where to ask for a new one; anything else is `PageError`.
 */
export function PrivateLinkError({ error, why }: { error: unknown; why: string }) {
  if (!isRouteErrorResponse(error) || error.status !== 404) return <PageError error={error} />;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="This link does not work">
        <p>{`${why} Ask us for a new link through the contact form.`}</p>
      </PageHeader>
      <a href="/contact-us" className="font-medium text-primary underline underline-offset-4">
        Contact us
      </a>
    </div>
  );
}

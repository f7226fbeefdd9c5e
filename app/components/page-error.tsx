import { isRouteErrorResponse, Link } from 'react-router';
import { ContentNotFound, NotFoundPage, recentPostsOf } from './not-found-page.tsx';
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
        <h1 className="text-3xl font-bold tracking-tight">Back in a moment</h1>
        <p className="text-muted-foreground">The site is briefly unavailable. Please try again in a moment.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-6 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-muted-foreground">Please try again in a moment.</p>
      <Button asChild variant="outline">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}

import { Link } from 'react-router';
import { Button } from './ui/button.tsx';

/** SPEC.md's page for any unknown path. */
export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center gap-6 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Oops! Page not found</h1>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}

/** SPEC.md's detail page when no post or resource has the slug. */
export function ContentNotFound() {
  return (
    <div className="flex flex-col items-center gap-6 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Content Not Found</h1>
      <p className="max-w-md text-muted-foreground">The content you&apos;re looking for doesn&apos;t exist or has been removed.</p>
      <Button asChild size="lg">
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}

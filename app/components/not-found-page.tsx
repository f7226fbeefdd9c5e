import { Link } from 'react-router';

/** SPEC.md's page for any unknown path. */
export function NotFoundPage() {
  return (
    <div className="flex flex-col items-center gap-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Oops! Page not found</h1>
      <Link to="/" className="font-medium text-emerald-700 underline underline-offset-4 hover:text-emerald-900">
        Return to Home
      </Link>
    </div>
  );
}

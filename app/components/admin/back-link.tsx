import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back from an editor to its list, above the editor's title. */
export function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className="mb-4 inline-flex items-center gap-2 text-sm text-primary hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back
    </Link>
  );
}

import { ExternalLink } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** "View on site": a live post or resource's public page, in a new tab, from the editor and the list's saved notice. */
export function ViewOnSiteLink({ slug, className }: { slug: string; className?: string }) {
  return (
    <a
      href={`/${slug}`}
      target="_blank"
      rel="noopener noreferrer"
      className={cn('inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4', className)}
    >
      View on site
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

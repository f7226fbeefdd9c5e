import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/** SPEC.md's loading spinner; announced to screen readers as "Loading". */
export function Spinner({ className, label = 'Loading', ...props }: ComponentProps<'svg'> & { label?: string }) {
  return (
    <span role="status" data-slot="spinner" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-primary', className)} {...props} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

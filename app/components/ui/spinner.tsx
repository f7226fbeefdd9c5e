import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

/** SPEC.md's loading spinner (a CSS ring); announced to screen readers as "Loading". */
export function Spinner({ className, label = 'Loading', ...props }: ComponentProps<'span'> & { label?: string }) {
  return (
    <span role="status" data-slot="spinner" className="inline-flex items-center" {...props}>
      <span
        aria-hidden="true"
        className={cx('size-6 animate-spin rounded-full border-2 border-primary/25 border-t-primary', className)}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

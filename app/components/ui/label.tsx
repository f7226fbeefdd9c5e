import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

// A plain <label>: Radix's Label only adds double-click text-selection
// handling, not worth shipping to every page with a form.
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      className={cx('flex select-none items-center gap-2 text-sm font-medium leading-none', className)}
      {...props}
    />
  );
}

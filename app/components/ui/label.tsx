import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

// A plain <label>: Radix's Label only adds double-click text-selection
// handling, not worth shipping to every page with a form.
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      className={cn('flex select-none items-center gap-2 text-sm font-medium leading-none', className)}
      {...props}
    />
  );
}

import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

/** A native checkbox (it submits with the form, with or without JavaScript). */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cx(
        'size-4 shrink-0 rounded border border-input accent-primary outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        className,
      )}
      {...props}
    />
  );
}

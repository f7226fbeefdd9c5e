import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';
import { Slot } from './slot.tsx';

export const buttonVariants = cva(
  // The shared part, each variant and each size are one class (components.css): every page repeats them.
  'ui-button',
  {
    variants: {
      variant: {
        default: 'ui-primary',
        destructive: 'ui-destructive',
        outline: 'ui-outline',
        secondary: 'ui-secondary',
        ghost: 'ui-ghost',
        link: 'ui-link',
      },
      size: {
        default: 'ui-md',
        sm: 'ui-sm',
        lg: 'ui-lg',
        icon: 'ui-icon-button',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the child element (a link, say) with the button's look. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return <Comp data-slot="button" className={cx(buttonVariants({ variant, size }), className)} {...props} />;
}

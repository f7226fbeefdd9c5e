import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, for the public site's components: `cx('px-4', isWide && 'w-full', className)`.
 * Unlike the back office's `cn` (lib/cn.ts) it resolves no Tailwind conflicts, which would ship a
 * class-merging library with every public page. A caller that overrides one of a component's
 * own classes marks its class important instead (`h-11!`), so the override wins whatever the
 * stylesheet's order.
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';

type SlotProps = Record<string, unknown> & { children?: ReactNode; className?: string };

function chain(first: unknown, second: unknown) {
  if (typeof first !== 'function') return second;
  if (typeof second !== 'function') return first;
  return (...args: unknown[]) => {
    (second as (...a: unknown[]) => void)(...args);
    (first as (...a: unknown[]) => void)(...args);
  };
}

/**
 * Renders its one child element with the slot's props merged in, for the
 * `asChild` of Button and Badge: classes joined (the child's last), event
 * handlers both called (the child's first), the child's other props win.
 * A few lines instead of Radix's Slot, which every page would ship with the
 * buttons; Radix's own components keep using theirs.
 */
export function Slot({ children, className, ...props }: SlotProps) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<SlotProps>;
  const merged: SlotProps = { ...props, ...child.props, className: cx(className, child.props.className) };
  for (const [name, value] of Object.entries(props)) {
    if (/^on[A-Z]/.test(name)) merged[name] = chain(value, child.props[name]);
  }
  return cloneElement(child, merged);
}

import { cx } from '../../lib/cx.ts';
// Never inlined as a data: address, which `<use>` cannot reference: a hashed file, cached for good.
import sprite from './icons.svg?url&no-inline';

/** The icons of `icons.svg`, by their symbol's id. */
export type IconName =
  | 'arrow-left'
  | 'arrow-right'
  | 'calculator'
  | 'calendar'
  | 'chevron-down'
  | 'circle-alert'
  | 'circle-check'
  | 'clock'
  | 'external-link'
  | 'link-2'
  | 'mail'
  | 'menu'
  | 'search'
  | 'share-2'
  | 'user';

/**
 * A decorative icon of the public pages, drawn from one shared sprite file: a
 * page repeats a short `<use>` instead of each icon's full drawing (the cards
 * alone show a calendar, a clock and an external link each). 24px unless a
 * size class says otherwise; the stroke takes the text colour.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={cx('icon', className)}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

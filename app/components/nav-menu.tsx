import { Fragment, useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { NavMenuProps } from './nav-menu-types.ts';
import { buttonVariants } from './ui/button.tsx';
import { cx } from '../lib/cx.ts';
import { Icon } from './ui/icon.tsx';

/**
 * A navigation dropdown (Projects, Tools): a native disclosure of plain
 * links, so it opens and its links work before the scripts load and without
 * them. Sharing one `name`, only one of them is open at a time. The scripts
 * add what a dropdown is expected to do: Escape closes it and gives the focus
 * back to its button, and a click elsewhere, a focus moving away or a
 * followed link closes it. Nothing is loaded on demand, so the first click on
 * an item always lands on a link that is already there.
 */
export function NavMenu({ label, groups }: NavMenuProps) {
  const menu = useRef<HTMLDetailsElement>(null);
  const headingId = useId();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname, search]);

  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, []);

  // The section of the page shown: its menu is marked like a current link.
  const isCurrentSection = groups.some((group) => group.items.some((item) => item.to === pathname));

  const close = (returnFocus: boolean) => {
    const details = menu.current;
    if (!details?.open) return;
    details.open = false;
    if (returnFocus) details.querySelector('summary')?.focus();
  };

  return (
    <details
      ref={menu}
      name="site-nav-menu"
      className="group/nav-menu relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menu.current?.open) {
          event.preventDefault();
          close(true);
        }
      }}
      onBlur={(event) => {
        // Only a focus that lands elsewhere on the page: a click on an item
        // in a browser that does not focus links must still reach the link.
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) close(false);
      }}
    >
      <summary
        className={cx(
          buttonVariants({ variant: 'ghost' }),
          'cursor-pointer list-none px-3! [&::-webkit-details-marker]:hidden',
          isCurrentSection && 'underline decoration-primary decoration-2 underline-offset-8',
        )}
      >
        {label}
        {isCurrentSection ? <span className="sr-only"> (current section)</span> : null}
        <Icon name="chevron-down" className="transition-transform group-open/nav-menu:rotate-180" />
      </summary>
      <div className="nav-menu-panel">
        {groups.map((group, index) => (
          <Fragment key={group.heading ?? index}>
            {index > 0 ? <div role="presentation" className="-mx-1 my-1 h-px bg-border" /> : null}
            {group.heading ? (
              <p
                id={`${headingId}-${index}`}
                className="px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
              >
                {group.heading}
              </p>
            ) : null}
            <ul aria-labelledby={group.heading ? `${headingId}-${index}` : undefined}>
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    prefetch="intent"
                    aria-current={item.to === pathname ? 'page' : undefined}
                    className={NAV_MENU_ITEM_CLASS}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Fragment>
        ))}
      </div>
    </details>
  );
}

// The ring is drawn inside the item so the scrolling panel never clips it (components.css).
const NAV_MENU_ITEM_CLASS = 'nav-menu-item';

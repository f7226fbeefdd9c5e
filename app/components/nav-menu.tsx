import { Fragment, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from './ui/button.tsx';
import { cx } from '../lib/cx.ts';
import { Icon } from './ui/icon.tsx';

export interface NavMenuItem {
  to: string;
  label: string;
}

export interface NavMenuGroup {
  heading?: string;
  items: NavMenuItem[];
}

/**
 * A navigation dropdown (Projects, Tools) of plain links: a native
 * disclosure holding only its button, then the panel of links, which CSS
 * shows while the disclosure is open (components.css). So it opens and its
 * links work before the scripts load and without them, and on small screens
 * the header's menu shows the same links, open, without its button.
 * Sharing one `name`, only one dropdown is open at a time. The scripts add
 * what a dropdown is expected to do: Escape closes it and gives the focus
 * back to its button, and a click elsewhere, a focus moving away or a
 * followed link closes it.
 */
export function NavMenu({ label, groups }: { label: string; groups: NavMenuGroup[] }) {
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  // Fixed, not `useId`: the header's HTML must not depend on where in the page's tree it is (lib/kept-frame.ts).
  const headingId = `nav-menu-${label.toLowerCase()}`;
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname, search]);

  useEffect(() => {
    const closeOnOutsidePointer = (event: PointerEvent) => {
      const details = menu.current;
      if (details?.open && event.target instanceof Node && !root.current?.contains(event.target)) details.open = false;
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
    <div
      ref={root}
      className="nav-menu"
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
      <details ref={menu} name="site-nav-menu" className="group/nav-menu">
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
      </details>
      <div className="nav-menu-panel">
        {groups.map((group, index) => (
          <Fragment key={group.heading ?? index}>
            {group.heading ? (
              <h2 id={`${headingId}-${index}`} className="nav-menu-heading">
                {group.heading}
              </h2>
            ) : null}
            <ul aria-labelledby={group.heading ? `${headingId}-${index}` : undefined} className="nav-menu-group">
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    prefetch="intent"
                    aria-current={item.to === pathname ? 'page' : undefined}
                    className="nav-menu-item"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Fragment>
        ))}
      </div>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { cx } from '../lib/cx.ts';
import { SPONSORED_PATH } from '../../common/site.ts';
import type { PublicSite } from '../lib/public-site.ts';
import { Button, buttonVariants } from './ui/button.tsx';
import { NavMenu } from './nav-menu.tsx';
import { SiteLogo } from './site-logo.tsx';
import { Icon } from './ui/icon.tsx';

export interface NavCategory {
  slug: string;
  name: string;
}

/** SPEC.md section 2: the calculators of the Tools menu. */
export const TOOL_LINKS: readonly { to: string; label: string }[] = [
  { to: '/instant-kickstarter-fee-calculator', label: 'Kickstarter Calculator' },
  { to: '/free-indiegogo-fee-calculator', label: 'Indiegogo Calculator' },
];

// The current section is marked by more than its colour: an underline, and `aria-current` (NavLink's).
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx(buttonVariants({ variant: 'ghost' }), 'px-3!', isActive && 'underline decoration-primary decoration-2 underline-offset-8');

/**
 * The navigation bar of SPEC.md section 2: logo, Projects and Tools
 * dropdowns, Resources, Contact and the 'Submit Project' button; on small
 * screens a menu (a native disclosure, usable before the scripts load) that
 * repeats them with a CATEGORIES heading.
 */
export function SiteHeader({ categories, site }: { categories: NavCategory[]; site: PublicSite }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 rounded-md font-bold tracking-tight" prefetch="intent">
          <SiteLogo src={site.logoUrl} />
          <span>{site.name}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavMenu
            label="Projects"
            groups={[
              { items: [{ to: '/', label: 'All Projects' }] },
              ...(categories.length > 0
                ? [
                    {
                      heading: 'Categories',
                      items: categories.map((category) => ({ to: `/category/${category.slug}`, label: category.name })),
                    },
                  ]
                : []),
            ]}
          />
          <NavLink to="/resources" className={navLinkClass} prefetch="intent">
            Resources
          </NavLink>
          <NavMenu label="Tools" groups={[{ items: [...TOOL_LINKS] }]} />
          <NavLink to="/contact-us" className={navLinkClass} prefetch="intent">
            Contact
          </NavLink>
          <Button asChild className="ml-2">
            <Link to={SPONSORED_PATH}>Submit Project</Link>
          </Button>
        </nav>

        <HeaderSearch id="site-search" className="hidden lg:flex" />
        <div className="flex items-center gap-1 md:contents">
          <PhoneSearch />
          <MobileMenu categories={categories} />
        </div>
      </div>
    </header>
  );
}

/**
 * The site search on tablets: a row under the header bar, scrolled away with
 * the page. Phones get it behind a button in the bar instead (`PhoneSearch`),
 * so the first screen is the page, not a search field.
 */
export function SiteSearchRow() {
  return (
    <div className="hidden border-b border-border bg-card sm:block lg:hidden">
      <HeaderSearch id="site-search-narrow" className="mx-auto flex w-full max-w-6xl px-4 py-2 sm:px-6" />
    </div>
  );
}

/**
 * The site search: a plain GET form to /search, so it works before (and
 * without) the scripts and adds no state of its own. Beside the navigation
 * on wide screens; on narrower ones in a row under the header bar
 * (`SiteSearchRow`), so the bar that sticks stays one bar high.
 */
function HeaderSearch({ id, className }: { id: string; className?: string }) {
  return (
    <form method="get" action="/search" role="search" aria-label="Site search" className={cx('items-center gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        Search posts and resources
      </label>
      <input
        id={id}
        type="search"
        name="q"
        required
        maxLength={200}
        placeholder="Search…"
        className="site-search-input"
      />
      <button type="submit" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        Search
      </button>
    </form>
  );
}

/**
 * The search behind a button on phones: a native disclosure like the menu,
 * so it opens before (and without) the scripts; opened, it hands the focus
 * to its field.
 */
function PhoneSearch() {
  const panel = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  // A search made closes it.
  useEffect(() => {
    if (panel.current) panel.current.open = false;
  }, [pathname, search]);
  return (
    <details
      ref={panel}
      className="sm:hidden"
      onToggle={(event) => {
        if (event.currentTarget.open) event.currentTarget.querySelector('input')?.focus();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !panel.current?.open) return;
        event.preventDefault();
        panel.current.open = false;
        panel.current.querySelector('summary')?.focus();
      }}
    >
      <summary
        className={cx(buttonVariants({ variant: 'ghost', size: 'icon' }), 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
      >
        <Icon name="search" className="size-5" />
        <span className="sr-only">Search</span>
      </summary>
      <div className="absolute inset-x-0 top-16 border-b border-border bg-card px-4 py-3 shadow-lg">
        <HeaderSearch id="site-search-phone" className="flex" />
      </div>
    </details>
  );
}

function MobileMenu({ categories }: { categories: NavCategory[] }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();
  // A followed link closes the menu.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname, search]);

  const itemClass = 'site-menu-item';
  // Plain links with `aria-current`, as the wide menus have (nav-menu.tsx): a
  // NavLink works its match out again for each of the menu's links on every render.
  const current = (to: string) => (to === pathname ? 'page' : undefined);
  return (
    <details
      ref={menu}
      className="group md:hidden"
      onKeyDown={(event) => {
        // Escape closes it wherever the focus is inside, and hands the focus back to its button.
        if (event.key !== 'Escape' || !menu.current?.open) return;
        event.preventDefault();
        menu.current.open = false;
        menu.current.querySelector('summary')?.focus();
      }}
    >
      <summary
        className={cx(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
        )}
      >
        <Icon name="menu" className="size-6" />
        <span className="sr-only">Menu</span>
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-card px-4 pb-6 pt-2 shadow-lg"
      >
        <ul className="grid gap-1">
          <li>
            <Link to="/" className={itemClass} aria-current={current('/')}>
              All Projects
            </Link>
          </li>
        </ul>
        {categories.length > 0 ? (
          <>
            <h2 className="mt-3 px-3 text-xs font-semibold tracking-wider text-muted-foreground">CATEGORIES</h2>
            <ul className="mt-1 grid gap-1">
              {categories.map(({ slug, name }) => (
                <li key={slug}>
                  <Link to={`/category/${slug}`} className={itemClass} aria-current={current(`/category/${slug}`)}>
                    {name}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <ul className="mt-3 grid gap-1 border-t border-border pt-3">
          <li>
            <Link to="/resources" className={itemClass} aria-current={current('/resources')}>
              Resources
            </Link>
          </li>
          {TOOL_LINKS.map((tool) => (
            <li key={tool.to}>
              <Link to={tool.to} className={itemClass} aria-current={current(tool.to)}>
                {tool.label}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/contact-us" className={itemClass} aria-current={current('/contact-us')}>
              Contact
            </Link>
          </li>
        </ul>
        <Button asChild className="mt-4 w-full">
          <Link to={SPONSORED_PATH}>Submit Project</Link>
        </Button>
      </nav>
    </details>
  );
}

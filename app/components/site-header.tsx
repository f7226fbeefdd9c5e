import { memo, useEffect, useRef, type KeyboardEvent, type Ref, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { cx } from '../lib/cx.ts';
import { SPONSORED_PATH } from '../../common/site.ts';
import { useKeptFrame } from '../lib/kept-frame.ts';
import type { PublicSite } from '../lib/public-site.ts';
import { Button, buttonVariants } from './ui/button.tsx';
import { NavMenu } from './nav-menu.tsx';
import { SiteLogo } from './site-logo.tsx';
import { Icon, type IconName } from './ui/icon.tsx';

export interface NavCategory {
  slug: string;
  name: string;
}

/** SPEC.md section 2: the calculators of the Tools menu. */
export const TOOL_LINKS: readonly { to: string; label: string }[] = [
  { to: '/instant-kickstarter-fee-calculator', label: 'Kickstarter Calculator' },
  { to: '/free-indiegogo-fee-calculator', label: 'Indiegogo Calculator' },
];

/** The Projects menu's links: every project, the campaigns ending soon and the newsletter's sent issues, then each category's. */
const PROJECT_LINKS: readonly { to: string; label: string }[] = [
  { to: '/projects', label: 'All Projects' },
  { to: '/ending-soon', label: 'Ending Soon' },
  { to: '/newsletter', label: 'Newsletter Archive' },
];
const categoryLinks = (categories: readonly NavCategory[]) =>
  categories.map((category) => ({ to: `/category/${category.slug}`, label: category.name }));

/** The header's links to a section: current on its own page and on every page under it. */
const SECTION_LINKS = ['/resources', '/contact-us'] as const;

/** Whether `pathname` is in the section at `to` (as React Router's `NavLink` matches: any letter case, a trailing slash or a page under it). */
function isInSection(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  return path === to || path.startsWith(`${to}/`);
}

/**
 * Everything of the header that depends on the page: which of its links is
 * the current page, or the section it is in ('' for none). The menus mark
 * an item by `pathname === to`, the section links by `isInSection`; no
 * item's path is in a section, so this one value says how every link is
 * drawn, and with the settings and categories it is the key of the
 * header's kept HTML (lib/kept-frame.ts).
 */
export function currentInHeader(pathname: string, categories: readonly NavCategory[]): string {
  if ([...PROJECT_LINKS, ...categoryLinks(categories), ...TOOL_LINKS].some((link) => link.to === pathname)) return pathname;
  return SECTION_LINKS.find((to) => isInSection(pathname, to)) ?? '';
}

const NAV_ID = 'site-nav';
const SEARCH_ID = 'site-search';

/**
 * The navigation bar of SPEC.md section 2: logo, Projects and Tools
 * dropdowns, Resources, Contact and the 'Submit Project' button, then the
 * site search.
 *
 * One header for every width: its links and its search form are rendered
 * once, and CSS lays them out (components.css). On small screens the links
 * are the menu (the dropdowns shown open, categories under their CATEGORIES
 * heading) and the search a panel, each behind a button of its own: a native
 * disclosure holding only that button, followed by what it opens, so both
 * work before (and without) the scripts.
 *
 * It depends only on the settings, the categories and which of its links
 * is the current page (`currentInHeader`). So a client-side navigation does
 * not render it again (`memo`, and no location read here): only what shows
 * the current page (the links, the dropdowns) and `CloseOnNavigation`
 * follow the location. And the server renders it once per set of these
 * inputs, writing its kept HTML on later pages (lib/kept-frame.ts).
 */
export const SiteHeader = memo(function SiteHeader({ categories, site }: { categories: NavCategory[]; site: PublicSite }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const searchToggle = useRef<HTMLDetailsElement>(null);
  const frame = useKeptFrame(
    'header',
    (pathname) => [categories, site, currentInHeader(pathname, categories)],
    () => <HeaderContent categories={categories} site={site} menu={menu} searchToggle={searchToggle} />,
  );

  // Escape closes an open panel wherever the focus is inside it, and hands the
  // focus back to its button. A dropdown open inside the menu closes first (nav-menu.tsx).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    for (const [toggle, panelId] of [
      [menu.current, NAV_ID],
      [searchToggle.current, SEARCH_ID],
    ] as const) {
      const panel = document.getElementById(panelId);
      if (!toggle?.open || !(event.target instanceof Node)) continue;
      if (!toggle.contains(event.target) && !panel?.contains(event.target)) continue;
      event.preventDefault();
      toggle.open = false;
      toggle.querySelector('summary')?.focus();
    }
  };

  return (
    <header
      {...frame}
      onKeyDown={onKeyDown}
      className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80"
    />
  );
});

/** What the header holds, rendered unless the server writes it from kept HTML. */
function HeaderContent({
  categories,
  site,
  menu,
  searchToggle,
}: {
  categories: NavCategory[];
  site: PublicSite;
  menu: RefObject<HTMLDetailsElement | null>;
  searchToggle: RefObject<HTMLDetailsElement | null>;
}) {
  const categoryItems = categoryLinks(categories);
  return (
    <>
      <CloseOnNavigation toggles={[menu, searchToggle]} />
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-1 px-4 sm:px-6">
        <Link to="/" className="mr-auto flex items-center gap-2 rounded-md font-bold tracking-tight" prefetch="intent">
          <SiteLogo src={site.logoUrl} className="size-8 shrink-0" />
          <span>{site.name}</span>
        </Link>

        <PanelToggle ref={menu} controls={NAV_ID} label="Menu" icon="menu" className="md:hidden" />
        <nav aria-label="Main" id={NAV_ID} className="site-nav">
          <ul className="site-nav-list">
            <li>
              <NavMenu
                label="Projects"
                groups={[
                  { items: [...PROJECT_LINKS] },
                  ...(categoryItems.length > 0 ? [{ heading: 'CATEGORIES', items: categoryItems }] : []),
                ]}
              />
            </li>
            <li>
              <SectionLink to="/resources">Resources</SectionLink>
            </li>
            <li>
              <NavMenu label="Tools" groups={[{ items: [...TOOL_LINKS] }]} />
            </li>
            <li>
              <SectionLink to="/contact-us">Contact</SectionLink>
            </li>
          </ul>
          <Button asChild className="site-nav-submit">
            <Link to={SPONSORED_PATH}>Submit Project</Link>
          </Button>
        </nav>

        <PanelToggle
          ref={searchToggle}
          controls={SEARCH_ID}
          label="Search"
          icon="search"
          className="lg:hidden"
          // Opened, it hands the focus to its field.
          onOpen={() => document.getElementById(`${SEARCH_ID}-q`)?.focus()}
        />
        <form id={SEARCH_ID} method="get" action="/search" role="search" aria-label="Site search" className="site-search">
          <label htmlFor={`${SEARCH_ID}-q`} className="sr-only">
            Search posts and resources
          </label>
          <input
            id={`${SEARCH_ID}-q`}
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
      </div>
    </>
  );
}

/** A link to a section, marked while the page is in it by more than its colour: an underline, and `aria-current`. */
function SectionLink({ to, children }: { to: (typeof SECTION_LINKS)[number]; children: string }) {
  const isCurrent = isInSection(useLocation().pathname, to);
  return (
    <Link
      to={to}
      prefetch="intent"
      aria-current={isCurrent ? 'page' : undefined}
      className={cx(
        buttonVariants({ variant: 'ghost' }),
        'site-nav-link',
        isCurrent && 'underline decoration-primary decoration-2 underline-offset-8',
      )}
    >
      {children}
    </Link>
  );
}

/** A followed link or a search made closes whatever panel is open. */
function CloseOnNavigation({ toggles }: { toggles: RefObject<HTMLDetailsElement | null>[] }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    for (const toggle of toggles) if (toggle.current) toggle.current.open = false;
  }, [pathname, search, toggles]);
  return null;
}

/**
 * The button of a header panel: a disclosure that holds only its summary,
 * with the panel right after it; CSS shows the panel while it is open. The
 * two share a `name`, so opening one closes the other.
 */
function PanelToggle({
  ref,
  controls,
  label,
  icon,
  className,
  onOpen,
}: {
  ref: Ref<HTMLDetailsElement>;
  controls: string;
  label: string;
  icon: IconName;
  className: string;
  onOpen?: () => void;
}) {
  return (
    <details
      ref={ref}
      name="site-header-panel"
      className={cx('site-panel-toggle', className)}
      onToggle={onOpen ? (event) => event.currentTarget.open && onOpen() : undefined}
    >
      <summary
        aria-controls={controls}
        className={cx(buttonVariants({ variant: 'ghost', size: 'icon' }), 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
      >
        <Icon name={icon} className={icon === 'menu' ? 'size-6' : 'size-5'} />
        <span className="sr-only">{label}</span>
      </summary>
    </details>
  );
}

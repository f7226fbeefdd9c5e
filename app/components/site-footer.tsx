import { memo } from 'react';
import { Link } from 'react-router';
import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS } from '../../common/site-profile.ts';
import { useKeptFrame } from '../lib/kept-frame.ts';
import type { PublicSite } from '../lib/public-site.ts';
import type { NavCategory } from './site-header.tsx';
import { TOOL_LINKS } from './site-header.tsx';
import { SiteLogo } from './site-logo.tsx';

const linkClass = 'footer-link';

interface FooterProps {
  year: number;
  categories: NavCategory[];
  site: PublicSite;
  /** Opens the cookie preferences; absent when the site sets no optional cookie, so there is nothing to prefer. */
  onCookiePreferences?: (() => void) | undefined;
}

/**
 * SPEC.md's footer: copyright with the current year, the privacy and terms
 * pages (terms in a new tab), a privacy contact mail link; plus a way back
 * to the cookie preferences (only where analytics asks for a choice) and the
 * site's sections. It depends only on the settings, the categories and
 * whether there are cookie preferences: a client-side navigation does not
 * render it again (`memo`), and the server renders it once per set of them,
 * writing its kept HTML on later pages (lib/kept-frame.ts).
 */
export const SiteFooter = memo(function SiteFooter({
  year,
  categories,
  site,
  onCookiePreferences,
}: FooterProps) {
  const frame = useKeptFrame(
    'footer',
    // Whether analytics is configured is constant per process (an environment variable), but several
    // apps with different settings can share one (the tests): it is an input like the others.
    () => [year, categories, site, onCookiePreferences !== undefined],
    () => <FooterContent year={year} categories={categories} site={site} onCookiePreferences={onCookiePreferences} />,
  );
  return <footer {...frame} className="mt-section border-t border-border bg-card" />;
});

/** What the footer holds, rendered unless the server writes it from kept HTML. */
function FooterContent({
  year,
  categories,
  site,
  onCookiePreferences,
}: FooterProps) {
  return (
    <>
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <p className="flex items-center gap-2 font-bold tracking-tight">
            <SiteLogo className="size-7" src={site.logoUrl} />
            {site.name}
          </p>
          {site.tagline ? <p className="mt-3 max-w-sm text-sm text-muted-foreground">{site.tagline}</p> : null}
          <SocialLinks social={site.social} />
        </div>
        <nav aria-label="Projects">
          <h2 className="text-sm font-semibold">Projects</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            <li>
              <Link to="/projects" className={linkClass}>
                All Projects
              </Link>
            </li>
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to={`/category/${category.slug}`} className={linkClass}>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Site">
          <h2 className="text-sm font-semibold">Site</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            <li>
              <Link to="/resources" className={linkClass}>
                Resources
              </Link>
            </li>
            {TOOL_LINKS.map((tool) => (
              <li key={tool.to}>
                <Link to={tool.to} className={linkClass}>
                  {tool.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/contact-us" className={linkClass}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between">
          <p className="text-muted-foreground">
            {`© ${year} ${site.name}. All rights reserved.`}
          </p>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <a href="/terms-of-service" target="_blank" rel="noopener noreferrer" className={linkClass}>
                Terms of Service<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={`mailto:${site.privacyEmail}`} className={linkClass}>
                {site.privacyEmail}
              </a>
            </li>
            {onCookiePreferences ? (
              <li>
                <button type="button" onClick={onCookiePreferences} className={`${linkClass} cursor-pointer`}>
                  Cookie preferences
                </button>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </>
  );
}

/** The site's profiles on social networks, as set in the site settings; nothing when none is. */
function SocialLinks({ social }: { social: PublicSite['social'] }) {
  const profiles = SOCIAL_NETWORKS.flatMap((network) => {
    const url = social[network];
    return url ? [{ network, url }] : [];
  });
  if (profiles.length === 0) return null;
  return (
    <ul aria-label="Follow us" className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {profiles.map(({ network, url }) => (
        <li key={network}>
          <a href={url} rel="me noopener noreferrer" className={linkClass}>
            {SOCIAL_NETWORK_LABELS[network]}
          </a>
        </li>
      ))}
    </ul>
  );
}

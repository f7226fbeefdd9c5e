import { Plus } from 'lucide-react';
import { Children, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { CONTENT_STATES, savedItemOf, type AdminContentKind, type ContentStateFilter, type SavedItem } from '../../lib/admin-content.ts';
import { Button } from '../ui/button.tsx';
import { AdminPageHeader, AdminPager } from './admin-page.tsx';
import { ListSearch, noMatchText } from './list-search.tsx';
import { PagedTable } from './paged-table.tsx';
import { ViewOnSiteLink } from './view-on-site-link.tsx';

/**
 * The posts or resources list of the back office (SPEC.md section 2): its
 * title, the New button, the state filters and the search (`?q=`, which the
 * filters keep), one page of rows in the kind's own columns, and the pager.
 */
const FILTER_LABELS: Record<ContentStateFilter, string> = { published: 'Published', scheduled: 'Scheduled', draft: 'Drafts' };

export function ContentList({
  kind,
  headings,
  emptyText,
  nextToken,
  state,
  children,
}: {
  kind: AdminContentKind;
  headings: string[];
  /** SPEC.md's text for an empty list; a filter that finds nothing says so itself. */
  emptyText: string;
  nextToken: string | null;
  /** The filter shown; null: every item. */
  state: ContentStateFilter | null;
  /** One row per item, in the kind's columns. */
  children: ReactNode;
}) {
  const filters: [ContentStateFilter | null, string][] = [[null, 'All'], ...CONTENT_STATES.map((value) => [value, FILTER_LABELS[value]] as [ContentStateFilter, string])];
  const plural = `${kind.noun.toLowerCase()}s`;
  const search = useSearchParams()[0].get('q')?.trim() ?? '';
  // The item a save just stored, when the editor came back here after it. The same state gives the same item, so
  // the notice is filled in once per arrival.
  const arrival = useLocation().state as unknown;
  const saved = useMemo(() => savedItemOf(arrival, kind.kind), [arrival, kind.kind]);
  // A filter keeps the search, and starts at the first page.
  const filterLink = (value: ContentStateFilter | null) => {
    const params = new URLSearchParams();
    if (value) params.set('state', value);
    if (search) params.set('q', search);
    const query = params.toString();
    return query ? `?${query}` : kind.listPath;
  };
  const filteredEmptyText = state ? `No ${FILTER_LABELS[state].toLowerCase()} ${plural}` : emptyText;
  return (
    <>
      <AdminPageHeader title={`${kind.noun}s`}>
        <Button asChild>
          <Link to={`${kind.listPath}/new`}>
            <Plus aria-hidden="true" />
            New {kind.noun}
          </Link>
        </Button>
      </AdminPageHeader>
      <SavedNotice kind={kind} saved={saved} />
      <nav aria-label={`Filter ${kind.noun.toLowerCase()}s`} className="mb-4 flex flex-wrap gap-2">
        {filters.map(([value, label]) => (
          <Button key={label} asChild size="sm" variant={value === state ? 'default' : 'outline'}>
            <Link to={filterLink(value)} aria-current={value === state ? 'page' : undefined}>
              {label}
            </Link>
          </Button>
        ))}
      </nav>
      <ListSearch label={`Search ${plural}`} placeholder="Search by title or slug" results={Children.count(children)} more={nextToken !== null} />
      <PagedTable headings={headings} emptyText={search ? noMatchText(`No ${plural}`, search) : filteredEmptyText}>
        {children}
      </PagedTable>
      <AdminPager nextToken={nextToken} />
    </>
  );
}

/** Long enough for assistive technology to take in an empty region before its text arrives. */
const ANNOUNCE_DELAY_MS = 100;

/**
 * After a save: where the item is on the site, or, while it is not public,
 * where to share a preview of it. The status region is there empty first and
 * gets its text once mounted: a screen reader announces what changes in a
 * live region, not what it held when it appeared.
 */
function SavedNotice({ kind, saved }: { kind: AdminContentKind; saved: SavedItem | null }) {
  const [shown, setShown] = useState<SavedItem | null>(null);
  useEffect(() => {
    // A moment later, not in the commit that mounts the region: text there from the start is not announced.
    const later = setTimeout(() => setShown(saved), ANNOUNCE_DELAY_MS);
    // Told once: the history entry forgets the save (React Router keeps a
    // location's state under `usr`), so reloading the list, or coming back to
    // it, does not announce it again. This view keeps its copy.
    if (saved) {
      const { usr: _told, ...entry } = (window.history.state ?? {}) as Record<string, unknown>;
      window.history.replaceState(entry, '');
    }
    return () => clearTimeout(later);
  }, [saved]);
  const noun = kind.noun.toLowerCase();
  return (
    <div role="status">
      {shown ? (
        <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border bg-muted/40 px-4 py-3 text-sm">
          <span>
            Saved “{shown.title}”.{shown.isLive ? null : ` This ${noun} is not on the site yet.`}
          </span>
          {shown.isLive ? (
            <ViewOnSiteLink slug={shown.slug} />
          ) : (
            <Link to={`${kind.listPath}/${shown.id}#preview-links-heading`} className="font-medium text-primary underline underline-offset-4">
              Share a preview
            </Link>
          )}
        </p>
      ) : null}
    </div>
  );
}

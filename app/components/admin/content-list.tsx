import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONTENT_STATES, type AdminContentKind, type ContentStateFilter, type SavedItem } from '../../lib/admin-content.ts';
import { Button } from '../ui/button.tsx';
import { AdminPageHeader, AdminPager } from './admin-page.tsx';
import { ListSearch } from './list-search.tsx';
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
  saved = null,
  children,
}: {
  kind: AdminContentKind;
  headings: string[];
  /** SPEC.md's text for an empty list; a filter that finds nothing says so itself. */
  emptyText: string;
  nextToken: string | null;
  /** The filter shown; null: every item. */
  state: ContentStateFilter | null;
  /** The item a save just stored, when the list is where the save came back to. */
  saved?: SavedItem | null;
  /** One row per item, in the kind's columns. */
  children: ReactNode;
}) {
  const filters: [ContentStateFilter | null, string][] = [[null, 'All'], ...CONTENT_STATES.map((value) => [value, FILTER_LABELS[value]] as [ContentStateFilter, string])];
  const plural = `${kind.noun.toLowerCase()}s`;
  const search = useSearchParams()[0].get('q')?.trim() ?? '';
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
      {saved ? <SavedNotice kind={kind} saved={saved} /> : null}
      <nav aria-label={`Filter ${kind.noun.toLowerCase()}s`} className="mb-4 flex flex-wrap gap-2">
        {filters.map(([value, label]) => (
          <Button key={label} asChild size="sm" variant={value === state ? 'default' : 'outline'}>
            <Link to={filterLink(value)} aria-current={value === state ? 'page' : undefined}>
              {label}
            </Link>
          </Button>
        ))}
      </nav>
      <ListSearch label={`Search ${plural}`} placeholder="Search by title or slug" />
      <PagedTable headings={headings} emptyText={search ? `No ${plural} match “${search}”` : filteredEmptyText}>
        {children}
      </PagedTable>
      <AdminPager nextToken={nextToken} />
    </>
  );
}

/** After a save: where the item is on the site, or, while it is not public, where to share a preview of it. */
function SavedNotice({ kind, saved }: { kind: AdminContentKind; saved: SavedItem }) {
  const noun = kind.noun.toLowerCase();
  return (
    <p role="status" className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border bg-muted/40 px-4 py-3 text-sm">
      <span>
        Saved “{saved.title}”.{saved.isLive ? null : ` This ${noun} is not on the site yet.`}
      </span>
      {saved.isLive ? (
        <ViewOnSiteLink slug={saved.slug} />
      ) : (
        <Link to={`${kind.listPath}/${saved.id}#preview-links-heading`} className="font-medium text-primary underline underline-offset-4">
          Share a preview
        </Link>
      )}
    </p>
  );
}

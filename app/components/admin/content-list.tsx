import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTENT_STATES, type AdminContentKind, type ContentStateFilter } from '../../lib/admin-content.ts';
import { Button } from '../ui/button.tsx';
import { AdminPageHeader, AdminPager } from './admin-page.tsx';
import { PagedTable } from './paged-table.tsx';

/**
 * The posts or resources list of the back office (SPEC.md section 2): its
 * title, the New button, one page of rows in the kind's own columns, and
 * the pager.
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
      <nav aria-label={`Filter ${kind.noun.toLowerCase()}s`} className="mb-4 flex flex-wrap gap-2">
        {filters.map(([value, label]) => (
          <Button key={label} asChild size="sm" variant={value === state ? 'default' : 'outline'}>
            <Link to={value ? `?state=${value}` : kind.listPath} aria-current={value === state ? 'page' : undefined}>
              {label}
            </Link>
          </Button>
        ))}
      </nav>
      <PagedTable headings={headings} emptyText={state ? `No ${FILTER_LABELS[state].toLowerCase()} ${kind.noun.toLowerCase()}s` : emptyText}>
        {children}
      </PagedTable>
      <AdminPager nextToken={nextToken} />
    </>
  );
}

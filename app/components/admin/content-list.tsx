import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminContentKind } from '../../lib/admin-content.ts';
import { Button } from '../ui/button.tsx';
import { AdminPageHeader, AdminPager } from './admin-page.tsx';
import { PagedTable } from './paged-table.tsx';

/**
 * The posts or resources list of the back office (SPEC.md section 2): its
 * title, the New button, one page of rows in the kind's own columns, and
 * the pager.
 */
export function ContentList({
  kind,
  headings,
  emptyText,
  nextToken,
  children,
}: {
  kind: AdminContentKind;
  headings: string[];
  emptyText: string;
  nextToken: string | null;
  /** One row per item, in the kind's columns. */
  children: ReactNode;
}) {
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
      <PagedTable headings={headings} emptyText={emptyText}>
        {children}
      </PagedTable>
      <AdminPager nextToken={nextToken} />
    </>
  );
}

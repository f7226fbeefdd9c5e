import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { TableCell, TableRow } from '../ui/table.tsx';

/** An admin page's heading and its main action. */
export function AdminPageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** The row a table shows when it has nothing (SPEC.md's empty texts). */
export function EmptyTableRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={columns} className="py-10 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}

/**
 * Next-token paging (SPEC.md section 9): 20 rows a page, a link to the next
 * page while there is one and back to the first once past it. Other search
 * parameters (a tab) are kept.
 */
export function AdminPager({ nextToken }: { nextToken: string | null | undefined }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const isFirstPage = !params.has('next_token');
  if (isFirstPage && !nextToken) return null;
  const withToken = (token: string | null) => {
    const next = new URLSearchParams(params);
    if (token) next.set('next_token', token);
    else next.delete('next_token');
    const search = next.toString();
    return search ? `?${search}` : location.pathname;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex justify-end gap-2">
      {isFirstPage ? null : (
        <Button asChild variant="outline" size="sm">
          <Link to={withToken(null)}>First page</Link>
        </Button>
      )}
      {nextToken ? (
        <Button asChild variant="outline" size="sm">
          <Link to={withToken(nextToken)}>Next page</Link>
        </Button>
      ) : null}
    </nav>
  );
}

export function AdminLoading() {
  return (
    <div className="flex justify-center py-24">
      <Spinner />
    </div>
  );
}

/** A tab's label: its count in brackets when above zero (SPEC.md section 2). */
export const tabLabel = (label: string, count: number | undefined) => (count ? `${label} (${count})` : label);

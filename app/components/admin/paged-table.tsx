import { Children, type ReactNode } from 'react';
import { Table, TableBody, TableHead, TableHeader, TableRow } from '../ui/table.tsx';
import { EmptyTableRow } from './admin-page.tsx';

/**
 * One page of an admin list: the given headings, then the Actions column
 * every list ends with, and SPEC.md's empty text across all of them when the
 * page has no rows. The empty row's span follows the headings, so adding a
 * column cannot leave it short. On a phone each row is a card whose lines
 * are labelled with the headings (see Table).
 */
export function PagedTable({
  headings,
  emptyText,
  children,
}: {
  headings: string[];
  emptyText: ReactNode;
  /** One row per record. */
  children: ReactNode;
}) {
  return (
    <Table labels={[...headings, 'Actions']}>
      <TableHeader>
        <TableRow>
          {headings.map((heading) => (
            <TableHead key={heading}>{heading}</TableHead>
          ))}
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {Children.count(children) === 0 ? <EmptyTableRow columns={headings.length + 1}>{emptyText}</EmptyTableRow> : children}
      </TableBody>
    </Table>
  );
}

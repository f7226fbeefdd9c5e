import { Children, cloneElement, createContext, isValidElement, useContext, type ComponentProps, type ReactElement } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A table with `labels` (its column headings, in order) stacks on a phone
 * (under 640px): each row becomes a card and each cell a label/value pair,
 * the label taken from the cell's `data-label`, so nothing scrolls sideways.
 * From 640px up it is a plain table. Rows label their cells themselves from
 * the context, by position: a row gives every column a cell.
 *
 * Stacked, every part also names its table role: a browser drops the table
 * semantics of a `<table>` whose parts are displayed as blocks, and a screen
 * reader would then read the cards as loose text.
 */
const ColumnLabels = createContext<readonly string[] | null>(null);

/** The explicit role of a part of a stacked table; none for a plain one, whose elements carry their own. */
function useStackedRole(role: string): string | undefined {
  return useContext(ColumnLabels) === null ? undefined : role;
}

export function Table({ className, labels, ...props }: ComponentProps<'table'> & { labels?: readonly string[] }) {
  const stacked = labels !== undefined;
  return (
    <div
      data-slot="table-container"
      className={cn('relative w-full rounded-lg border border-border bg-card', stacked ? 'max-sm:overflow-x-visible sm:overflow-x-auto' : 'overflow-x-auto')}
    >
      <ColumnLabels.Provider value={labels ?? null}>
        <table
          data-slot="table"
          data-stacked={stacked ? '' : undefined}
          role={stacked ? 'table' : undefined}
          className={cn(
            'w-full caption-bottom text-sm',
            // On a phone: the headings stay for screen readers only, every row is a card of label/value lines.
            stacked &&
              'max-sm:block max-sm:[&_thead]:sr-only max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:px-3 max-sm:[&_tr]:py-2 max-sm:[&_td]:flex max-sm:[&_td]:min-w-0 max-sm:[&_td]:max-w-none max-sm:[&_td]:flex-wrap max-sm:[&_td]:items-center max-sm:[&_td]:justify-between max-sm:[&_td]:gap-x-3 max-sm:[&_td]:px-0 max-sm:[&_td]:py-1 max-sm:[&_td]:text-left max-sm:[&_td]:whitespace-normal max-sm:[&_td]:[overflow-wrap:anywhere] max-sm:[&_td[data-label]]:before:shrink-0 max-sm:[&_td[data-label]]:before:font-medium max-sm:[&_td[data-label]]:before:text-muted-foreground max-sm:[&_td[data-label]]:before:content-[attr(data-label)] max-sm:[&_td[colspan]]:justify-center',
            className,
          )}
          {...props}
        />
      </ColumnLabels.Provider>
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  const role = useStackedRole('rowgroup');
  return <thead data-slot="table-header" role={role} className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  const role = useStackedRole('rowgroup');
  return <tbody data-slot="table-body" role={role} className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, children, ...props }: ComponentProps<'tr'>) {
  const labels = useContext(ColumnLabels);
  let column = 0;
  const labelled = labels
    ? Children.map(children, (child) => {
        if (!isValidElement(child)) return child;
        const cell = child as ReactElement<{ 'data-label'?: string; colSpan?: number }>;
        const label = labels[column];
        column += cell.props.colSpan ?? 1;
        // A cell spanning every column (an empty list's text) needs no label.
        if (cell.props['data-label'] !== undefined || label === undefined || (cell.props.colSpan ?? 1) > 1) return cell;
        return cloneElement(cell, { 'data-label': label });
      })
    : children;
  return (
    <tr data-slot="table-row" role={labels ? 'row' : undefined} className={cn('border-b border-border transition-colors hover:bg-muted/50', className)} {...props}>
      {labelled}
    </tr>
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  const role = useStackedRole(props.scope === 'row' ? 'rowheader' : 'columnheader');
  return (
    <th
      data-slot="table-head"
      role={role}
      className={cn('h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-foreground', className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  const role = useStackedRole('cell');
  return <td data-slot="table-cell" role={role} className={cn('px-3 py-2 align-middle', className)} {...props} />;
}

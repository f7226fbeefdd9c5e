import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../app/components/ui/table.tsx';

const table = (labels?: readonly string[]) =>
  renderToStaticMarkup(
    h(
      Table,
      { labels },
      h(TableHeader, null, h(TableRow, null, h(TableHead, null, 'Name'), h(TableHead, null, 'Actions'))),
      h(TableBody, null, h(TableRow, null, h(TableCell, null, 'Ada'), h(TableCell, null, 'Edit'))),
    ),
  );

describe('Table', () => {
  it('names every part of a stacked table by its role, as its cards no longer display as a table', () => {
    const html = table(['Name', 'Actions']);
    expect(html).toMatch(/<table[^>]* role="table"/);
    expect(html).toMatch(/<thead[^>]* role="rowgroup"/);
    expect(html).toMatch(/<tbody[^>]* role="rowgroup"/);
    expect(html.match(/<tr[^>]* role="row"/g)).toHaveLength(2);
    expect(html.match(/<th[^>]* role="columnheader"/g)).toHaveLength(2);
    expect(html.match(/<td[^>]* role="cell"/g)).toHaveLength(2);
  });

  it('leaves a plain table to its elements', () => {
    expect(table()).not.toContain('role=');
  });
});

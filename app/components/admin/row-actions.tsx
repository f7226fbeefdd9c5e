import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import { Button } from '../ui/button.tsx';
import { DeleteButton } from './delete-button.tsx';

/**
 * A list row's edit link and delete button; `children` go first (a View
 * link). The delete posts the row's `id` to the list route's action, which
 * hands it to `deleteListedContent` (lib/admin-content.ts).
 */
export function RowActions({
  id,
  title,
  editTo,
  children,
}: {
  id: number;
  title: string;
  editTo: string;
  children?: ReactNode;
}) {
  const fetcher = useFetcher();
  return (
    <div className="flex justify-end gap-1">
      {children}
      <Button asChild variant="ghost" size="icon">
        <Link to={editTo}>
          <Pencil aria-hidden="true" />
          <span className="sr-only">Edit {title}</span>
        </Link>
      </Button>
      <DeleteButton
        title={title}
        isPending={fetcher.state !== 'idle'}
        onConfirm={() => void fetcher.submit({ id }, { method: 'post' })}
      />
    </div>
  );
}

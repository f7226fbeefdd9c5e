import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { describeFailure, withAdminSession } from '../../lib/admin-session.ts';
import { Button } from '../ui/button.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toast.ts';
import { DeleteButton } from './delete-button.tsx';

/**
 * A list row's edit link and delete button; `children` go first (a View
 * link). The delete posts the row's `id` to the list route's action, which
 * hands it to `deleteListedRecord`.
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

/**
 * The list route's action for `RowActions`' delete: deletes `${apiPath}/${id}`
 * and reports the outcome in a toast.
 *
 * @example
 * deleteListedRecord(request, '/admin/posts', { deleted: 'Post deleted', failureTitle: 'Error', failureFallback: 'Failed to delete post' })
 */
export async function deleteListedRecord(
  request: Request,
  apiPath: string,
  messages: { deleted: string; failureTitle: string; failureFallback: string },
) {
  const form = await request.formData();
  const id = Number(form.get('id'));
  return withAdminSession(async () => {
    try {
      await api.delete(`${apiPath}/${id}`);
      notifySuccess(messages.deleted);
      return { ok: true };
    } catch (error) {
      notifyError(messages.failureTitle, describeFailure(error, messages.failureFallback));
      return { ok: false };
    }
  });
}

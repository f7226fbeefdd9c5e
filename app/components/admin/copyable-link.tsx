import { Copy } from 'lucide-react';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';

/**
 * A private link staff pass on: read-only in a field that selects it whole
 * (to copy by hand where the browser allows no clipboard), with a "Copy
 * link" button beside it.
 */
export function CopyableLink({ id, label, url, labelHidden = false }: { id: string; label: string; url: string; labelHidden?: boolean }) {
  return (
    <>
      <Label htmlFor={id} className={labelHidden ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className="flex flex-wrap gap-2">
        <Input id={id} readOnly value={url} className="max-w-xl" onFocus={(event) => event.target.select()} />
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => notifySuccess('Link copied'),
              () => notifyError('Error', 'Copy the link from the field instead'),
            )
          }
        >
          <Copy aria-hidden="true" />
          Copy link
        </Button>
      </div>
    </>
  );
}

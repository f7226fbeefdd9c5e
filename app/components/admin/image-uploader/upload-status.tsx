import { X } from 'lucide-react';
import { Button } from '../../ui/button.tsx';

/** A running upload: how far it is, and the way to stop it. */
export function UploadProgress({ progress, onCancel }: { progress: number; onCancel: () => void }) {
  return (
    <div className="flex items-center gap-3">
      <progress className="h-2 flex-1" max={100} value={progress} aria-label="Upload progress" />
      <span role="status" className="text-sm">
        Uploading image… {progress}%
      </span>
      <Button type="button" variant="outline" size="sm" onClick={onCancel}>
        Cancel upload
      </Button>
    </div>
  );
}

/** The image the field holds: its address, and the way to clear it. */
export function ReadyImage({ url, onRemove }: { url: string; onRemove: () => void }) {
  return (
    <div className="grid justify-items-start gap-1">
      <p className="min-w-0 break-all text-xs text-muted-foreground" role="status">
        Image ready: {url}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onRemove}>
        <X aria-hidden="true" />
        Remove image
      </Button>
    </div>
  );
}

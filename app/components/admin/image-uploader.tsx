import { ImageUp, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { ALLOWED_IMAGE_TYPES } from '../../../common/schemas/media.ts';
import { IDLE_UPLOAD, uploadErrorMessage, uploadImage, type UploadState } from '../../lib/upload.ts';
import { Button } from '../ui/button.tsx';
import { Label } from '../ui/label.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toast.ts';

export const UPLOAD_HINT = 'PNG, JPG, GIF, WebP or SVG up to 10MB';

/** Uploads through the one API client (bearer token, refresh). */
export const callUploadApi = (path: string, init: { method: 'POST'; body: unknown }) => api.request(path, init);

/**
 * The featured (cover) image of a post or resource: pick a file, watch the
 * upload's progress, cancel it, see the address once it is ready
 * (SPEC.md sections 2, 4 and 8).
 */
export function ImageUploader({
  label,
  value,
  onChange,
  onUploadingChange,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  onUploadingChange: (isUploading: boolean) => void;
}) {
  const id = useId();
  const [state, setState] = useState<UploadState>(IDLE_UPLOAD);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const isUploading = state.status === 'uploading';

  useEffect(() => onUploadingChange(isUploading), [isUploading, onUploadingChange]);
  // Leaving the page stops the upload.
  useEffect(() => () => controller.current?.abort(), []);

  const upload = async (file: File) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    try {
      const url = await uploadImage(file, { callApi: callUploadApi, onStateChange: setState, signal: current.signal });
      onChange(url);
      notifySuccess('Image uploaded successfully.');
    } catch (error) {
      if (current.signal.aborted) notifyError('Upload cancelled.');
      else notifyError('Image upload failed', uploadErrorMessage(error));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ALLOWED_IMAGE_TYPES.join(',')}
        aria-describedby={`${id}-hint`}
        disabled={isUploading}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {UPLOAD_HINT}
      </p>
      {isUploading ? (
        <div className="flex items-center gap-3">
          <progress className="h-2 flex-1" max={100} value={state.progress} aria-label="Upload progress" />
          <span role="status" className="text-sm">
            Uploading image… {state.progress}%
          </span>
          <Button type="button" variant="outline" size="sm" onClick={() => controller.current?.abort()}>
            Cancel upload
          </Button>
        </div>
      ) : null}
      {state.status === 'failed' ? (
        <p role="alert" className="text-sm text-destructive">
          {state.error.message}
        </p>
      ) : null}
      {value && !isUploading ? (
        <div className="flex flex-wrap items-center gap-3">
          <img src={value} alt="" className="h-20 w-32 rounded-md border border-border object-cover" />
          <p className="min-w-0 flex-1 break-all text-sm" role="status">
            Image ready: {value}
          </p>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              onChange(null);
              setState(IDLE_UPLOAD);
            }}
          >
            <X aria-hidden="true" />
            Remove image
          </Button>
        </div>
      ) : null}
      {!value && !isUploading ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ImageUp aria-hidden="true" className="size-4" />
          No image yet
        </p>
      ) : null}
    </div>
  );
}

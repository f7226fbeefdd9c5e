import { ImageUp, X } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { ALLOWED_IMAGE_TYPES } from '../../../common/schemas/media.ts';
import { IDLE_UPLOAD, uploadErrorMessage, uploadImage, type UploadState } from '../../lib/upload.ts';
import { Button } from '../ui/button.tsx';
import { FieldError } from '../ui/field.tsx';
import { Label } from '../ui/label.tsx';
import { notifyError, notifySuccess } from '../../lib/admin-toasts.ts';

export const UPLOAD_HINT = 'PNG, JPG, GIF, WebP or SVG up to 10MB';

/** Uploads through the one API client (bearer token, refresh). */
export const callUploadApi = (path: string, init: { method: 'POST'; body: unknown }) => api.request(path, init);

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * The featured (cover) image of a post or resource: drop a file on the zone
 * or pick one, watch the upload's progress, cancel it, see the image and
 * its address once it is ready (SPEC.md sections 2, 4 and 8). The file
 * input stays the keyboard's and screen readers' way in: hidden from sight,
 * it is still focusable, and the zone shows its focus.
 */
export function ImageUploader({
  id,
  label,
  value,
  error,
  onChange,
  onUploadingChange,
}: {
  /** The file input's id (the editor focuses it when the address is refused). */
  id: string;
  label: string;
  value: string | null;
  /** The form's message about the address, if any. */
  error?: string | undefined;
  onChange: (url: string | null) => void;
  onUploadingChange: (isUploading: boolean) => void;
}) {
  const [state, setState] = useState<UploadState>(IDLE_UPLOAD);
  const [isDragging, setIsDragging] = useState(false);
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

  const describedBy = [`${id}-hint`, state.status === 'failed' ? `${id}-failure` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {/* A pointer's way in: a click anywhere opens the picker, a file dropped anywhere is uploaded. */}
      <div
        data-testid={`${id}-dropzone`}
        data-dragging={isDragging || undefined}
        className={cn(
          'relative grid cursor-pointer gap-3 rounded-lg border-2 border-dashed border-input p-4 text-center transition-colors',
          'hover:border-primary/60 has-[input:focus-visible]:border-primary has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring',
          isDragging && 'border-primary bg-primary/5',
          isUploading && 'cursor-progress',
        )}
        onClick={() => {
          if (!isUploading) input.current?.click();
        }}
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = isUploading ? 'none' : 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setIsDragging(false);
          const file = event.dataTransfer.files[0];
          if (file && !isUploading) void upload(file);
        }}
      >
        {value && !isUploading ? (
          <img src={value} alt="" className="mx-auto aspect-video w-full max-w-md rounded-md border border-border object-cover" />
        ) : (
          <ImageUp aria-hidden="true" className="mx-auto size-8 text-muted-foreground" />
        )}
        <p id={`${id}-instructions`} className="text-sm">
          <span className="font-medium text-primary">{value ? 'Replace the image' : 'Choose an image'}</span> or drag it
          here
        </p>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {UPLOAD_HINT}
        </p>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ALLOWED_IMAGE_TYPES.join(',')}
          aria-describedby={`${id}-instructions ${describedBy}`}
          aria-invalid={error || state.status === 'failed' ? true : undefined}
          disabled={isUploading}
          className="sr-only"
          // The zone's click handler opens the picker already.
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </div>
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
        <p id={`${id}-failure`} role="alert" className="text-sm font-medium text-destructive">
          {state.error.message}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {value && !isUploading ? (
        <div className="grid justify-items-start gap-1">
          <p className="min-w-0 break-all text-xs text-muted-foreground" role="status">
            Image ready: {value}
          </p>
          <Button
            type="button"
            variant="outline"
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
      {!value && !isUploading ? <p className="text-sm text-muted-foreground">No image yet</p> : null}
    </div>
  );
}

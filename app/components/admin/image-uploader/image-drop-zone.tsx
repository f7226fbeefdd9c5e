import { ImageUp } from 'lucide-react';
import { useState, type DragEvent, type RefObject } from 'react';
import { ALLOWED_IMAGE_TYPES } from '../../../../common/schemas/media.ts';
import { cn } from '../../../lib/cn.ts';

export const UPLOAD_HINT = 'PNG, JPG, GIF, WebP or SVG up to 10MB';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * The zone a file is dropped on or picked from, showing the current image.
 * A pointer's way in: a click anywhere opens the picker, a file dropped
 * anywhere is uploaded. The file input stays the keyboard's and screen
 * readers' way in: hidden from sight, it is still focusable, and the zone
 * shows its focus.
 */
export function ImageDropZone({
  id,
  value,
  isUploading,
  isInvalid,
  describedBy,
  inputRef,
  onFile,
}: {
  /** The file input's id. */
  id: string;
  /** The current image's address, if any. */
  value: string | null;
  isUploading: boolean;
  isInvalid: boolean;
  /** Ids of the messages about the input, besides the zone's own instructions. */
  describedBy: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File) => void;
}) {
  const [isDragging, setIsDragging] = useState(false);
  return (
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
        if (!isUploading) inputRef.current?.click();
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
        if (file && !isUploading) onFile(file);
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
        ref={inputRef}
        id={id}
        type="file"
        accept={ALLOWED_IMAGE_TYPES.join(',')}
        aria-describedby={`${id}-instructions ${describedBy}`}
        aria-invalid={isInvalid ? true : undefined}
        disabled={isUploading}
        className="sr-only"
        // The zone's click handler opens the picker already.
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
        }}
      />
    </div>
  );
}

import { FieldError } from '../../ui/field.tsx';
import { Label } from '../../ui/label.tsx';
import { ImageDropZone } from './image-drop-zone.tsx';
import { ReadyImage, UploadProgress } from './upload-status.tsx';
import { useImageUpload } from './use-image-upload.ts';

export interface ImageUploaderProps {
  /** The file input's id (the editor focuses it when the address is refused). */
  id: string;
  label: string;
  value: string | null;
  /** The form's message about the address, if any. */
  error?: string | undefined;
  onChange: (url: string | null) => void;
  onUploadingChange: (isUploading: boolean) => void;
}

/**
 * The featured (cover) image of a post or resource: drop a file on the zone
 * or pick one, watch the upload's progress, cancel it, see the image and
 * its address once it is ready (SPEC.md sections 2, 4 and 8).
 */
export function ImageUploader({ id, label, value, error, onChange, onUploadingChange }: ImageUploaderProps) {
  const { state, isUploading, inputRef, upload, cancel, reset } = useImageUpload({ onUploaded: onChange, onUploadingChange });
  const hasFailed = state.status === 'failed';
  const describedBy = [`${id}-hint`, hasFailed ? `${id}-failure` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <ImageDropZone
        id={id}
        value={value}
        isUploading={isUploading}
        isInvalid={Boolean(error) || hasFailed}
        describedBy={describedBy}
        inputRef={inputRef}
        onFile={(file) => void upload(file)}
      />
      {isUploading ? <UploadProgress progress={state.progress} onCancel={cancel} /> : null}
      {state.status === 'failed' ? (
        <p id={`${id}-failure`} role="alert" className="text-sm font-medium text-destructive">
          {state.error.message}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
      {value && !isUploading ? (
        <ReadyImage
          url={value}
          onRemove={() => {
            onChange(null);
            reset();
          }}
        />
      ) : null}
      {!value && !isUploading ? <p className="text-sm text-muted-foreground">No image yet</p> : null}
    </div>
  );
}

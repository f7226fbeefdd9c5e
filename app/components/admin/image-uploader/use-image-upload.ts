import { useEffect, useRef, useState, type RefObject } from 'react';
import { notifyError, notifySuccess } from '../../../lib/admin-toasts.ts';
import { api } from '../../../lib/api-client.ts';
import { IDLE_UPLOAD, uploadErrorMessage, uploadImage, type UploadState } from '../../../lib/upload.ts';

/** Uploads through the one API client (bearer token, refresh). */
export const callUploadApi = (path: string, init: { method: 'POST'; body: unknown }) => api.request(path, init);

export interface ImageUpload {
  state: UploadState;
  isUploading: boolean;
  /** The file input: emptied after each try, so the same file can be picked again. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** Uploads `file`, stopping any upload still running; the outcome is told in a toast. */
  upload: (file: File) => Promise<void>;
  cancel: () => void;
  /** Back to idle, forgetting a failed upload's message. */
  reset: () => void;
}

/**
 * One image upload at a time, with its progress, for the uploader's parts.
 * Leaving the page stops the upload.
 */
export function useImageUpload({
  onUploaded,
  onUploadingChange,
}: {
  onUploaded: (url: string) => void;
  onUploadingChange: (isUploading: boolean) => void;
}): ImageUpload {
  const [state, setState] = useState<UploadState>(IDLE_UPLOAD);
  const controller = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const isUploading = state.status === 'uploading';

  useEffect(() => onUploadingChange(isUploading), [isUploading, onUploadingChange]);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = async (file: File) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    try {
      const url = await uploadImage(file, { callApi: callUploadApi, onStateChange: setState, signal: current.signal });
      onUploaded(url);
      notifySuccess('Image uploaded successfully.');
    } catch (error) {
      if (current.signal.aborted) notifyError('Upload cancelled.');
      else notifyError('Image upload failed', uploadErrorMessage(error));
    } finally {
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return {
    state,
    isUploading,
    inputRef,
    upload,
    cancel: () => controller.current?.abort(),
    reset: () => setState(IDLE_UPLOAD),
  };
}

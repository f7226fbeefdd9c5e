/**
 * Image upload for the back office's editors (SPEC.md section 7): check the
 * file, ask the API for an upload address, PUT the file there with
 * progress, and return the path to store (`/uploads/…`, never with a host:
 * pages make it absolute from the site's configured address where they must).
 * States and messages are those of SPEC.md sections 4 and 8.
 */
import {
  findUploadProblem,
  mediaUploadUrlSchema,
  type MediaUploadUrl,
  type UploadProblemCode,
} from '../../common/schemas/media.ts';

export type UploadErrorCode = UploadProblemCode | 'PRESIGNED_URL_ERROR' | 'UPLOAD_CANCELLED' | 'UPLOAD_FAILED';

/** SPEC.md section 8's upload messages. */
export const UPLOAD_MESSAGES = {
  couldNotStart: "We couldn't start the upload. Please try again.",
  cancelled: 'Upload cancelled by user.',
  network: 'Network error while uploading. Please try again.',
  unexpected: 'Unexpected error while uploading the image. Please try again.',
  failed: 'Image upload failed. Please try again.',
  putFailed: 'File upload failed',
  fallback: 'Failed to upload image.',
} as const;

export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    readonly code: UploadErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** SPEC.md section 4: idle, uploading (0-100), success, cancelled, failed. */
export type UploadState =
  | { status: 'idle'; progress: 0 }
  | { status: 'uploading'; progress: number }
  | { status: 'success'; progress: 100; url: string }
  | { status: 'cancelled'; progress: 0; error: UploadError }
  | { status: 'failed'; progress: 0; error: UploadError };

export const IDLE_UPLOAD: UploadState = { status: 'idle', progress: 0 };

/**
 * The back office's API client: calls a path under /api with a JSON body
 * (bearer token included) and resolves with the parsed answer, or rejects
 * with an error carrying the server's `message` (and `code`, when it has one).
 */
export type CallApi = (path: string, init: { method: 'POST'; body: unknown }) => Promise<unknown>;

export interface UploadImageOptions {
  callApi: CallApi;
  /** Called with each new state, starting with `uploading` at 0. */
  onStateChange?: (state: UploadState) => void;
  /** Aborting cancels the upload, at any step. */
  signal?: AbortSignal;
  /** The XMLHttpRequest to send with (tests give a jsdom one). */
  createRequest?: () => XMLHttpRequest;
}

/** The file fields the upload needs (a `File` has them). */
export interface UploadFile extends Blob {
  readonly name: string;
}

/**
 * Uploads an image and resolves with the path to store for it. Every failure
 * rejects with an UploadError whose message is SPEC.md's, after reporting
 * `failed` (or `cancelled`) with progress back at 0.
 *
 * @example
 * const url = await uploadImage(file, {
 *   callApi: (path, init) => api.request(path, init),
 *   onStateChange: setUploadState,
 *   signal: controller.signal,
 * });
 */
export async function uploadImage(file: UploadFile, options: UploadImageOptions): Promise<string> {
  const report = (state: UploadState) => options.onStateChange?.(state);
  try {
    const problem = findUploadProblem({ type: file.type, size: file.size });
    if (problem) throw new UploadError(problem.code, problem.message);
    throwIfCancelled(options.signal);
    report({ status: 'uploading', progress: 0 });

    const target = await untilCancelled(requestUploadUrl(file, options.callApi), options.signal);
    throwIfCancelled(options.signal);
    await putFile(file, target.upload_url, options, (progress) => report({ status: 'uploading', progress }));

    report({ status: 'success', progress: 100, url: target.path });
    return target.path;
  } catch (caught) {
    const error = toUploadError(caught);
    report(
      error.code === 'UPLOAD_CANCELLED'
        ? { status: 'cancelled', progress: 0, error }
        : { status: 'failed', progress: 0, error },
    );
    throw error;
  }
}

/** The message to show for anything an upload threw. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof UploadError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return UPLOAD_MESSAGES.fallback;
}

// The server's own refusals keep their message; anything else is SPEC.md's "couldn't start".
const SERVER_REFUSALS: readonly string[] = [
  'INVALID_FILE_TYPE',
  'FILE_TOO_LARGE',
  'INVALID_S3_KEY',
  'VALIDATION_FAILED',
];

async function requestUploadUrl(file: UploadFile, callApi: CallApi): Promise<MediaUploadUrl> {
  let answer: unknown;
  try {
    answer = await callApi('/admin/media/upload-url', {
      method: 'POST',
      body: { fileName: file.name, contentType: file.type, fileSize: file.size },
    });
  } catch (error) {
    const {
      code,
      error: errorField,
      message,
    } = (error ?? {}) as { code?: unknown; error?: unknown; message?: unknown };
    const serverCode = typeof code === 'string' ? code : errorField;
    if (typeof serverCode === 'string' && SERVER_REFUSALS.includes(serverCode) && typeof message === 'string') {
      throw new UploadError(serverCode as UploadProblemCode, message);
    }
    throw new UploadError('PRESIGNED_URL_ERROR', UPLOAD_MESSAGES.couldNotStart);
  }
  const parsed = mediaUploadUrlSchema.safeParse(answer);
  if (!parsed.success) throw new UploadError('PRESIGNED_URL_ERROR', UPLOAD_MESSAGES.couldNotStart);
  return parsed.data;
}

function putFile(
  file: UploadFile,
  url: string,
  options: UploadImageOptions,
  onProgress: (progress: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = options.createRequest?.() ?? new XMLHttpRequest();
    const cancel = () => request.abort();
    const settle = (error?: UploadError) => {
      options.signal?.removeEventListener('abort', cancel);
      if (error) reject(error);
      else resolve();
    };
    let lastProgress = 0;
    request.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      const progress = Math.min(100, Math.max(lastProgress, Math.round((event.loaded / event.total) * 100)));
      if (progress === lastProgress) return;
      lastProgress = progress;
      onProgress(progress);
    });
    // Success is any 2xx (SPEC.md section 7).
    request.addEventListener('load', () =>
      settle(
        request.status >= 200 && request.status < 300
          ? undefined
          : new UploadError('UPLOAD_FAILED', UPLOAD_MESSAGES.putFailed),
      ),
    );
    request.addEventListener('error', () => settle(new UploadError('UPLOAD_FAILED', UPLOAD_MESSAGES.network)));
    request.addEventListener('timeout', () => settle(new UploadError('UPLOAD_FAILED', UPLOAD_MESSAGES.failed)));
    request.addEventListener('abort', () => settle(cancelled()));
    options.signal?.addEventListener('abort', cancel, { once: true });
    try {
      request.open('PUT', url);
      request.setRequestHeader('Content-Type', file.type);
      request.send(file);
    } catch {
      settle(new UploadError('UPLOAD_FAILED', UPLOAD_MESSAGES.unexpected));
    }
  });
}

const cancelled = () => new UploadError('UPLOAD_CANCELLED', UPLOAD_MESSAGES.cancelled);

function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw cancelled();
}

/** The promise's outcome, or a cancellation as soon as the signal aborts. */
function untilCancelled<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function toUploadError(error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  if (error instanceof Error) return new UploadError('UPLOAD_FAILED', UPLOAD_MESSAGES.unexpected);
  return new UploadError('UPLOAD_FAILED', UPLOAD_MESSAGES.fallback);
}

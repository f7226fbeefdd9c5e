/**
 * What a storage driver does. Two exist: local disk under DATA_DIR/uploads
 * (local.ts, the default) and an S3 bucket (s3.ts, when S3_BUCKET is set).
 * Keys are validated before they reach a driver (see media-keys.ts): an
 * upload's `uploads/…`, or a rendered social card's `cards/<version>.png`.
 */

/** What the upload address must bind: the one key, type and size. */
export interface UploadTarget {
  key: string;
  contentType: string;
  /** Exact size in bytes; null when the request did not declare one. */
  size: number | null;
}

export interface ReadOptions {
  /** The request's Range header, passed on as is. */
  range?: string | undefined;
  /** The request's If-None-Match header. */
  ifNoneMatch?: string | undefined;
}

export type ReadResult =
  | {
      status: 200 | 206;
      body: ReadableStream<Uint8Array>;
      /** Bytes in `body`. */
      length: number;
      etag: string | undefined;
      /** `bytes a-b/total`, for 206. */
      contentRange?: string | undefined;
    }
  | { status: 304; etag: string | undefined }
  | { status: 416; contentRange: string | undefined };

/** A whole stored file read only when it is at most a given size. */
export type CappedRead = { status: 'read'; bytes: Uint8Array } | { status: 'too_large'; size: number };

export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** The address the browser PUTs the file to: signed, expiring, bound to key, type and size. */
  createUploadUrl(target: UploadTarget, origin: string): Promise<string>;
  /** A stored file, honouring Range and If-None-Match; null when there is none. */
  read(key: string, options?: ReadOptions): Promise<ReadResult | null>;
  /** A whole stored file, for resizing (uploads are at most 25 MB); null when there is none. */
  readBytes(key: string): Promise<Uint8Array | null>;
  /**
   * A whole stored file when it has at most `maxBytes`; a larger one is
   * refused from its size, without being read. Null when there is none.
   */
  readUpTo(key: string, maxBytes: number): Promise<CappedRead | null>;
  /** Writes (or replaces) a whole file, atomically: readers see the old one or the new one. */
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Where reads are redirected, when they are not served by this server. */
  publicUrl(key: string): string | null;
}
